// Which config applies to which file. As in ESLint, a config file applies to the files below its own folder: each
// input gets the nearest transcript-lint.config.json found by walking up from the file's folder (not from the
// cwd), so a repository's config that turns rules off never reaches sessions in ~/.claude/projects. `-c FILE`
// applies to every input; `--no-config` uses none. Every config is read and validated once, whatever the number of
// files below it. Files that its `overrides` pick share one effective config per set of overrides that apply.
import path from 'node:path';
import {
  type CliOverrides,
  type EffectiveConfig,
  findConfigFile,
  type LoadedConfig,
  matchingOverrides,
  resolveConfig,
} from '../engine/config-core.js';
import { displayPath } from '../formatters/display-path.js';
import type { Rule } from '../sdk/rule-api.js';
import type { LintCommand } from './args.js';
import type { CliIO } from './io.js';

export class ConfigScope {
  /** Per folder, the config file found from it (undefined: none). */
  private readonly foundFrom = new Map<string, Promise<string | undefined>>();
  /** Per config file, the file read and validated. */
  private readonly loaded = new Map<string, Promise<LoadedConfig>>();
  /** Per config file and set of overrides that apply (`file\0indexes`), its effective config with the command line. */
  private readonly effective = new Map<string, EffectiveConfig>();
  private readonly noConfig: EffectiveConfig;

  constructor(
    private readonly cmd: LintCommand,
    private readonly io: Pick<CliIO, 'cwd'>,
    private readonly rules: readonly Rule[],
  ) {
    // Also checks the command line's rule ids before anything is read.
    this.noConfig = resolveConfig(undefined, this.overrides(), rules);
  }

  /** The config for a file (or, with `isDir`, for the files of a folder). Throws ConfigError for a bad config. */
  async forPath(filePath: string, isDir = false): Promise<EffectiveConfig> {
    const file = await this.configFileFor(isDir ? filePath : path.dirname(filePath));
    if (file === undefined) return this.noConfig;
    let loading = this.loaded.get(file);
    if (!loading) {
      loading = this.load(file);
      this.loaded.set(file, loading);
    }
    const loaded = await loading;
    const target = isDir ? undefined : path.resolve(this.io.cwd, filePath);
    const key = `${file}\0${matchingOverrides(loaded, target).join(',')}`;
    let config = this.effective.get(key);
    if (!config) {
      config = resolveConfig(loaded, this.overrides(), this.rules, target);
      this.effective.set(key, config);
    }
    return config;
  }

  private configFileFor(dir: string): Promise<string | undefined> {
    if (this.cmd.config === false) return Promise.resolve(undefined);
    if (this.cmd.config !== undefined) return Promise.resolve(path.resolve(this.io.cwd, this.cmd.config));
    const key = path.resolve(this.io.cwd, dir);
    let found = this.foundFrom.get(key);
    if (!found) {
      found = findConfigFile(key);
      this.foundFrom.set(key, found);
    }
    return found;
  }

  private async load(file: string): Promise<LoadedConfig> {
    // Errors name the file as the user gave it, or relative to the cwd when it was found. zod loads only here.
    const { loadConfigFile } = await import('../engine/config-file.js');
    return loadConfigFile(file, {
      rules: this.rules,
      name:
        this.cmd.config !== undefined && this.cmd.config !== false ? this.cmd.config : displayPath(file, this.io.cwd),
    });
  }

  private overrides(): CliOverrides {
    const { cmd } = this;
    return {
      target: cmd.target,
      inputFormat: cmd.inputFormat,
      rules: cmd.rules,
      select: cmd.select,
      ignore: cmd.ignore,
    };
  }
}
