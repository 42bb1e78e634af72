// `transcript-lint [paths..]`: load the config, gather the inputs (paths, --session, stdin), lint or fix them, print
// one report (stdout, or the -o file), and turn the outcome into an exit code. Problems with the run itself (bad
// config, no input, unreadable files) go to stderr and mean exit 2.
import path from 'node:path';
import { ConfigError, type EffectiveConfig, lintOptionsOf } from '../engine/config-core.js';
import type { Linter, LintOptions, LintResult } from '../engine/lint.js';
import { lintFilesParallel } from '../engine/parallel.js';
import { cacheFilePath, LintCache, type Miss, optionsKeyOf, toolKeyOf } from '../engine/lint-cache.js';
import { UNKNOWN_FORMAT_ID } from '../formats/catalog.js';
import { displayPath } from '../formatters/display-path.js';
import type { Formatter } from '../formatters/index.js';
import type { FormatName } from '../formatters/names.js';
import type { DiffView } from '../formatters/diff-view.js';
import { formatStatistics } from '../formatters/statistics.js';
import { hiddenCount } from '../formatters/stylish.js';
import type { FileFailure } from '../formatters/types.js';
import type { Target } from '../sdk/rule-api.js';
import type { LintCommand } from './args.js';
import { keepRun, recordSessionRoots, type RunRecorder } from './cached-run.js';
import { useColor } from './colors.js';
import { ConfigScope } from './config-scope.js';
import { gatherInputs } from './gather-inputs.js';
import type { Input } from './inputs.js';
import { type CliIO, describeReadError, terminalWidth, warn } from './io.js';
import { printConfig } from './print-config.js';
import { createProgress, NO_PROGRESS, progressAllowed, readDetail } from './progress.js';
import { emit, outputConflict } from './report-output.js';
import { workerUrl } from './worker-url.js';
import { plural } from './plural.js';
import { sessionRefs } from './session-refs.js';
import { targetNotes } from './target-notes.js';
import { pushAll, appendTo } from '../model/arrays.js';

/** What the lint command works with: the composition root's linter and formatters. */
export interface Composition {
  linter: Linter;
  formatters: Readonly<Record<FormatName, Formatter>>;
}

/** What the progress line says: only --fix writes, so only --fix says "Fixing". */
const PROGRESS_LABEL: Record<LintCommand['fix'], string> = {
  none: 'Linting',
  fix: 'Fixing',
  'dry-run': 'Checking fixes',
  diff: 'Checking fixes',
};

const HUMAN_FORMATS = new Set(['stylish', 'compact', 'summary']);
/** The formats that may be coloured. */
const COLORED_FORMATS = new Set(['stylish', 'summary']);

export async function runLint(
  cmd: LintCommand,
  io: CliIO,
  { linter, formatters }: Composition,
  recorder?: RunRecorder,
): Promise<number> {
  let scope: ConfigScope;
  let inputs: Input[] | undefined;
  const failures: FileFailure[] = [];
  try {
    scope = new ConfigScope(cmd, io, linter.rules);
    if (cmd.printConfig !== undefined) {
      const file = path.resolve(io.cwd, cmd.printConfig);
      return printConfig(file, await scope.forPath(file), linter, io);
    }
    // --cache, a run of the sessions folders: what their walk reads, before it (cached-run.ts).
    if (recorder && cmd.paths.length === 0) recordSessionRoots(recorder, linter, io);
    inputs = await gatherInputs(cmd, linter, scope, io, failures);
  } catch (err) {
    if (err instanceof ConfigError) {
      warn(io, err.message);
      return 2;
    }
    throw err;
  }
  if (inputs === undefined) return 2;
  if (cmd.outputFile !== undefined) {
    const conflict = outputConflict(
      cmd.outputFile,
      inputs.filter((i) => i.data === undefined).map((i) => i.filePath),
      io.cwd,
      cmd.fix !== 'fix' || cmd.backup === false
        ? false
        : { dir: typeof cmd.backup === 'string' ? cmd.backup : undefined },
    );
    if (conflict !== undefined) {
      warn(io, conflict);
      return 2;
    }
  }

  const progress =
    progressAllowed({
      enabled: cmd.progress && !cmd.quiet && cmd.format === 'stylish' && cmd.outputFile === undefined,
      stderrIsTTY: io.stderrIsTTY,
      env: io.env,
    }) && inputs.length > 0
      ? createProgress(io.progressOut ?? io.stderr, inputs.length, {
          label: PROGRESS_LABEL[cmd.fix],
          now: io.now,
          // The terminal's own width (COLUMNS, or stdout's when it is the terminal too), not the wrap width.
          width: Number(io.env.COLUMNS) > 0 ? Number(io.env.COLUMNS) : io.columns,
        })
      : NO_PROGRESS;
  // Anything said on stderr during the run first erases the progress line, so the two never share a line.
  const note = (message: string) => {
    progress.clear();
    warn(io, message);
  };
  const groups = byConfig(inputs);
  const context: ReportContext = {
    failures,
    configFiles: configFilesOf(groups),
    target: cmd.target ?? singleConfigTarget(groups),
  };

  if (cmd.fix !== 'none') {
    const { runFix, mergeFixRuns, fixSummary, dryRunSummary, nothingToFix } = await import('./fix-command.js');
    let done = 0;
    const runs = [];
    for (const group of groups) {
      runs.push(
        await runFix(linter, group.inputs, cmd, lintOptions(cmd, group.config), {
          cwd: io.cwd,
          note,
          diffView: cmd.fix === 'diff' ? diffView(cmd, io) : undefined,
          onProgress: () => progress.update(++done),
          onReading: (pass, read, size) => progress.update(done, readDetail(read, size, pass)),
          writeFs: io.writeFs,
        }),
      );
    }
    progress.clear();
    const run = mergeFixRuns(runs);
    if (cmd.ignoreUnknown) run.results = knownOnly(run.results);
    sortByInput(run.results, inputs);
    if (cmd.fix === 'diff') {
      const diff = Buffer.concat(run.diffs);
      // On a terminal the diff is for reading, and its view already showed transcript text as escapes. Piped, it
      // stays an exact patch (coloured only with --color).
      if (!emit(diff, cmd, io)) return 2;
      const what =
        run.diffs.length > 0
          ? `${plural(run.diffs.length, 'file')} would be changed by --fix${cmd.unsafeFixes ? ' --unsafe-fixes' : ''}`
          : nothingToFix(run);
      warn(io, what);
      if (run.failed) return 2;
      return cmd.exitZero ? 0 : run.diffs.length > 0 ? 1 : 0;
    }
    pushAll(context.failures, run.failures);
    if (!(await report(run.results, cmd, context, { linter, formatters }, io))) return 2;
    for (const message of targetNotes(run.results, inputs, linter)) warn(io, message);
    if (cmd.fix === 'fix' && run.changedFiles > 0)
      warn(
        io,
        fixSummary(run, cmd, (p) => displayPath(p, io.cwd)),
      );
    if (cmd.fix === 'dry-run') warn(io, dryRunSummary(run));
    for (const message of run.warnings) warn(io, message);
    return exitCode(run.results, cmd, io, run.failed || failures.length > 0, run.changedFiles);
  }

  const results: LintResult[] = [];
  /** The files linted from disk, with the key of their options (a whole run is kept only when each has its entry). */
  const linted: { filePath: string; optionsKey: string | undefined }[] = [];
  let done = 0;
  // --cache: files unchanged since it was written are answered from it (engine/lint-cache.ts); --fix never reads it.
  const cache = cmd.cache && openCache(cmd.cache, io, linter, note);
  for (const group of groups) {
    const options = lintOptions(cmd, group.config);
    for (const input of group.inputs) {
      if (input.data !== undefined) {
        results.push(linter.lintBytes(input.filePath, input.data, options).result);
        progress.update(++done);
      }
    }
    let fromDisk = group.inputs.filter((i) => i.data === undefined).map((i) => i.filePath);
    const optionsKey = cache ? optionsKeyOf(options) : undefined;
    for (const filePath of fromDisk) linted.push({ filePath, optionsKey });
    const misses = new Map<string, Miss>();
    if (cache && optionsKey !== undefined) {
      fromDisk = fromDisk.filter((filePath) => {
        const found = cache.lookup(filePath, optionsKey);
        if ('miss' in found) {
          misses.set(filePath, found.miss);
          return true;
        }
        results.push(found.result);
        progress.update(++done);
        return false;
      });
    }
    const before = done;
    const outcomes = await lintFilesParallel(linter, fromDisk, options, {
      jobs: cmd.jobs,
      onProgress: (n) => progress.update((done = before + n)),
      onReading: (_file, read, size) => progress.update(done, readDetail(read, size)),
      workerUrl: workerUrl(),
    });
    for (const o of outcomes) {
      const miss = misses.get(o.filePath);
      if (o.error) {
        if (miss) cache?.forget(o.filePath);
        const message = describeReadError(displayPath(o.filePath, io.cwd), o.error);
        context.failures.push({ filePath: o.filePath, message });
        note(message);
      } else {
        if (miss) cache?.store(miss, o.result);
        results.push(o.result);
      }
    }
  }
  progress.clear();
  const shown = cmd.ignoreUnknown ? knownOnly(results) : results;
  sortByInput(shown, inputs);
  const reported = await report(shown, cmd, context, { linter, formatters }, io);
  if (reported) for (const message of targetNotes(shown, inputs, linter)) warn(io, message);
  const code = reported ? exitCode(shown, cmd, io, context.failures.length > 0, 0) : 2;
  if (cache) {
    // A run that read only files, all of them now in the cache, is kept whole with what it printed (cached-run.ts).
    const onlyFiles = inputs.every((i) => i.data === undefined) && context.failures.length === 0;
    if (recorder && reported && onlyFiles) keepRun(cache, recorder, linted, code);
    saveCache(cache, io);
  }
  return code;
}

/** The run's cache (--cache); only a lint reads it (--fix, --fix-dry-run and --diff return before). */
function openCache(
  options: NonNullable<LintCommand['cache']>,
  io: CliIO,
  linter: Linter,
  note: (message: string) => void,
): LintCache {
  const file = cacheFilePath(io.cwd, options.location);
  return LintCache.load(file, toolKeyOf(linter), options.strategy, note);
}

/** Writes the cache; a cache that cannot be written is said in one line, and the run goes on. */
function saveCache(cache: LintCache, io: CliIO): void {
  try {
    cache.save();
  } catch (err) {
    warn(io, `could not write the cache file: ${(err as Error).message}`);
  }
}

/**
 * How --diff is shown: on a terminal, cut to the changed words and coloured (unless NO_COLOR or --no-color); piped
 * or with -o, the exact patch, coloured only with --color (FORCE_COLOR too when piped). Undefined: the plain patch.
 */
function diffView(cmd: LintCommand, io: CliIO): DiffView | undefined {
  const terminal = cmd.outputFile === undefined && io.stdoutIsTTY;
  const color =
    cmd.outputFile !== undefined
      ? cmd.color === true
      : useColor({ flag: cmd.color, env: io.env, isTTY: io.stdoutIsTTY });
  if (!terminal && !color) return undefined;
  return { cut: terminal, color, width: terminalWidth(io) };
}

/** --ignore-unknown: the results of files some format reads (the unknown format takes the others). */
function knownOnly(results: LintResult[]): LintResult[] {
  return results.filter((r) => r.inputFormat !== UNKNOWN_FORMAT_ID);
}

/** Inputs that share one config, in input order. */
interface ConfigGroup {
  config: EffectiveConfig;
  inputs: Input[];
}

function byConfig(inputs: readonly Input[]): ConfigGroup[] {
  const groups = new Map<EffectiveConfig, Input[]>();
  for (const input of inputs) {
    appendTo(groups, input.config, input);
  }
  return [...groups].map(([config, list]) => ({ config, inputs: list }));
}

function configFilesOf(groups: readonly ConfigGroup[]): string[] {
  return [...new Set(groups.map((g) => g.config.configFile).filter((f): f is string => f !== undefined))].sort();
}

/** The target every group's config sets, when they agree on one. */
function singleConfigTarget(groups: readonly ConfigGroup[]): Target | undefined {
  const targets = new Set(groups.map((g) => g.config.target));
  return targets.size === 1 ? [...targets][0] : undefined;
}

/** Results in the order of their inputs (the report always lists files in sorted path order). */
function sortByInput(results: LintResult[], inputs: readonly Input[]): void {
  const index = new Map(inputs.map((input, i) => [input.filePath, i]));
  results.sort((a, b) => (index.get(a.filePath) ?? 0) - (index.get(b.filePath) ?? 0));
}

function lintOptions(cmd: LintCommand, config: EffectiveConfig): LintOptions {
  const options = lintOptionsOf(config);
  if (cmd.maxLineBytes !== undefined) options.maxLineBytes = cmd.maxLineBytes;
  return options;
}

/** What the report says beyond the results: inputs that failed, configs used, the target to describe rules for. */
interface ReportContext {
  failures: FileFailure[];
  configFiles: string[];
  target?: Target;
}

/** Formats and prints the report (to stdout or -o); false when the -o file could not be written. */
async function report(
  results: LintResult[],
  cmd: LintCommand,
  context: ReportContext,
  { linter, formatters }: Composition,
  io: CliIO,
): Promise<boolean> {
  const quieted = cmd.quiet ? results.map(errorsOnly) : results;
  // --quiet lists what has errors: summary leaves out the files --quiet left with nothing to show, as stylish does.
  const shown = cmd.quiet && cmd.format === 'summary' ? quieted.filter((r) => r.diagnostics.length > 0) : quieted;
  const human = HUMAN_FORMATS.has(cmd.format);
  const maxDiagnostics = human ? cmd.maxDiagnostics : undefined;
  // A report written to a file gets colour only when asked for explicitly; FORCE_COLOR is meant for terminals.
  const color =
    COLORED_FORMATS.has(cmd.format) &&
    (cmd.outputFile !== undefined
      ? cmd.color === true
      : useColor({ flag: cmd.color, env: io.env, isTTY: io.stdoutIsTTY }));
  // sarif describes each rule's default level for one target: the chosen one, or the one every file was judged for.
  const targets = new Set(results.map((r) => r.target).filter(Boolean));
  const target = context.target ?? (targets.size === 1 ? [...targets][0] : undefined);
  let text = formatters[cmd.format](shown, {
    cwd: io.cwd,
    rulesMeta: linter.rules.map((r) => r.meta),
    targets: linter.targets,
    color,
    target,
    maxDiagnostics,
    failures: context.failures,
    fixing: cmd.fix === 'fix',
    configFiles: context.configFiles,
    width: cmd.outputFile === undefined && io.stdoutIsTTY ? terminalWidth(io) : undefined,
    sessions: cmd.format === 'stylish' ? await sessionRefs(shown, linter, io) : undefined,
  });
  if (cmd.statistics) {
    const stats = formatStatistics(
      shown,
      linter.rules.map((r) => r.meta),
    );
    // Human reports get them after the report; machine formats stay parseable, so the table goes to stderr.
    if (human) text += `\n${stats}`;
    else io.stderr.write(stats);
  }
  // --quiet with nothing left to show prints nothing, as ESLint does; the exit code's reason still goes to stderr.
  const nothingShown = cmd.quiet && shown.every((r) => r.diagnostics.length === 0) && context.failures.length === 0;
  if (nothingShown && human && !cmd.statistics) text = '';
  if (!emit(text, cmd, io)) return false;
  // compact keeps one problem per line, so what --max-diagnostics left out is said here.
  const hidden = cmd.format === 'compact' ? hiddenCount(shown, maxDiagnostics) : 0;
  if (hidden > 0) warn(io, `${plural(hidden, 'more problem')} not shown (--max-diagnostics ${maxDiagnostics})`);
  return true;
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
function exitCode(
  results: readonly LintResult[],
  cmd: LintCommand,
  io: CliIO,
  failed: boolean,
  changedFiles: number,
): number {
  if (failed) return 2;
  if (cmd.exitZero) return 0;
  const errors = results.reduce((n, r) => n + r.errorCount, 0);
  const warnings = results.reduce((n, r) => n + r.warningCount, 0);
  let code = errors > 0 ? 1 : 0;
  if (cmd.maxWarnings >= 0 && warnings > cmd.maxWarnings) {
    const hidden = cmd.quiet ? '; --quiet does not show them' : '';
    warn(io, `too many warnings: ${warnings}, the maximum is ${cmd.maxWarnings} (--max-warnings)${hidden}`);
    code = 1;
  }
  if (cmd.exitNonZeroOnFix && changedFiles > 0) code = 1;
  return code;
}
