// Reading and validating a config file (see config-core.ts): a strict zod schema of ConfigFile. Imported only when a
// config file is used, so a run without one never loads zod.
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FORMAT_IDS, TARGET_IDS } from '../formats/catalog.js';
import type { Rule } from '../sdk/rule-api.js';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { parseJsonDocument } from '../loader/json-positions.js';
import { type ConfigFile, ConfigError, type LoadedConfig, SEVERITIES, unknownRule } from './config-core.js';
import { didYouMean } from './did-you-mean.js';
import { compileIgnores, type IgnoreMatcher, PatternError } from './files.js';
import { readRegularSync } from './read-regular.js';

const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/** ESLint's numeric severities, taken as their names. */
const NUMERIC_SEVERITIES: Record<number, (typeof SEVERITIES)[number]> = { 0: 'off', 1: 'warn', 2: 'error' };
const severitySchema = z.preprocess(
  (v) => (typeof v === 'number' && Object.hasOwn(NUMERIC_SEVERITIES, v) ? NUMERIC_SEVERITIES[v] : v),
  z.enum(SEVERITIES),
);
const ruleSettingSchema = z.union([severitySchema, z.tuple([severitySchema])], {
  error: 'expected "off", "warn" or "error" (or 0, 1, 2; no rule takes options)',
});

const patternSchema = z.string().min(1, 'an empty pattern matches nothing');

const overrideSchema = z.strictObject({
  files: z.array(patternSchema).min(1, 'name at least one pattern'),
  rules: z.record(z.string(), ruleSettingSchema).optional(),
});

const configSchema = z.strictObject({
  /** For editors: a JSON schema URL. Ignored. */
  $schema: z.string().optional(),
  target: z.enum(TARGET_IDS).optional(),
  inputFormat: z.enum(FORMAT_IDS).optional(),
  rules: z.record(z.string(), ruleSettingSchema).optional(),
  ignores: z.array(patternSchema).optional(),
  overrides: z.array(overrideSchema).optional(),
}) satisfies z.ZodType<ConfigFile>;

/**
 * Reads, parses and validates a config file. Throws ConfigError naming the file (as `name`, default the path given)
 * and the key on any problem.
 */
export async function loadConfigFile(
  filePath: string,
  options: { rules: readonly Rule[]; name?: string },
): Promise<LoadedConfig> {
  const { rules } = options;
  const absolute = path.resolve(filePath);
  filePath = options.name ?? filePath;
  let text: string;
  try {
    // A config is small: anything over 16 MiB (or not a regular file, such as -c /dev/zero) is refused unread.
    text = new TextDecoder().decode(readRegularSync(absolute, MAX_CONFIG_BYTES));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? isLink(absolute)
          ? 'it is a symbolic link to nothing'
          : 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'permission denied'
            : code === 'ELOOP'
              ? 'too many levels of symbolic links'
              : (err as Error).message;
    throw new ConfigError(`cannot read config ${filePath}: ${why}`, absolute);
  }
  let value: unknown;
  const json = blankComments(text.replace(/^\uFEFF/, ''));
  try {
    value = JSON.parse(json);
  } catch (err) {
    throw new ConfigError(`invalid config ${filePath}: ${jsonErrorWhere(json, (err as Error).message)}`, absolute);
  }
  // JSON.parse keeps the last of a repeated key: a second "rules" would drop the first without a word.
  const repeated = parseJsonDocument(json).repeatedKeys[0];
  if (repeated) {
    const where = repeated.object ? ` in ${keyPath(repeated.object)}` : '';
    throw new ConfigError(
      `invalid config ${filePath}: line ${repeated.line}, column ${repeated.column}: the key "${repeated.key}"${where} is given twice (JSON keeps only the last, so the first would be ignored); merge them`,
      absolute,
    );
  }
  const config = parseConfig(value, filePath, rules);
  const base = path.dirname(absolute);
  const compile = (patterns: readonly string[], key: string): IgnoreMatcher => {
    for (const [i, pattern] of patterns.entries()) {
      try {
        compileIgnores([pattern], base);
      } catch (err) {
        if (err instanceof PatternError)
          throw new ConfigError(`invalid config ${filePath}: ${key}[${i}]: ${err.message}`, absolute);
        throw err;
      }
    }
    return compileIgnores(patterns, base);
  };
  const loaded: LoadedConfig = { filePath: absolute, config };
  if (config.ignores) loaded.ignores = compile(config.ignores, 'ignores');
  if (config.overrides) loaded.overrides = config.overrides.map((o, i) => compile(o.files, `overrides[${i}].files`));
  return loaded;
}

/** Validates a parsed config value; `source` names it in errors. */
export function parseConfig(value: unknown, source: string, rules: readonly Rule[]): ConfigFile {
  // zod's record drops a "__proto__" key (it sets the prototype instead), so rule ids are checked on the parsed
  // JSON itself: every key there must be a rule.
  const ids = rules.map((r) => r.meta.id);
  const checkIds = (rawRules: unknown, at: string) => {
    if (!isPlainObject(rawRules)) return;
    for (const id of Object.keys(rawRules)) {
      if (!ids.includes(id))
        throw new ConfigError(`invalid config ${source}: ${at}.${id}: ${unknownRule(id, ids)}`, source);
    }
  };
  checkIds(isPlainObject(value) ? value.rules : undefined, 'rules');
  const rawOverrides = isPlainObject(value) ? value.overrides : undefined;
  if (Array.isArray(rawOverrides))
    for (const [i, o] of rawOverrides.entries())
      checkIds(isPlainObject(o) ? o.rules : undefined, `overrides.${i}.rules`);
  const parsed = configSchema.safeParse(value);
  if (!parsed.success)
    throw new ConfigError(`invalid config ${source}: ${describeIssue(parsed.error.issues[0]!, value)}`, source);
  return parsed.data;
}

const CONFIG_KEYS = ['$schema', 'target', 'inputFormat', 'rules', 'ignores', 'overrides'];
const OVERRIDE_KEYS = ['files', 'rules'];

/**
 * One problem of the config in one line, as `key.path: what is wrong`, with the closest known key or value when one
 * is near: the first of zod's issues (fixing it may settle the others).
 */
function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const at = issue.path.map(String).join('.');
  const prefix = at === '' ? '' : `${at}: `;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    // An override's keys (overrides.0.rule), or the top level's.
    const keys = issue.path[0] === 'overrides' ? OVERRIDE_KEYS : CONFIG_KEYS;
    const guess = didYouMean(key, keys);
    const where = at === '' ? key : `${at}.${key}`;
    return `${where}: unknown key${guess ? ` (did you mean "${guess}"?)` : ''}; the keys are ${keys.join(', ')}`;
  }
  // A severity with a typo ("of", "erorr"): say which one was meant.
  const given = issue.path.reduce<unknown>(
    (v, k) => (isPlainObject(v) ? v[String(k)] : Array.isArray(v) ? v[Number(k)] : undefined),
    value,
  );
  if ((issue.path[0] === 'rules' || issue.path[2] === 'rules') && typeof given === 'string') {
    // "warning" and "errors" are common: a severity the value starts with is the likely one.
    const guess = SEVERITIES.find((sev) => given.toLowerCase().startsWith(sev)) ?? didYouMean(given, SEVERITIES);
    return `${prefix}${JSON.stringify(given)} is not a severity: use "off", "warn" or "error"${guess ? ` (did you mean "${guess}"?)` : ''}`;
  }
  if (issue.code === 'invalid_value' && typeof given === 'string') {
    const values = issue.values.map(String);
    const guess = didYouMean(given, values);
    return `${prefix}${JSON.stringify(given)} is not one of ${values.map((v) => JSON.stringify(v)).join(', ')}${guess ? ` (did you mean "${guess}"?)` : ''}`;
  }
  // zod's "Invalid input: expected record, received array", in plain words.
  const kinds = /^Invalid input: expected (\w+), received (\w+)$/.exec(issue.message);
  if (kinds) return `${prefix}expected ${kindName(kinds[1]!)}, got ${kindName(kinds[2]!)}`;
  return `${prefix}${issue.message}`;
}

function kindName(kind: string): string {
  const name = kind === 'record' ? 'object' : kind;
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * "not valid JSON at line L, column C (what V8 says)": V8 gives a character position only ("… in JSON at position
 * 41"), which nobody counts in an editor; the document parser of requests knows the line and column.
 */
/** A JSON pointer as the config's other messages name a place: `rules.codex/arguments-json`. */
function keyPath(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

function jsonErrorWhere(json: string, message: string): string {
  const at = parseJsonDocument(json).error;
  if (!at) return `not valid JSON (${message})`;
  const what = message.replace(/ in JSON at position \d+.*$/s, '');
  return `not valid JSON at line ${at.line}, column ${at.column} (${what})`;
}

/**
 * JSONC, as tsconfig.json and Biome read it: each comment's characters become spaces (its line breaks stay), so the
 * lines and columns of later errors are those of the file. (jsonc-parser 3.3.1's stripComments does not keep them.)
 */
export function blankComments(text: string): string {
  const scanner = createScanner(text, false);
  let out = '';
  let copied = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    out += text.slice(copied, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    copied = end;
  }
  return out + text.slice(copied);
}
