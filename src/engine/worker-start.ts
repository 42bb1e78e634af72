// Starting worker threads, apart from the lint engine they run, so that the CLI can start one before it loads the
// engine itself. A worker takes ~0.1 s to load the rules, most of which the main thread spends loading its own
// modules and finding the files: the CLI starts one early when the command looks like it will need one
// (prestartWorker), and the run hands it its work (parallel.ts). Unused, it is stopped (discardSpareWorker).
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { workersThatFit } from './address-space.js';
import { runnableOfOthers } from './busy-cores.js';

/**
 * A worker costs a thread start and its own load of the rules (about 0.1 s of CPU), and every thread its own heap, so
 * by default one is started only for this many bytes of input: a run over a few small files, or a folder of a few
 * sessions, stays in one thread, where it spends the least CPU.
 */
export const BYTES_PER_JOB = 32 * 1024 * 1024;

/** The cores this process may use. */
export function availableCores(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** The most threads a run may start, the main one included: the cores, and what fits in the address-space limit. */
export function threadLimit(): number {
  return Math.max(1, Math.min(availableCores(), 1 + workersThatFit()));
}

/** Read as this module loads, early in a run (see busy-cores.ts). */
const runnableAtStart = runnableOfOthers();

/**
 * The cores free for more threads: none but ours when other processes keep a thread busy on every core (another
 * thread would only add CPU time, not save wall time), else all. Told by the threads of others that were runnable
 * both when this run started and now (two readings, so that a moment's burst does not decide); where the kernel
 * does not say (no /proc), by the load average of the last minute at the number of cores. Systems without a load
 * average (Windows) report 0: all cores.
 */
export function freeCores(
  cores: number = availableCores(),
  now: number | undefined = runnableOfOthers(),
  atStart: number | undefined = runnableAtStart,
): number {
  if (atStart !== undefined && now !== undefined) return Math.min(atStart, now) >= cores ? 1 : cores;
  return os.loadavg()[0]! >= cores ? 1 : cores;
}

/**
 * The default number of jobs: one, unless the input is large and cores are free; then the free cores, but no more
 * than the files, and one per BYTES_PER_JOB of input.
 */
export function defaultJobs(fileCount: number, totalBytes: number, cores: number = freeCores()): number {
  return Math.max(1, Math.min(cores, fileCount, Math.ceil(totalBytes / BYTES_PER_JOB)));
}

export interface SpareWorker {
  worker: Worker;
  exited: boolean;
  /** The script it runs. */
  script: string;
}

let spare: SpareWorker | undefined;

/** Starts a worker that waits for its work (the first message), for the next lintFilesParallel run. */
export function prestartWorker(script: URL): void {
  if (spare || workersThatFit() < 1) return;
  try {
    const worker = new Worker(script, { stdout: false, stderr: false });
    const started = { worker, exited: false, script: script.href };
    // Listeners from the start: a worker that fails to load must not throw, and its end must be known later.
    worker.on('error', () => undefined);
    worker.on('exit', () => (started.exited = true));
    // Idle, it does not keep the process alive (a run that takes it refs it again).
    worker.unref();
    spare = started;
  } catch {
    spare = undefined;
  }
}

export function hasSpareWorker(): boolean {
  return spare !== undefined;
}

/** Stops a prestarted worker that no run took. */
export function discardSpareWorker(): void {
  void spare?.worker.terminate();
  spare = undefined;
}

/** The prestarted worker, if any and if it runs `script`, now the caller's. */
export function takeSpare(script: URL): SpareWorker | undefined {
  if (spare?.script !== script.href) return undefined;
  const taken = spare;
  spare = undefined;
  taken.worker.ref();
  return taken;
}
