// Formatters by the name `--format` accepts.
import { json } from './json.js';
import { stylish } from './stylish.js';
import type { Formatter } from './types.js';

export const formatters = { stylish, json } satisfies Record<string, Formatter>;

export type FormatName = keyof typeof formatters;

export const FORMAT_NAMES = Object.keys(formatters) as FormatName[];

export type { FormatContext, Formatter } from './types.js';
