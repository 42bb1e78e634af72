// How many threads of other processes are running or waiting for a core now. The load average of the last minute
// answered that before, but it lags: a run started right after other CPU-bound ones (a script linting folder after
// folder, a benchmark) found the load still at the cores and took one thread on an idle machine. The kernel's count
// of runnable threads (/proc/stat's procs_running), less this process's own, is the load of this moment.
import { readdirSync } from 'node:fs';
import { readProc } from './address-space.js';

/** A /proc file's text, undefined where there is none (see address-space.ts readProc). */
export type ProcReader = (path: string) => string | undefined;

/** This process's threads that are running or runnable (state R in /proc/self/task/<tid>/stat). */
function ownRunnable(read: ProcReader, tasks: () => string[]): number {
  let running = 0;
  for (const tid of tasks()) {
    const stat = read(`/proc/self/task/${tid}/stat`);
    // "tid (name) state ...": the name may hold spaces and parentheses; the state follows the last ")".
    if (stat !== undefined && stat[stat.lastIndexOf(')') + 2] === 'R') running++;
  }
  return running;
}

function taskIds(): string[] {
  try {
    return readdirSync('/proc/self/task');
  } catch {
    return [];
  }
}

/** Threads of other processes running or waiting for a core now; undefined where the kernel does not say. */
export function runnableOfOthers(read: ProcReader = readProc, tasks: () => string[] = taskIds): number | undefined {
  const stat = read('/proc/stat');
  const m = stat === undefined ? null : /^procs_running (\d+)$/m.exec(stat);
  if (!m) return undefined;
  // This thread is running as it reads, so it is always among them.
  return Math.max(0, Number(m[1]) - Math.max(1, ownRunnable(read, tasks)));
}
