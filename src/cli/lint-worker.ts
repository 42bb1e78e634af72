// A lint worker thread (see engine/parallel.ts): takes the next file from the shared counter until none is left,
// lints it and posts the outcome back. It loads the linter from the composition root (no yargs, zod or fast-glob),
// and it ends by itself when the list runs out.
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { linter } from '../composition.js';
import { lintOne } from '../engine/lint-files.js';
import type { WorkerData, WorkerMessage } from '../engine/parallel.js';
import { installGarbageCollector } from './v8-tuning.js';

installGarbageCollector();

// Started with its work, or prestarted (parallel.ts prestartWorker): then the work is the first message.
const data = (workerData ?? (await once(parentPort!, 'message'))[0]) as WorkerData;
const { files, order, counter, options } = data;
const next = new Int32Array(counter);
// The file this worker is on, for the main thread to know should the worker run out of memory on it.
const current = new Int32Array(data.current);

for (;;) {
  const k = Atomics.add(next, 0, 1);
  if (k >= order.length) break;
  const index = order[k]!;
  Atomics.store(current, data.slot, index);
  let message: WorkerMessage;
  try {
    const outcome = lintOne(linter, files[index]!, options);
    message = outcome.error
      ? {
          index,
          error: {
            message: outcome.error.message,
            code: outcome.error.code,
            errno: outcome.error.errno,
            syscall: outcome.error.syscall,
            path: outcome.error.path,
          },
        }
      : { index, result: outcome.result };
  } catch (err) {
    // A bug (a rule that throws): the main thread turns it into the same internal error an in-process run gives.
    message = {
      index,
      crash: {
        message: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      },
    };
  }
  parentPort!.postMessage(message);
  Atomics.store(current, data.slot, -1);
}
parentPort!.postMessage({ done: true } satisfies WorkerMessage);
