// The CLI as a function: arguments and streams in, exit code out. It never throws and never exits the process, so
// the bin stays a thin wrapper and tests can drive it with fake streams.
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LintCommand } from './args.js';
import type { RunRecorder } from './cached-run.js';
import { type CliIO, type Output, type StdinSource, terminalWidth, warn } from './io.js';
import { UsageError } from './usage-error.js';
import { workerUrl } from './worker-url.js';
import { packageVersion } from '../version.js';

// Loaded when a run gets that far: a --cache rerun that is printed again needs neither the argument parser nor the
// worker threads (engine/worker-start.ts is loaded only by a lint, and then discards its spare worker at the end).
const workerStart = () => import('../engine/worker-start.js');
let workerStartLoaded: Awaited<ReturnType<typeof workerStart>> | undefined;

/** The linter and formatters, from the composition root (loaded after the arguments are read). */
const composition = () => import('../composition.js');

export interface MainOptions {
  /** Arguments after the program name. */
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
  /** Whether stdout is a terminal (colour). Default false. */
  stdoutIsTTY?: boolean;
  /** The terminal's width, when stdout is one (process.stdout.columns). */
  columns?: number;
  /** Whether stderr is a terminal (progress). Default false. */
  stderrIsTTY?: boolean;
  /** What `-` (or --stdin) reads. Default: nothing (an empty transcript). */
  stdin?: StdinSource;
  /** Whether stdin is a pipe or a file with data (a run without paths then says it does not read it). Default false. */
  stdinPiped?: boolean;
  /** For the default sessions folder. Default os.homedir(). */
  homedir?: string;
  /** The clock for progress timing, in ms. Default Date.now. */
  now?: () => number;
  /** For tests: the filesystem calls a fix writes with (write faults). Default: node:fs. */
  writeFs?: CliIO['writeFs'];
}

export async function main(options: MainOptions): Promise<number> {
  const io: CliIO = {
    cwd: options.cwd,
    env: options.env,
    stdout: options.stdout,
    stderr: options.stderr,
    stdoutIsTTY: options.stdoutIsTTY ?? false,
    columns: options.columns,
    stderrIsTTY: options.stderrIsTTY ?? false,
    homedir: options.homedir ?? homeFolder(),
    stdin: options.stdin,
    stdinPiped: options.stdinPiped ?? false,
    now: options.now ?? Date.now,
    writeFs: options.writeFs,
  };
  try {
    // --cache, a rerun of a command kept whole: printed again before the arguments are parsed (cached-run.ts).
    if (options.argv.some((a) => a.startsWith('--cache'))) {
      const code = (await import('./cached-run.js')).replayBeforeParsing(options.argv, io);
      if (code !== undefined) return code;
    }
    const { parseArgs } = await import('./args.js');
    const cmd = await parseArgs(options.argv, packageVersion(), { width: terminalWidth(io) });
    switch (cmd.kind) {
      case 'print':
        io.stdout.write(`${cmd.text}\n`);
        return 0;
      // The commands' modules, and the rules and formats they use, load only when they run.
      case 'export':
        return await (await import('./export-command.js')).runExport(cmd, io, await composition());
      case 'rules':
        return (await import('./rules-command.js')).runRules(cmd, io, await composition());
      case 'relocate':
        return await (await import('./relocate-command.js')).runRelocate(cmd, io);
      case 'split':
        return await (await import('./split-command.js')).runSplit(cmd, io, await composition());
      case 'explain':
        return await (await import('./rules-command.js')).runExplain(cmd, io, await composition());
      case 'lint': {
        // --cache, a rerun over files that did not change: printed again before the formats and rules load.
        let recorded: { recorder?: RunRecorder; io: CliIO } = { io };
        if (cmd.cache && cmd.fix === 'none') {
          const replayed = (await import('./cached-run.js')).replayOrRecord(options.argv, cmd, io);
          if ('code' in replayed) return replayed.code;
          recorded = replayed;
        }
        // The worker loads while this thread loads the engine and finds the files.
        workerStartLoaded = await workerStart();
        if (mayLintInParallel(cmd, io, workerStartLoaded.defaultJobs)) workerStartLoaded.prestartWorker(workerUrl());
        const { runLint } = await import('./lint-command.js');
        return await runLint(cmd, recorded.io, await composition(), recorded.recorder);
      }
    }
    // Every kind is handled above: a new kind fails to compile here.
    const unhandled: never = cmd;
    return unhandled;
  } catch (err) {
    if (err instanceof UsageError) {
      warn(io, `${err.message}\nRun 'transcript-lint --help' for usage.`);
      return 2;
    }
    // Out of file descriptors (a module loaded late, under a low ulimit -n): the environment's, and it can be fixed.
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'EMFILE' || code === 'ENFILE') {
      warn(io, 'cannot go on: too many open files (raise the limit: ulimit -n)');
      return 2;
    }
    // A bug or an environment failure: one clear line, no stack trace (set TRANSCRIPT_LINT_DEBUG=1 to see it).
    warn(io, `internal error: ${err instanceof Error ? err.message : String(err)}`);
    if (io.env.TRANSCRIPT_LINT_DEBUG && err instanceof Error && err.stack) io.stderr.write(`${err.stack}\n`);
    return 2;
  } finally {
    workerStartLoaded?.discardSpareWorker();
  }
}

/**
 * Whether a lint run will likely use a worker thread: not with --fix, one job or stdin; for a folder, a glob or the
 * sessions folder (their files are not known yet); for named files, when defaultJobs would start more than one job.
 * A wrong guess costs a worker's start on another core, not time.
 */
export function mayLintInParallel(
  cmd: LintCommand,
  io: Pick<CliIO, 'cwd'>,
  defaultJobs: (files: number, bytes: number) => number,
): boolean {
  // --cache: most files of a rerun come from the cache, and those it misses start their workers when they need them.
  if (cmd.fix !== 'none' || cmd.jobs === 1 || cmd.stdin || cmd.cache) return false;
  if (cmd.paths.length === 0) return cmd.sessions.length === 0 && defaultJobs(2, Infinity) > 1;
  let bytes = 0;
  for (const p of cmd.paths) {
    try {
      const stat = statSync(path.resolve(io.cwd, p));
      if (!stat.isFile()) return defaultJobs(2, Infinity) > 1;
      bytes += stat.size;
    } catch {
      // A glob (or a path that does not exist): its files are not known yet.
      return defaultJobs(2, Infinity) > 1;
    }
  }
  return defaultJobs(cmd.paths.length, bytes) > 1;
}

export default main;
// The bin calls it before main when it runs as its launcher's child.
export { watchLauncher } from './launcher-watch.js';

/**
 * The home folder the sessions folders are under. An empty or relative HOME (HOME= in a script) would put them under
 * the current folder: then the account's own home is taken, as the system records it.
 */
function homeFolder(): string {
  const home = os.homedir();
  if (path.isAbsolute(home)) return home;
  try {
    return os.userInfo().homedir;
  } catch {
    return home;
  }
}
