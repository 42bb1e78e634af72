// `transcript-lint [paths..]`: load the config, gather the inputs (paths, --session, stdin), lint or fix them, print
// one report (stdout, or the -o file), and turn the outcome into an exit code. Problems with the run itself (bad
// config, no input, unreadable files) go to stderr and mean exit 2.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rules as registry } from '../../rules/index.js';
import {
  ConfigError,
  type EffectiveConfig,
  findConfigFile,
  isIgnoredByConfig,
  type LoadedConfig,
  resolveConfig,
} from '../engine/config-core.js';
import {
  defaultSessionsDir,
  describeUnmatched,
  expandPaths,
  findSessionFiles,
  isSessionId,
  PLAIN_FOLDER_PATTERN,
} from '../engine/files.js';
import { defaultTarget, detectInputFormat, type InputFormat, type LintOptions, type LintResult, lintBytes } from '../engine/lint.js';
import { lintFilesParallel } from '../engine/parallel.js';
import { displayPath } from '../formatters/display-path.js';
import { formatters } from '../formatters/index.js';
import { neutralize } from '../formatters/neutralize.js';
import { formatStatistics } from '../formatters/statistics.js';
import { hiddenCount } from '../formatters/stylish.js';
import { appliesToInput, type Severity, severityFor, type Target } from '../rule-api.js';
import { type LintCommand, UsageError } from './args.js';
import { useColor } from './colors.js';
import { type CliIO, describeReadError, readStdin, warn } from './io.js';
import { createProgress, NO_PROGRESS, progressAllowed } from './progress.js';

/** One transcript to lint: a file, or stdin's bytes under a name. */
export interface Input {
  filePath: string;
  /** How the file is named in messages. */
  shown: string;
  /** Already read (stdin). */
  data?: Uint8Array;
}

const HUMAN_FORMATS = new Set(['stylish', 'compact']);
const STDIN_NAME = '<stdin>';
const plural = (n: number, word: string, many = `${word}s`): string => `${n} ${n === 1 ? word : many}`;

export async function runLint(cmd: LintCommand, io: CliIO): Promise<number> {
  let config: EffectiveConfig;
  try {
    config = resolveConfig(await loadConfig(cmd, io), {
      target: cmd.target,
      inputFormat: cmd.inputFormat,
      rules: cmd.rules,
      select: cmd.select,
      ignore: cmd.ignore,
    });
  } catch (err) {
    if (err instanceof ConfigError) {
      warn(io, err.message);
      return 2;
    }
    throw err;
  }
  if (cmd.printConfig !== undefined) return await printConfig(cmd.printConfig, config, io);

  const inputs = await gatherInputs(cmd, config, io);
  if (inputs === undefined) return 2;

  const options = lintOptions(cmd, config);
  const progress =
    progressAllowed({
      enabled: cmd.progress && !cmd.quiet && cmd.format === 'stylish' && cmd.outputFile === undefined,
      stderrIsTTY: io.stderrIsTTY,
      env: io.env,
    }) && inputs.length > 0
      ? createProgress(io.stderr, inputs.length, { label: cmd.fix === 'none' ? 'Linting' : 'Fixing', now: io.now })
      : NO_PROGRESS;
  // Anything said on stderr during the run first erases the progress line, so the two never share a line.
  const note = (message: string) => {
    progress.clear();
    warn(io, message);
  };

  if (cmd.fix !== 'none') {
    const { runFix } = await import('./fix-command.js');
    const run = await runFix(inputs, cmd, options, { cwd: io.cwd, note, onProgress: (n) => progress.update(n), writeFs: io.writeFs });
    progress.clear();
    if (cmd.fix === 'diff') {
      const diff = run.diffs.join('');
      // On a terminal the diff is for reading: transcript text must not drive it. Piped, it stays an exact patch.
      const safe = cmd.outputFile === undefined && io.stdoutIsTTY ? neutralize(diff) : diff;
      if (!(await emit(safe, cmd, io))) return 2;
      const what = run.diffs.length > 0 ? `${plural(run.diffs.length, 'file')} would be changed by --fix${cmd.unsafeFixes ? ' --unsafe-fixes' : ''}` : 'nothing to fix';
      warn(io, what);
      if (run.failed) return 2;
      return cmd.exitZero ? 0 : run.diffs.length > 0 ? 1 : 0;
    }
    if (!(await report(run.results, cmd, config, io))) return 2;
    if (cmd.fix === 'fix' && run.changedFiles > 0) {
      const backups = run.backups.map((b) => displayPath(b, io.cwd));
      const where = backups.length > 0 ? `; backups: ${backups.join(', ')}` : '';
      warn(io, `applied ${plural(run.fixes, 'fix', 'fixes')} in ${plural(run.changedFiles, 'file')}${where}`);
    }
    return exitCode(run.results, cmd, io, run.failed, run.changedFiles);
  }

  const results: LintResult[] = [];
  let unreadable = false;
  const fromDisk = inputs.filter((i) => i.data === undefined);
  for (const input of inputs) if (input.data !== undefined) results.push(lintBytes(input.filePath, input.data, options).result);
  const outcomes = await lintFilesParallel(
    fromDisk.map((i) => i.filePath),
    options,
    { jobs: cmd.jobs, onProgress: (done) => progress.update(done) },
  );
  progress.clear();
  for (const o of outcomes) {
    if (o.error) {
      unreadable = true;
      warn(io, describeReadError(displayPath(o.filePath, io.cwd), o.error));
    } else {
      results.push(o.result);
    }
  }
  if (!(await report(results, cmd, config, io))) return 2;
  return exitCode(results, cmd, io, unreadable, 0);
}

/** The config file to use: -c FILE, none with --no-config, else the nearest one from the cwd up. */
async function loadConfig(cmd: LintCommand, io: CliIO): Promise<LoadedConfig | undefined> {
  if (cmd.config === false) return undefined;
  const file = cmd.config !== undefined ? path.resolve(io.cwd, cmd.config) : await findConfigFile(io.cwd);
  if (file === undefined) return undefined;
  // Errors name the file as the user gave it, or relative to the cwd when it was found. zod (and Ajv) load only here.
  const { loadConfigFile } = await import('../engine/config-file.js');
  return loadConfigFile(file, { name: cmd.config !== undefined ? cmd.config : displayPath(file, io.cwd) });
}

function lintOptions(cmd: LintCommand, config: EffectiveConfig): LintOptions {
  // The target and input format go to the engine only when someone chose them: otherwise the engine picks the input
  // format per file and the target that suits it.
  const options: LintOptions = {};
  if (config.target !== undefined) options.target = config.target;
  if (config.inputFormat !== undefined) options.inputFormat = config.inputFormat;
  if (config.severities.size > 0) options.severities = config.severities;
  if (cmd.maxLineBytes !== undefined) options.maxLineBytes = cmd.maxLineBytes;
  return options;
}

/** The inputs, or undefined (after saying why) when the run cannot start or a path matched nothing. */
async function gatherInputs(cmd: LintCommand, config: EffectiveConfig, io: CliIO): Promise<Input[] | undefined> {
  if (cmd.stdin) {
    const name = cmd.stdinFilename;
    const filePath = name === undefined ? STDIN_NAME : path.resolve(io.cwd, name);
    if (name !== undefined && isIgnoredByConfig(config, filePath)) {
      warn(io, `${name} is skipped by the "ignores" of ${displayPath(config.configFile!, io.cwd)}`);
      return [];
    }
    return [{ filePath, shown: name ?? STDIN_NAME, data: await readStdin(io.stdin) }];
  }

  const sessionsDir = defaultSessionsDir(io.env, io.homedir);
  const unmatched: string[] = [];
  const files = new Set<string>();
  for (const id of cmd.sessions) {
    if (!isSessionId(id)) throw new UsageError(`--session ${JSON.stringify(id)} is not a session id (the name of a .jsonl file, without .jsonl)`);
    const found = await findSessionFiles(sessionsDir, id, { sidechains: cmd.sessionSidechains });
    if (found.length === 0) unmatched.push(`no session ${id} in ${sessionsDir}`);
    for (const f of found) files.add(f);
  }

  let patterns = cmd.paths;
  if (patterns.length === 0 && cmd.sessions.length === 0) {
    const dir = await defaultPatterns(io);
    if (dir === undefined) return undefined;
    patterns = [dir];
  }
  // Requests and message lists are usually .json files: a folder is searched for them too when the input is one.
  const plain = config.inputFormat !== undefined && config.inputFormat !== 'claude-code';
  const expansion = await expandPaths(patterns, io.cwd, {
    ignores: config.ignores,
    ...(plain ? { folderPattern: PLAIN_FOLDER_PATTERN } : {}),
  });
  for (const u of expansion.unmatched) unmatched.push(describeUnmatched(u));
  for (const f of expansion.files) files.add(f);
  for (const f of expansion.ignored) {
    warn(io, `${displayPath(f, io.cwd)} is skipped by the "ignores" of ${displayPath(config.configFile!, io.cwd)}`);
  }
  // A typo'd path or glob must not pass CI green with "0 files linted" (pitfall 8), unless the user says it may.
  for (const message of unmatched) warn(io, message);
  if (unmatched.length > 0 && cmd.errorOnUnmatchedPattern) return undefined;

  const sorted = [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.map((filePath) => ({ filePath, shown: displayPath(filePath, io.cwd) }));
}

/** With no paths, lint every session Claude Code has stored; undefined (after saying why) when there are none. */
async function defaultPatterns(io: CliIO): Promise<string | undefined> {
  const dir = defaultSessionsDir(io.env, io.homedir);
  const isDir = await stat(dir).then((s) => s.isDirectory(), () => false);
  if (isDir) return dir;
  warn(io, `no paths given, and the Claude Code sessions folder ${dir} does not exist; pass files, folders or globs (or set CLAUDE_CONFIG_DIR)`);
  return undefined;
}

/** Formats and prints the report (to stdout or -o); false when the -o file could not be written. */
async function report(results: LintResult[], cmd: LintCommand, config: EffectiveConfig, io: CliIO): Promise<boolean> {
  const shown = cmd.quiet ? results.map(errorsOnly) : results;
  const human = HUMAN_FORMATS.has(cmd.format);
  const maxDiagnostics = human ? cmd.maxDiagnostics : undefined;
  // A report written to a file gets colour only when asked for explicitly; FORCE_COLOR is meant for terminals.
  const color =
    cmd.format === 'stylish' &&
    (cmd.outputFile !== undefined ? cmd.color === true : useColor({ flag: cmd.color, env: io.env, isTTY: io.stdoutIsTTY }));
  // sarif describes each rule's default level for one target: the chosen one, or the one every file was judged for.
  const targets = new Set(results.map((r) => r.target).filter(Boolean));
  const target = config.target ?? (targets.size === 1 ? [...targets][0] : undefined);
  let text = formatters[cmd.format](shown, { cwd: io.cwd, color, target, maxDiagnostics });
  if (cmd.statistics) {
    const stats = formatStatistics(shown, registry.map((r) => r.meta));
    // Human reports get them after the report; machine formats stay parseable, so the table goes to stderr.
    if (human) text += `\n${stats}`;
    else io.stderr.write(stats);
  }
  if (!(await emit(text, cmd, io))) return false;
  // compact keeps one problem per line, so what --max-diagnostics left out is said here.
  const hidden = cmd.format === 'compact' ? hiddenCount(shown, maxDiagnostics) : 0;
  if (hidden > 0) warn(io, `${plural(hidden, 'more problem')} not shown (--max-diagnostics ${maxDiagnostics})`);
  return true;
}

/** Writes the report to stdout, or to the -o file (creating its folder); false after saying why it failed. */
async function emit(text: string, cmd: LintCommand, io: CliIO): Promise<boolean> {
  if (cmd.outputFile === undefined) {
    io.stdout.write(text);
    return true;
  }
  const file = path.resolve(io.cwd, cmd.outputFile);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    return true;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    warn(io, `cannot write the report to ${cmd.outputFile}: ${e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : e.code === 'EISDIR' ? 'is a directory' : e.message}`);
    return false;
  }
}

/** --quiet: the report keeps errors only (ESLint); the exit code is computed from the full results. */
function errorsOnly(r: LintResult): LintResult {
  const diagnostics = r.diagnostics.filter((d) => d.severity === 'error');
  return {
    ...r,
    diagnostics,
    warningCount: 0,
    fixableCount: diagnostics.filter((d) => d.fix?.applicability === 'safe').length,
    unsafeFixableCount: diagnostics.filter((d) => d.fix?.applicability === 'unsafe').length,
  };
}

/**
 * 2 when the run itself failed; otherwise (unless --exit-zero) 1 for errors, for more warnings than --max-warnings,
 * or for a file --fix changed under --exit-non-zero-on-fix; else 0. Always from the unfiltered results (--quiet).
 */
function exitCode(results: readonly LintResult[], cmd: LintCommand, io: CliIO, failed: boolean, changedFiles: number): number {
  if (failed) return 2;
  if (cmd.exitZero) return 0;
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  let code = errors > 0 ? 1 : 0;
  if (cmd.maxWarnings >= 0 && warnings > cmd.maxWarnings) {
    warn(io, `too many warnings: ${warnings}, the maximum is ${cmd.maxWarnings} (--max-warnings)`);
    code = 1;
  }
  if (cmd.exitNonZeroOnFix && changedFiles > 0) code = 1;
  return code;
}

/**
 * --print-config FILE: the settings a run would use for that file, as JSON. Without a chosen input format it is
 * detected from the file (when it can be read), and the target follows from it as in a real run.
 */
async function printConfig(file: string, config: EffectiveConfig, io: CliIO): Promise<number> {
  const filePath = path.resolve(io.cwd, file);
  let inputFormat: InputFormat | undefined = config.inputFormat;
  let inputFormatFrom: 'option' | 'detected' | null = inputFormat !== undefined ? 'option' : null;
  if (inputFormat === undefined) {
    const data = await readFile(filePath).catch(() => undefined);
    if (data !== undefined) {
      inputFormat = detectInputFormat(data);
      inputFormatFrom = 'detected';
    }
  }
  // An unreadable file with no chosen format: a Claude Code session is what a run would most likely find.
  const target: Target = config.target ?? defaultTarget(inputFormat ?? 'claude-code');
  const rules: Record<string, Severity | [Severity, unknown]> = {};
  for (const { meta } of registry) {
    const severity = config.severities.get(meta.id) ?? severityFor(meta, target);
    rules[meta.id] = config.ruleOptions.has(meta.id) ? [severity, config.ruleOptions.get(meta.id)] : severity;
  }
  const doc = {
    filePath,
    configFile: config.configFile ?? null,
    ignored: isIgnoredByConfig(config, filePath),
    inputFormat: inputFormat ?? null,
    inputFormatFrom,
    target,
    targetFrom: config.target !== undefined ? 'option' : 'input-format',
    rules,
    // Rules that never run on this input format, whatever their severity (storage rules on a request file).
    notApplicable: inputFormat === undefined ? [] : registry.filter((r) => !appliesToInput(r.meta, inputFormat)).map((r) => r.meta.id),
  };
  io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}
