// Formatters by the name `--format` accepts, in the order `--help` lists them.
import { compact } from './compact.js';
import { github } from './github.js';
import { json } from './json.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

export const formatters = { stylish, compact, json, sarif, github } satisfies Record<string, Formatter>;

export type FormatName = keyof typeof formatters;

export const FORMAT_NAMES = Object.keys(formatters) as FormatName[];

export type { FormatContext, Formatter } from './types.js';
