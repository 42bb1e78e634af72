// --cache, a rerun of the same command over files that did not change: what the last such run printed is printed
// again (engine/lint-cache.ts replayRun) before the formats and rules are loaded, which is most of a rerun's cost.
// A lint of files, folders and globs is kept whole: for the folders and globs, with what their walk depends on
// (engine/walk-reads.ts: each folder's listing below them, the configs and git ignores), read before the run and
// again after it, and kept only when the two agree. The sessions folders (a run with no path, or --session) are not.
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAME } from '../engine/config-names.js';
import { cacheFilePath, configSha256, LintCache, type RunRecord } from '../engine/lint-cache.js';
import { type WalkRead, walkReads } from '../engine/walk-reads.js';
import type { LintCommand } from './args.js';
import type { CliIO, Output } from './io.js';

/** What a run that may be kept whole needs to keep it: its key, its config files' bytes and what it printed. */
export interface RunRecorder {
  runKey: string;
  configs: RunRecord['configs'];
  /** What the walk of the run's folders and globs depended on before the run (none when it named only files). */
  reads: WalkRead[];
  /** What to read them again with after the run. */
  walk: { paths: readonly string[]; cwd: string; cacheFile: string };
  /** What the run wrote, as the report is what it printed; undefined once it wrote something it cannot keep. */
  stdout?: string;
  stderr?: string;
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
  const named = keepable(cmd, io);
  if (named === undefined || cmd.cache === undefined) return { io };
  const runKey = runKeyOf(argv, io);
  let cacheFile: string;
  try {
    cacheFile = cacheFilePath(io.cwd, cmd.cache.location);
  } catch {
    return { io };
  }
  const kept = LintCache.replayRun(cacheFile, cmd.cache.strategy, runKey);
  if (kept) {
    if (kept.stdout !== '') io.stdout.write(kept.stdout);
    if (kept.stderr !== '') io.stderr.write(kept.stderr);
    return { code: kept.code };
  }
  // Before anything is linted, so that a config changed during this run is not taken for the one it read.
  const configs = configFilesRead(cmd, io, named.files);
  const reads = named.walked.length > 0 ? walkReads(named.walked, io.cwd, cacheFile) : [];
  if (reads === undefined) return { io };
  const recorder: RunRecorder = {
    runKey,
    configs,
    reads,
    walk: { paths: named.walked, cwd: io.cwd, cacheFile },
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
 * A lint of paths (no session, no stdin) that prints to stdout: its paths that are files, and the others (folders,
 * globs, missing paths), which are walked; else undefined.
 */
function keepable(cmd: LintCommand, io: CliIO): { files: string[]; walked: string[] } | undefined {
  if (!cmd.cache || cmd.fix !== 'none' || cmd.stdin || cmd.sessions.length > 0 || cmd.paths.length === 0)
    return undefined;
  if (cmd.outputFile !== undefined || cmd.printConfig !== undefined) return undefined;
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

/** Keeps the run whole in the cache when it printed only text and every file it linted has its entry. */
export function keepRun(
  cache: LintCache,
  recorder: RunRecorder,
  linted: readonly { filePath: string; optionsKey: string | undefined }[],
  code: number,
): void {
  const { runKey, configs, reads, stdout, stderr } = recorder;
  if (stdout === undefined || stderr === undefined) return;
  // What the walk depended on changed during the run: what it found is not known to be what is there now.
  if (
    reads.length > 0 &&
    JSON.stringify(walkReads(recorder.walk.paths, recorder.walk.cwd, recorder.walk.cacheFile)) !== JSON.stringify(reads)
  )
    return;
  const files: RunRecord['files'] = [];
  for (const { filePath, optionsKey } of linted) {
    if (optionsKey === undefined || cache.storedOptions(filePath) !== optionsKey) return;
    files.push([path.resolve(filePath), optionsKey]);
  }
  cache.recordRun(runKey, { files, configs, ...(reads.length > 0 ? { reads } : {}), stdout, stderr, code });
}
