// Linting many files on several threads: `jobs` threads in all, the main thread being one of them, the others worker
// threads (lint-worker.ts). Every thread takes the next file from one shared counter (an Atomics.add on a
// SharedArrayBuffer), so no thread waits for the main one to hand out work; the largest files go first, so one big
// file picked up last does not leave the other threads idle at the end. Outcomes are put back in input order, so the
// report is the same whatever the number of jobs, and one job is a plain in-process run.
import { statSync } from 'node:fs';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { HeapExhaustedError, moreMemoryAdvice } from './heap-room.js';
import { type FileOutcome, type FileReadProgress, lintFiles, lintOne } from './lint-files.js';
import type { Linter, LintOptions, LintResult } from './lint.js';
import { availableCores, defaultJobs, type SpareWorker, takeSpare, threadLimit } from './worker-start.js';

export { availableCores, BYTES_PER_JOB, defaultJobs, freeCores } from './worker-start.js';

/** What a worker is started with. */
export interface WorkerData {
  files: readonly string[];
  /** Indexes into `files`, in the order they are taken. */
  order: readonly number[];
  /** One Int32: the position in `order` of the next file to take. */
  counter: SharedArrayBuffer;
  /** One Int32 per worker: the index of the file it is on, -1 between files (see startWorker). */
  current: SharedArrayBuffer;
  /** This worker's place in `current`. */
  slot: number;
  options: LintOptions;
}

/** What a worker posts for each file. */
export type WorkerMessage =
  | { index: number; result: LintResult; error?: undefined; crash?: undefined }
  | { index: number; result?: undefined; error: SerializedError; crash?: undefined }
  | { index: number; result?: undefined; error?: undefined; crash: { message: string; stack?: string } }
  /** No file is left to take: the run need not wait for the thread to wind down. */
  | { done: true };

export interface SerializedError {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

export interface ParallelOptions {
  /** Threads in all, the main one included; default: see defaultJobs. Capped by the number of files. */
  jobs?: number;
  /** Called after each file, with how many are finished (in any order). */
  onProgress?: (done: number, total: number) => void;
  /** Called as a large file the main thread lints is read (workers do not say). */
  onReading?: FileReadProgress;
  /** The worker script (cli/lint-worker.ts, built): it builds the same linter from the composition root. */
  workerUrl: URL;
}

/** Lints the files on `jobs` threads; outcomes in input order, exactly as an in-process run gives them. */
export async function lintFilesParallel(
  linter: Linter,
  filePaths: readonly string[],
  options: LintOptions,
  run: ParallelOptions,
): Promise<FileOutcome[]> {
  const { onProgress, onReading } = run;
  // Rules given as objects cannot cross to a worker (which builds the composition root's linter); the CLI never
  // passes any.
  const sizes = run.jobs === 1 || filePaths.length < 2 || options.rules ? undefined : filePaths.map(sizeOf);
  const total = sizes?.reduce((a, b) => a + b, 0) ?? 0;
  const jobs = sizes === undefined ? 1 : effectiveJobs(run.jobs, filePaths.length, total);
  if (jobs <= 1) return lintFiles(linter, filePaths, options, { onProgress, onReading });
  const restoreGc = collectOnOwnThreads(jobs);
  try {
    return await lintOnThreads(linter, filePaths, options, run, jobs, sizes!);
  } finally {
    restoreGc();
  }
}

async function lintOnThreads(
  linter: Linter,
  filePaths: readonly string[],
  options: LintOptions,
  run: ParallelOptions,
  jobs: number,
  sizes: readonly number[],
): Promise<FileOutcome[]> {
  const { onProgress, onReading } = run;
  // Largest first; ties in input order.
  const order = filePaths.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  const counter = new SharedArrayBuffer(4);
  const next = new Int32Array(counter);
  const outcomes = new Array<FileOutcome | undefined>(filePaths.length);
  const crashes = new Map<number, Error>();
  let done = 0;
  const settle = (index: number, outcome: FileOutcome | undefined, crash?: Error) => {
    // Once only: a worker's last outcome and its death may both speak for one file.
    if (outcomes[index] !== undefined || crashes.has(index)) return;
    if (crash) crashes.set(index, crash);
    else outcomes[index] = outcome;
    onProgress?.(++done, filePaths.length);
  };

  const current = new SharedArrayBuffer(4 * (jobs - 1));
  new Int32Array(current).fill(-1);
  const url = run.workerUrl;
  const workers = Array.from({ length: jobs - 1 }, (_, slot) => {
    const data: WorkerData = { files: filePaths, order, counter, current, slot, options };
    return startWorker(url, data, filePaths, settle, slot === 0 ? takeSpare(url) : undefined);
  });

  // The main thread is one of the jobs: it starts on the largest file while the workers boot.
  for (;;) {
    const k = Atomics.add(next, 0, 1);
    if (k >= order.length) break;
    const index = order[k]!;
    try {
      settle(index, lintOne(linter, filePaths[index]!, options, onReading));
    } catch (err) {
      settle(index, undefined, err instanceof Error ? err : new Error(String(err)));
    }
    // Lets the workers' messages (and progress) through between files.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await Promise.all(workers);

  // A worker that could not start, or died, leaves its files to the main thread (but not one it ran out of memory on).
  for (let index = 0; index < filePaths.length; index++) {
    if (outcomes[index] !== undefined || crashes.has(index)) continue;
    try {
      settle(index, lintOne(linter, filePaths[index]!, options));
    } catch (err) {
      settle(index, undefined, err instanceof Error ? err : new Error(String(err)));
    }
  }
  // As an in-process run would, fail on the first file (in input order) that made a rule throw.
  if (crashes.size > 0) throw crashes.get(Math.min(...crashes.keys()))!;
  return outcomes as FileOutcome[];
}

/**
 * The threads a run uses: as asked (or defaultJobs), but never more than the files, the available cores or what the
 * address-space limit holds (address-space.ts). Threads past the cores only add start-up time and memory: `--jobs
 * 2000` on 20,000 small files once took 102 s and 1.4 GB.
 */
export function effectiveJobs(requested: number | undefined, fileCount: number, totalBytes: number): number {
  return Math.max(1, Math.min(requested ?? defaultJobs(fileCount, totalBytes), fileCount, threadLimit()));
}

function startWorker(
  url: URL,
  data: WorkerData,
  filePaths: readonly string[],
  settle: (index: number, outcome: FileOutcome | undefined, crash?: Error) => void,
  prestarted?: SpareWorker,
): Promise<void> {
  // Never rejects: whatever happens to a worker, the files it did not report on are linted by the main thread.
  return new Promise((resolve) => {
    let worker: Worker;
    if (prestarted) {
      if (prestarted.exited) return resolve();
      worker = prestarted.worker;
      worker.postMessage(data);
    } else {
      try {
        worker = new Worker(url, { workerData: data, stdout: false, stderr: false });
      } catch {
        resolve();
        return;
      }
    }
    worker.on('message', (m: WorkerMessage) => {
      if ('done' in m) {
        worker.unref();
        resolve();
        return;
      }
      const filePath = filePaths[m.index]!;
      if (m.crash) {
        const err = new Error(m.crash.message);
        if (m.crash.stack !== undefined) err.stack = m.crash.stack;
        settle(m.index, undefined, err);
      } else if (m.error) {
        settle(m.index, { filePath, error: reviveError(m.error) });
      } else {
        settle(m.index, { filePath, result: m.result! });
      }
    });
    worker.on('error', (err: NodeJS.ErrnoException) => {
      // Out of memory on a file: the main thread has the same heap limit, and there it would end the process.
      const index = Atomics.load(new Int32Array(data.current), data.slot);
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY' && index >= 0) {
        settle(index, { filePath: filePaths[index]!, error: outOfMemory() });
      }
    });
    // Messages posted before the worker ended are all delivered before 'exit' (a worker that dies never says done).
    worker.on('exit', () => resolve());
  });
}

/**
 * With a JavaScript thread on every core, V8's parallel scavenger has no core of its own: its helper threads only take
 * turns with the linting threads, and cost CPU in waiting. Each thread then collects its own young garbage (the flag
 * is read at every scavenge, by every thread of the process) until the run ends. Measured on 2 cores, the folder of
 * 51 sessions, 2 jobs, 7 alternating runs: CPU 3.04 -> 2.91 s, wall 1.66 -> 1.54 s (medians).
 */
function collectOnOwnThreads(jobs: number): () => void {
  if (jobs < availableCores()) return () => undefined;
  v8.setFlagsFromString('--no-parallel-scavenge');
  return () => v8.setFlagsFromString('--parallel-scavenge');
}

function outOfMemory(): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new HeapExhaustedError(
    `it ran out of memory while it was linted; ${moreMemoryAdvice(v8.getHeapStatistics().heap_size_limit * 2)}`,
  );
  return err;
}

function reviveError(e: SerializedError): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(e.message);
  if (e.code !== undefined) err.code = e.code;
  if (e.errno !== undefined) err.errno = e.errno;
  if (e.syscall !== undefined) err.syscall = e.syscall;
  if (e.path !== undefined) err.path = e.path;
  return err;
}

function sizeOf(filePath: string): number {
  try {
    return statSync(filePath).size;
  } catch {
    return 0;
  }
}
