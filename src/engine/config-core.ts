// The light part of the config (see config.ts): where the file is, how it combines with the command line, and the
// errors. It loads neither zod nor Ajv, so a run without a config file never pays for them: config-file.ts, which
// reads and validates a file, is imported only when there is one.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Rule, Severity, Target } from '../sdk/rule-api.js';
import { CONFIG_FILE_NAME } from './config-names.js';
import { didYouMean } from './did-you-mean.js';
import { type IgnoreMatcher, isIgnored } from './files.js';
import type { LintOptions } from './lint.js';

/** A severity, or `[severity]` (ESLint's array form; no rule takes options). */
export type RuleSetting = Severity | [Severity];

/** What a config file may say (config-file.ts checks a file against exactly this). */
export interface ConfigFile {
  /** For editors: a JSON schema URL. Ignored. */
  $schema?: string;
  target?: Target;
  inputFormat?: string;
  rules?: Record<string, RuleSetting>;
  ignores?: string[];
  /** Rule settings for some files only, applied in order over `rules` (ESLint's `files` blocks, Biome's overrides). */
  overrides?: ConfigOverride[];
}

/** One entry of `overrides`: the files it applies to (globs relative to the config's folder) and their rules. */
export interface ConfigOverride {
  files: string[];
  rules?: Record<string, RuleSetting>;
}

export { CONFIG_FILE_NAME, SEVERITIES } from './config-names.js';

/** A config that was found (or named) and validated. */
export interface LoadedConfig {
  /** Absolute path of the file. */
  filePath: string;
  config: ConfigFile;
  /** `ignores`, relative to the file's folder. */
  ignores?: IgnoreMatcher;
  /** Each override's `files`, compiled, in the order of `config.overrides`. */
  overrides?: readonly IgnoreMatcher[];
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
    // Anything there by that name is the config: a folder, a FIFO or a broken link is then refused by name when it is
    // loaded, rather than skipped for a config further up (or none) without a word.
    if (
      await lstat(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** "unknown rule", with the closest known id when one is near enough to be a typo. */
export function unknownRule(id: string, known: Iterable<string>): string {
  const guess = didYouMean(id, known);
  return `unknown rule "${id}"${guess ? ` (did you mean "${guess}"?)` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Combining the config with the command line.

/** The rule that says a file is of no format we read. */
const KNOWN_FORMAT = 'known-format';

/** What the command line says about rules and targets; each part wins over the config. */
export interface CliOverrides {
  target?: Target;
  inputFormat?: string;
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
  inputFormat?: string;
  /** Who chose the target and the input format: the command line or the config file. */
  targetFrom?: 'option' | 'config';
  inputFormatFrom?: 'option' | 'config';
  /**
   * Severities set by the config or the command line. Only rules someone configured are here: the others keep the
   * catalogue's severity for the target, including a rule's finer per-report severity.
   */
  severities: Map<string, Severity>;
  /** Who set each severity in `severities`: `rules`, `overrides[N]` (of the config file), or the flag. */
  origins: Map<string, string>;
  /** The indexes of the config's overrides that apply (empty when none does, or for a folder). */
  overrides: readonly number[];
  ignores?: IgnoreMatcher;
}

/**
 * The indexes of the config's overrides whose `files` match the file (a path relative to the config's folder, as
 * `ignores` are matched: a pattern naming a folder covers the files below it; `!` excludes again).
 */
export function matchingOverrides(loaded: LoadedConfig | undefined, filePath: string | undefined): number[] {
  if (loaded?.overrides === undefined || filePath === undefined) return [];
  const out: number[] = [];
  for (const [i, files] of loaded.overrides.entries()) if (isIgnored(files, filePath)) out.push(i);
  return out;
}

/**
 * Applies, in order: the config's rules, then its overrides that match `filePath` (later ones win), then --select
 * (every rule not selected is off), then --ignore, then --rule (the most specific flag has the last word). Throws
 * ConfigError for an id no rule has.
 */
export function resolveConfig(
  loaded: LoadedConfig | undefined,
  cli: CliOverrides,
  rules: readonly Rule[],
  /** The file linted (absolute): picks the overrides; undefined for none (a folder's settings). */
  filePath?: string,
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
  const origins = new Map<string, string>();
  const set = (id: string, severity: Severity, origin: string) => {
    severities.set(id, severity);
    origins.set(id, origin);
  };
  for (const [id, setting] of Object.entries(loaded?.config.rules ?? {})) {
    set(id, Array.isArray(setting) ? setting[0] : setting, 'rules');
  }
  const overrides = matchingOverrides(loaded, filePath);
  for (const i of overrides) {
    for (const [id, setting] of Object.entries(loaded!.config.overrides![i]!.rules ?? {}))
      set(id, Array.isArray(setting) ? setting[0] : setting, `overrides[${i}]`);
  }
  if (cli.select) {
    const selected = new Set(cli.select);
    // known-format stays on: a file of no known format must never read as clean because other rules were picked
    // (turning it off takes its own --ignore or --rule).
    for (const id of ids) if (!selected.has(id) && id !== KNOWN_FORMAT) set(id, 'off', '--select');
  }
  for (const id of cli.ignore ?? []) set(id, 'off', '--ignore');
  for (const [id, severity] of cli.rules ?? []) set(id, severity, '--rule');

  return {
    configFile: loaded?.filePath,
    target: cli.target ?? loaded?.config.target,
    inputFormat: cli.inputFormat ?? loaded?.config.inputFormat,
    targetFrom: sourceOf(cli.target, loaded?.config.target),
    inputFormatFrom: sourceOf(cli.inputFormat, loaded?.config.inputFormat),
    severities,
    origins,
    overrides,
    ignores: loaded?.ignores,
  };
}

function sourceOf(option: unknown, config: unknown): 'option' | 'config' | undefined {
  if (option !== undefined) return 'option';
  return config !== undefined ? 'config' : undefined;
}

/** Whether the config's `ignores` skip this file. */
export function isIgnoredByConfig(config: EffectiveConfig, filePath: string): boolean {
  return config.ignores !== undefined && isIgnored(config.ignores, filePath);
}

/**
 * The engine's options from a resolved config. The target and input format are set only when someone chose them:
 * otherwise the engine picks the input format per file and the target that suits it.
 */
export function lintOptionsOf(config: EffectiveConfig): LintOptions {
  const options: LintOptions = {};
  if (config.target !== undefined) options.target = config.target;
  if (config.inputFormat !== undefined) options.inputFormat = config.inputFormat;
  if (config.severities.size > 0) options.severities = config.severities;
  return options;
}
