// Reading and validating a config file (see config.ts): the strict zod schema, and Ajv for the rules' own option
// schemas. Imported only when a config file is used.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { rules as registry } from '../../rules/index.js';
import { type Rule, TARGETS, type Target } from '../sdk/rule-api.js';
import { ConfigError, type LoadedConfig, SEVERITIES, unknownRule } from './config-core.js';
import { compileIgnores, type IgnoreMatcher, PatternError } from './files.js';
import { readRegularSync } from './read-regular.js';

const MAX_CONFIG_BYTES = 16 * 1024 * 1024;
import { INPUT_FORMATS, type InputFormat } from './lint.js';

const severitySchema = z.enum(SEVERITIES);
const ruleSettingSchema = z.union([severitySchema, z.tuple([severitySchema]), z.tuple([severitySchema, z.unknown()])], {
  error: 'expected "off", "warn" or "error", or an array ["off" | "warn" | "error", options]',
});

const configSchema = z.strictObject({
  /** For editors: a JSON schema URL. Ignored. */
  $schema: z.string().optional(),
  target: z.enum(TARGETS as [Target, ...Target[]]).optional(),
  inputFormat: z.enum(INPUT_FORMATS as [InputFormat, ...InputFormat[]]).optional(),
  rules: z.record(z.string(), ruleSettingSchema).optional(),
  ignores: z.array(z.string().min(1, 'an empty pattern matches nothing')).optional(),
});

export type ConfigFile = z.infer<typeof configSchema>;
export type RuleSetting = NonNullable<ConfigFile['rules']>[string];

/**
 * Reads, parses and validates a config file. Throws ConfigError naming the file (as `name`, default the path given)
 * and the key on any problem.
 */
export async function loadConfigFile(
  filePath: string,
  options: { rules?: readonly Rule[]; name?: string } = {},
): Promise<LoadedConfig> {
  const { rules = registry } = options;
  const absolute = path.resolve(filePath);
  filePath = options.name ?? filePath;
  let text: string;
  try {
    // A config is small: anything over 16 MiB (or not a regular file, such as -c /dev/zero) is refused unread.
    text = new TextDecoder().decode(readRegularSync(absolute, MAX_CONFIG_BYTES));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message;
    throw new ConfigError(`cannot read config ${filePath}: ${why}`, absolute);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ConfigError(`invalid config ${filePath}: not valid JSON (${(err as Error).message})`, absolute);
  }
  const config = parseConfig(value, filePath, rules);
  let ignores: IgnoreMatcher | undefined;
  if (config.ignores) {
    for (const [i, pattern] of config.ignores.entries()) {
      try {
        compileIgnores([pattern], path.dirname(absolute));
      } catch (err) {
        if (err instanceof PatternError) throw new ConfigError(`invalid config ${filePath}: ignores[${i}]: ${err.message}`, absolute);
        throw err;
      }
    }
    ignores = compileIgnores(config.ignores, path.dirname(absolute));
  }
  return { filePath: absolute, config, ignores };
}

/** Validates a parsed config value; `source` names it in errors. */
export function parseConfig(value: unknown, source: string, rules: readonly Rule[] = registry): ConfigFile {
  // zod's record drops a "__proto__" key (it sets the prototype instead), so rule ids are checked on the parsed
  // JSON itself: every key there must be a rule.
  const rawRules = isPlainObject(value) ? value.rules : undefined;
  if (isPlainObject(rawRules)) {
    const ids = rules.map((r) => r.meta.id);
    for (const id of Object.keys(rawRules)) {
      if (!ids.includes(id)) throw new ConfigError(`invalid config ${source}: rules.${id}: ${unknownRule(id, ids)}`, source);
    }
  }
  const parsed = configSchema.safeParse(value);
  if (!parsed.success) throw new ConfigError(`invalid config ${source}:\n${z.prettifyError(parsed.error)}`, source);
  const config = parsed.data;
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  for (const [id, setting] of Object.entries(config.rules ?? {})) {
    const rule = byId.get(id);
    if (!rule) throw new ConfigError(`invalid config ${source}: rules.${id}: ${unknownRule(id, byId.keys())}`, source);
    if (Array.isArray(setting) && setting.length > 1) {
      const problem = checkRuleOptions(rule, setting[1]);
      if (problem) throw new ConfigError(`invalid config ${source}: rules.${id}[1]${problem}`, source);
    }
  }
  return config;
}

// One Ajv for every rule schema; a rule's validator is compiled the first time it is needed and then reused.
let ajv: Ajv2020 | undefined;
const validators = new WeakMap<object, ValidateFunction>();

/** Why `options` are not valid for `rule` (a suffix like `: must be object`), or undefined when they are. */
export function checkRuleOptions(rule: Rule, options: unknown): string | undefined {
  const schema = (rule.meta as { schema?: object | boolean }).schema;
  if (schema === undefined) {
    const empty = options === undefined || (isPlainObject(options) && Object.keys(options).length === 0);
    return empty ? undefined : `: ${rule.meta.id} takes no options (use "${rule.meta.id}": "<severity>")`;
  }
  if (typeof schema === 'boolean') return schema ? undefined : `: ${rule.meta.id} takes no options`;
  let validate = validators.get(schema);
  if (!validate) {
    // Loaded on first use: most configs set no rule options.
    ajv ??= new (createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020({ strict: true });
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(options)) return undefined;
  const err = validate.errors?.[0];
  return `${err?.instancePath.replaceAll('/', '.') ?? ''}: ${err?.message ?? 'invalid options'}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

