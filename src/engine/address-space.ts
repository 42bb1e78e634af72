// Worker threads under a cap on the process's address space (`ulimit -v`, RLIMIT_AS). Each V8 isolate reserves its
// heap and code range up front, so a worker costs ~670 MB of address space before it runs a line (measured: VmPeak
// 1.23 GB for one thread on the benchmark folder, 1.90 GB with one worker). Past the cap, starting one is not an
// error JavaScript can catch: the process aborts in C++ (std::bad_alloc, exit 134). So the threads are capped by
// what fits, read from /proc on Linux; elsewhere (no /proc) nothing is capped.
import { readFileSync } from 'node:fs';

/** Address space a worker thread takes: measured ~670 MB, and a margin. */
export const WORKER_ADDRESS_SPACE = 768 * 1024 * 1024;
/** Address space the main thread may still grow by while it lints its share (the 1.23 GB run above started at ~0.7). */
const MAIN_GROWTH = 640 * 1024 * 1024;

/** How many worker threads fit in the address-space limit now: Infinity without a limit (or where it is unknown). */
export function workersThatFit(
  limits: string | undefined = readProc('/proc/self/limits'),
  status: string | undefined = readProc('/proc/self/status'),
): number {
  const limit = addressSpaceLimit(limits);
  if (limit === undefined) return Number.POSITIVE_INFINITY;
  const used = virtualSize(status) ?? 0;
  return Math.max(0, Math.floor((limit - used - MAIN_GROWTH) / WORKER_ADDRESS_SPACE));
}

/** The soft limit of "Max address space" in bytes, undefined when unlimited or unreadable. */
export function addressSpaceLimit(limits: string | undefined): number | undefined {
  const m = limits === undefined ? null : /^Max address space\s+(\S+)/m.exec(limits);
  if (!m || m[1] === 'unlimited') return undefined;
  const bytes = Number(m[1]);
  return Number.isFinite(bytes) ? bytes : undefined;
}

/** VmSize (the address space in use) in bytes. */
function virtualSize(status: string | undefined): number | undefined {
  const m = status === undefined ? null : /^VmSize:\s+(\d+) kB/m.exec(status);
  return m ? Number(m[1]) * 1024 : undefined;
}

/** A /proc file's text, undefined where there is none (not Linux, or hidden). */
export function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return undefined;
  }
}
