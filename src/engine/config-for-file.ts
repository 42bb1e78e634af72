// The config the CLI would use for one file, for library callers: the nearest transcript-lint.config.json above
// the file (or the one named), validated, with its `overrides` for the file, as the options lintFile and fixFile
// take, and whether its `ignores` skip the file. Throws ConfigError for a config that is not valid, as the CLI
// exits 2 on it.
import path from 'node:path';
import type { Rule } from '../sdk/rule-api.js';
import { findConfigFile, isIgnoredByConfig, lintOptionsOf, resolveConfig } from './config-core.js';
import type { LintOptions } from './lint.js';

export interface FileConfig {
  /** What to pass to lintFile / fixFile for this file. */
  options: LintOptions;
  /** The config file used; undefined when none applies. */
  configFile?: string;
  /** Whether the config's `ignores` skip this file (the CLI would not lint it). */
  ignored: boolean;
}

export async function configForFile(
  filePath: string,
  rules: readonly Rule[],
  /** A config file to use instead of the nearest one, or false for none (the CLI's -c and --no-config). */
  configFile?: string | false,
): Promise<FileConfig> {
  const file =
    configFile === false
      ? undefined
      : configFile !== undefined
        ? path.resolve(configFile)
        : await findConfigFile(path.dirname(path.resolve(filePath)));
  // zod, which validates the file, loads only when there is one.
  const loaded =
    file === undefined ? undefined : await (await import('./config-file.js')).loadConfigFile(file, { rules });
  const config = resolveConfig(loaded, {}, rules, path.resolve(filePath));
  return {
    options: lintOptionsOf(config),
    configFile: config.configFile,
    ignored: isIgnoredByConfig(config, path.resolve(filePath)),
  };
}
