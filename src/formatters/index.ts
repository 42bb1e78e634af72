// Formatters by the name `--format` accepts, in the order `--help` lists them.
import { compact } from './compact.js';
import { eslint } from './eslint.js';
import { gitlab } from './gitlab.js';
import { junit } from './junit.js';
import { rdjson } from './rdjson.js';
import { github } from './github.js';
import { json } from './json.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import { summary } from './summary.js';
import type { FormatName } from './names.js';
import type { Formatter } from './types.js';

export const formatters: Record<FormatName, Formatter> = {
  stylish,
  compact,
  summary,
  json,
  sarif,
  github,
  gitlab,
  junit,
  rdjson,
  eslint,
};

export { FORMAT_NAMES, type FormatName } from './names.js';

export type { FormatContext, Formatter, SessionRef } from './types.js';
