// A lint run is short, and V8's optimizing compiler (TurboFan) mostly works for nothing in it: the hot work is
// native (reading, JSON.parse), and compiling many of our functions for speed costs more CPU than it saves. So the
// CLI asks V8 to optimize only functions that run ~15 times longer than it would by default: the few truly hot loops
// (an entry of 4 million blocks) still get optimized. CPU measured in one run (V8 default / this / no TurboFan at all):
// 200 sessions of 1 MB, one thread: 0.85 / 0.51 / 0.53 s; one 200 MB session: 0.64 / 0.46 / 0.45 s; an 8 MB line of
// 4 million malformed blocks: 1.30 / 1.33 / 4.39 s. V8's flags belong to the whole process (worker threads
// included), so only the command-line tool sets them, before any of its code runs; the library never does.
//
// It also gets V8's `gc` function, for a full collection between two models of one large file (engine/memory.ts):
// `--expose-gc` set now applies to contexts made from now on, so a new context hands it over; the main context's
// globals stay as they are.
import v8 from 'node:v8';
import vm from 'node:vm';
import { setGarbageCollector } from '../engine/memory.js';

export function tuneV8ForCli(): void {
  v8.setFlagsFromString('--interrupt-budget=1000000');
  installGarbageCollector();
}

/**
 * Hands V8's `gc` to engine/memory.ts. A worker thread calls this too (the flag is the process's, the collector each
 * thread's own): without it, a worker's heap check counts garbage as the model and refuses files one thread lints.
 */
export function installGarbageCollector(): void {
  try {
    v8.setFlagsFromString('--expose-gc');
  } catch {
    return; // Without it, fixing a large file only holds more memory.
  }
  // The context that hands `gc` over is made at the first collection: making one costs ~6 ms of CPU, which a run that
  // never collects (most, and every --cache rerun) need not pay. The flag set above applies to it then.
  let gc: (() => void) | null | undefined;
  setGarbageCollector(() => {
    if (gc === undefined) {
      try {
        const found: unknown = vm.runInNewContext('typeof gc === "function" ? gc : undefined');
        gc = typeof found === 'function' ? (found as () => void) : null;
      } catch {
        gc = null;
      }
    }
    gc?.();
  });
}
