// --cache, a rerun of the same command over files that did not change: what the last such run printed is printed
// again (engine/lint-cache.ts replayRun) before the formats and rules are loaded, which is most of a rerun's cost.
// A lint of files, folders and globs, or with no path of the agents' sessions folders, is kept whole: for the folders,
// globs and sessions folders, with what their walk depends on (engine/walk-reads.ts: each folder's listing below
// them, the configs and git ignores), read before the run and again after it, and kept only when the two agree. A run
// of --session is not kept.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAME } from '../engine/config-names.js';
import { cacheFilePath, configSha256, LintCache, type RunRecord } from '../engine/lint-cache.js';
import type { Linter } from '../engine/lint.js';
import { sessionRootReads, type WalkRead, walkReads } from '../engine/walk-reads.js';
import type { LintCommand } from './args.js';
import type { CliIO, Output } from './io.js';

/** What a run that may be kept whole needs to keep it: its key, its config files' bytes and what it printed. */
export interface RunRecorder {
  runKey: string;
  configs: RunRecord['configs'];
  /**
   * What the walk of the run's folders and globs depended on before the run (none when it named only files); for a
   * run of the sessions folders, undefined until recordSessionRoots.
   */
  reads: WalkRead[] | undefined;
  /** The paths that were files before the run. */
  named: string[];
  /** What to read them again with after the run. */
  walk: { paths: readonly string[]; cwd: string; cacheFile: string; roots?: readonly string[] };
  /** What the run wrote, as the report is what it printed; undefined once it wrote something it cannot keep. */
  stdout?: string;
  stderr?: string;
}

/**
 * Before the arguments are parsed: a rerun's exit code after printing what the kept run printed, else undefined. The
 * cache file is found from the raw arguments (the last --cache-location, else the default). That guess is safe: a
 * run is kept under the key of its exact arguments, folder and environment (runKeyOf), so a kept run found under
 * this key was printed by a run of this very command line, and replayRun checks that nothing it read has changed,
 * whichever file holds it. A wrong guess finds no run, and the parsed command is tried next (replayOrRecord).
 */
export function replayBeforeParsing(argv: readonly string[], io: CliIO): number | undefined {
  const location = guessedLocation(argv);
  const cacheFile = locate(io.cwd, location);
  if (cacheFile === undefined) return undefined;
  const kept = LintCache.replayRun(cacheFile, undefined, runKeyOf(argv, io));
  return kept ? printKept(kept, io) : undefined;
}

/** Prints what a kept run printed; its exit code. */
function printKept(kept: { stdout: string; stderr: string; code: number }, io: CliIO): number {
  if (kept.stdout !== '') io.stdout.write(kept.stdout);
  if (kept.stderr !== '') io.stderr.write(kept.stderr);
  return kept.code;
}

/** The value of the last --cache-location in the arguments (before any `--`), or undefined. */
export function guessedLocation(argv: readonly string[]): string | undefined {
  let location: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--cache-location') location = argv[++i];
    else if (a.startsWith('--cache-location=')) location = a.slice('--cache-location='.length);
  }
  return location;
}

function locate(cwd: string, location: string | undefined): string | undefined {
  try {
    return cacheFilePath(cwd, location);
  } catch {
    return undefined;
  }
}

/**
 * A rerun's exit code after printing what the kept run printed; else a recorder to keep this run with (undefined when
 * it cannot be kept), and `io` with its output recorded.
 */
export function replayOrRecord(
  argv: readonly string[],
  cmd: LintCommand,
  io: CliIO,
): { code: number } | { recorder?: RunRecorder; io: CliIO } {
  if (!mayKeep(cmd)) return { io };
  const runKey = runKeyOf(argv, io);
  const cacheFile = locate(io.cwd, cmd.cache.location);
  if (cacheFile === undefined) return { io };
  // The kept run's own reads stand for the paths' stats: each file it linted has its entry's stat, each other path its
  // kind (walk-reads.ts), so nothing is read before this that the replay does not need. Tried already when the
  // arguments' guess (replayBeforeParsing) named this file.
  const guessed = locate(io.cwd, guessedLocation(argv)) === cacheFile;
  const kept = guessed ? undefined : LintCache.replayRun(cacheFile, cmd.cache.strategy, runKey);
  if (kept) return { code: printKept(kept, io) };
  const named = splitPaths(cmd, io);
  // Before anything is linted, so that a config changed during this run is not taken for the one it read.
  const configs = configFilesRead(cmd, io, named.files);
  const sessions = cmd.paths.length === 0;
  const reads = sessions ? undefined : named.walked.length > 0 ? walkReads(named.walked, io.cwd, cacheFile) : [];
  if (reads === undefined && !sessions) return { io };
  const recorder: RunRecorder = {
    runKey,
    configs,
    reads,
    walk: { paths: named.walked, cwd: io.cwd, cacheFile },
    named: named.files,
    stdout: '',
    stderr: '',
  };
  const record = (inner: Output, which: 'stdout' | 'stderr'): Output => ({
    write(chunk) {
      if (typeof chunk === 'string' && recorder[which] !== undefined) recorder[which] += chunk;
      else recorder.stdout = recorder.stderr = undefined;
      return inner.write(chunk);
    },
  });
  return {
    recorder,
    io: { ...io, stdout: record(io.stdout, 'stdout'), stderr: record(io.stderr, 'stderr'), progressOut: io.stderr },
  };
}

/**
 * A lint of paths, or of the sessions folders (no path), with --cache that prints to stdout: one that can be kept
 * whole. Not one of --session.
 */
function mayKeep(cmd: LintCommand): cmd is LintCommand & { cache: NonNullable<LintCommand['cache']> } {
  if (!cmd.cache || cmd.fix !== 'none' || cmd.stdin || cmd.sessions.length > 0) return false;
  return cmd.outputFile === undefined && cmd.printConfig === undefined;
}

/** The paths that are files (absolute), and the others (folders, globs, missing paths), which are walked. */
function splitPaths(cmd: LintCommand, io: CliIO): { files: string[]; walked: string[] } {
  const files: string[] = [];
  const walked: string[] = [];
  for (const p of cmd.paths) {
    const file = path.resolve(io.cwd, p);
    if (isFile(file)) files.push(file);
    else walked.push(p);
  }
  return { files, walked };
}

function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/** Variables a shell sets for each command it runs, which the tool does not read. */
const SHELL_BOOKKEEPING = new Set(['_', 'OLDPWD', 'SHLVL']);

/** Everything a run's output depends on besides its files and config files. */
function runKeyOf(argv: readonly string[], io: CliIO): string {
  const { cwd, env, stdoutIsTTY, columns, stderrIsTTY, homedir, stdinPiped } = io;
  const sortedEnv = Object.entries(env)
    .filter(([k, v]) => v !== undefined && !SHELL_BOOKKEEPING.has(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify({ argv, cwd, env: sortedEnv, stdoutIsTTY, columns, stderrIsTTY, homedir, stdinPiped }))
    .digest('hex');
}

/**
 * The config files the run could read, each with its bytes' SHA-256 (null: none there): -c's file; else, from each
 * file's folder up, the paths config-core's findConfigFile looks at, to the first one there.
 */
function configFilesRead(cmd: LintCommand, io: CliIO, files: readonly string[]): RunRecord['configs'] {
  if (cmd.config === false) return [];
  if (cmd.config !== undefined) {
    const file = path.resolve(io.cwd, cmd.config);
    return [[file, configSha256(file)]];
  }
  const seen = new Map<string, string | null>();
  for (const file of files) {
    for (let dir = path.dirname(file); ; ) {
      const candidate = path.join(dir, CONFIG_FILE_NAME);
      let sha = seen.get(candidate);
      if (sha === undefined) {
        sha = configSha256(candidate);
        seen.set(candidate, sha);
      }
      const parent = path.dirname(dir);
      if (sha !== null || parent === dir) break;
      dir = parent;
    }
  }
  return [...seen];
}

/**
 * A run of the sessions folders (no path): what their walk depends on, read before it, from the folders the formats
 * name (which needs the formats, so it is read here, just before the walk, rather than before they load).
 */
export function recordSessionRoots(recorder: RunRecorder, linter: Linter, io: Pick<CliIO, 'env' | 'homedir'>): void {
  if (recorder.walk.paths.length > 0 || recorder.reads !== undefined) return;
  const roots = linter.formats.flatMap((f) => (f.sessions ? f.sessions.roots(io.env, io.homedir) : []));
  recorder.walk.roots = roots;
  recorder.reads = sessionRootReads(roots, recorder.walk.cacheFile);
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Keeps the run whole in the cache when it printed only text and every file it linted has its entry. */
export function keepRun(
  cache: LintCache,
  recorder: RunRecorder,
  linted: readonly { filePath: string; optionsKey: string | undefined }[],
  code: number,
): void {
  const { runKey, configs, stdout, stderr } = recorder;
  if (stdout === undefined || stderr === undefined) return;
  // What the walk depended on changed during the run: what it found is not known to be what is there now.
  const { walk } = recorder;
  if (recorder.reads === undefined) return;
  const again = walk.roots
    ? sessionRootReads(walk.roots, walk.cacheFile)
    : recorder.reads.length > 0
      ? walkReads(walk.paths, walk.cwd, walk.cacheFile)
      : [];
  if (again === undefined || !sameJson(again, recorder.reads)) return;
  const files: RunRecord['files'] = [];
  for (const { filePath, optionsKey } of linted) {
    if (optionsKey === undefined || cache.storedOptions(filePath) !== optionsKey) return;
    files.push([path.resolve(filePath), optionsKey]);
  }
  // A file named but not linted (its config ignores it) is kept as a file: a folder or nothing there is another run.
  const reads = [...recorder.reads];
  const inFiles = new Set(files.map(([f]) => f));
  for (const file of recorder.named) {
    if (inFiles.has(file)) continue;
    if (!isFile(file)) return;
    reads.push(['kind', file, 'file']);
  }
  cache.recordRun(runKey, { files, configs, ...(reads.length > 0 ? { reads } : {}), stdout, stderr, code });
}
