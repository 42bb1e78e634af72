// transcript-lint.config.json: where it is, what it may say, and how it combines with the command line.
//
//   { "target": "api", "inputFormat": "claude-code",
//     "rules": { "resume-branch": "off", "tool-use-has-result": ["error", {}] },
//     "ignores": ["fixtures/broken/**"] }
//
// - Found by walking up from the current folder to the filesystem root (the first one wins), unless `-c FILE` names
//   one or `--no-config` turns lookup off.
// - Parsed with a strict zod schema, so a typo'd key is an error, not a silently ignored setting. Every error names
//   the file and the key, and the CLI exits 2 on it.
// - Rule options (the second element of `[severity, options]`) are validated with Ajv (JSON Schema 2020-12) against
//   the rule's own `meta.schema`, compiled once per rule. A rule without a schema takes no options: they must be
//   absent or `{}`.
// - Precedence: command-line flags > config > the rule catalogue (severity per target).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { z } from 'zod';
import { rules as registry } from '../../rules/index.js';
import { type Rule, type Severity, TARGETS, type Target } from '../rule-api.js';
import { compileIgnores, type IgnoreMatcher, isIgnored, PatternError } from './files.js';
import { INPUT_FORMATS, type InputFormat } from './lint.js';

export const CONFIG_FILE_NAME = 'transcript-lint.config.json';

export const SEVERITIES = ['off', 'warn', 'error'] as const satisfies readonly Severity[];

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

/** A config that was found (or named) and validated. */
export interface LoadedConfig {
  /** Absolute path of the file. */
  filePath: string;
  config: ConfigFile;
  /** `ignores`, relative to the file's folder. */
  ignores?: IgnoreMatcher;
}

/** Anything wrong with a config file: the CLI prints the message and exits 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    readonly filePath?: string,
  ) {
    super(message);
  }
}

/** The first transcript-lint.config.json in `dir` or a folder above it; undefined when there is none. */
export async function findConfigFile(dir: string): Promise<string | undefined> {
  for (let current = path.resolve(dir); ; ) {
    const candidate = path.join(current, CONFIG_FILE_NAME);
    if (await stat(candidate).then((s) => s.isFile(), () => false)) return candidate;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

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
    text = await readFile(absolute, 'utf8');
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
    ajv ??= new Ajv2020({ strict: true });
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

/** "unknown rule", with the closest known id when one is near enough to be a typo. */
export function unknownRule(id: string, known: Iterable<string>): string {
  const guess = didYouMean(id, known);
  return `unknown rule "${id}"${guess ? ` (did you mean "${guess}"?)` : ''}`;
}

/** The candidate closest to `input` by edit distance, when it is close enough to be a typo of it. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(input.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  // A third of the length, at least 2: catches typos and a dropped word part without proposing nonsense.
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(input.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Combining the config with the command line.

/** What the command line says about rules and targets; each part wins over the config. */
export interface CliOverrides {
  target?: Target;
  inputFormat?: InputFormat;
  /** --rule id=severity, in the order given (a later one wins). */
  rules?: readonly (readonly [string, Severity])[];
  /** --select: only these rules run. */
  select?: readonly string[];
  /** --ignore: these rules do not run. */
  ignore?: readonly string[];
}

export interface EffectiveConfig {
  /** The config file used, if any. */
  configFile?: string;
  /** Undefined: the engine picks the default for the input format. */
  target?: Target;
  /** Undefined: detected per file. */
  inputFormat?: InputFormat;
  /**
   * Severities set by the config or the command line. Only rules someone configured are here: the others keep the
   * catalogue's severity for the target, including a rule's finer per-report severity.
   */
  severities: Map<string, Severity>;
  /** Options from the config, by rule id (validated). */
  ruleOptions: Map<string, unknown>;
  ignores?: IgnoreMatcher;
}

/**
 * Applies, in order: the config's rules, then --select (every rule not selected is off), then --ignore, then --rule
 * (the most specific flag has the last word). Throws ConfigError for an id no rule has.
 */
export function resolveConfig(
  loaded: LoadedConfig | undefined,
  cli: CliOverrides = {},
  rules: readonly Rule[] = registry,
): EffectiveConfig {
  const ids = rules.map((r) => r.meta.id);
  const known = new Set(ids);
  const check = (id: string, flag: string) => {
    if (!known.has(id)) throw new ConfigError(`${flag}: ${unknownRule(id, ids)}`);
  };
  for (const id of cli.select ?? []) check(id, '--select');
  for (const id of cli.ignore ?? []) check(id, '--ignore');
  for (const [id] of cli.rules ?? []) check(id, '--rule');

  const severities = new Map<string, Severity>();
  const ruleOptions = new Map<string, unknown>();
  for (const [id, setting] of Object.entries(loaded?.config.rules ?? {})) {
    const [severity, options] = Array.isArray(setting) ? setting : [setting];
    severities.set(id, severity);
    if (options !== undefined) ruleOptions.set(id, options);
  }
  if (cli.select) {
    const selected = new Set(cli.select);
    for (const id of ids) if (!selected.has(id)) severities.set(id, 'off');
  }
  for (const id of cli.ignore ?? []) severities.set(id, 'off');
  for (const [id, severity] of cli.rules ?? []) severities.set(id, severity);

  return {
    configFile: loaded?.filePath,
    target: cli.target ?? loaded?.config.target,
    inputFormat: cli.inputFormat ?? loaded?.config.inputFormat,
    severities,
    ruleOptions,
    ignores: loaded?.ignores,
  };
}

/** Whether the config's `ignores` skip this file. */
export function isIgnoredByConfig(config: EffectiveConfig, filePath: string): boolean {
  return config.ignores !== undefined && isIgnored(config.ignores, filePath);
}
