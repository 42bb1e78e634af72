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
//
// And it keeps V8's young generation at YOUNG_SEMI_SPACE (see capYoungGeneration).
import v8 from 'node:v8';
import vm from 'node:vm';
import { setGarbageCollector, setYoungGenerationWatch } from '../engine/memory.js';

export function tuneV8ForCli(): void {
  v8.setFlagsFromString('--interrupt-budget=1000000');
  installGarbageCollector();
}

/**
 * The semi-space size the young generation stops growing at. V8 grows it to 16 MB (two semi-spaces, 32 MB resident)
 * while a large file loads, since most of what a load allocates is young garbage or a tree kept for good; at 4 MB the
 * scavenges copy the same survivors and the process holds 24 MB less. One run each of lint --jobs 1 on the bench's
 * 200 MB session (test/bench), alternating, CPU user + sys / peak RSS, semi-space of 16 (V8's default), 4 and 1 MB:
 * 2.59-2.82 s / 204 MB, 2.56-2.79 s / 181 MB, 2.76-3.11 s / 181 MB.
 */
const YOUNG_SEMI_SPACE = 4 * 1024 * 1024;

/**
 * V8 reads --max-semi-space-size only when a thread's heap is made, before any of our code runs; the growth factor it
 * reads each time the young generation grows. So once a thread's young generation has reached YOUNG_SEMI_SPACE, the
 * factor is set to 1 and it grows no more (the flag is the process's: every thread's stops there or below). Checked
 * as each file loads (engine/heap-room.ts): the young generation grows only while something allocates a lot.
 */
function capYoungGeneration(): void {
  let capped = false;
  setYoungGenerationWatch(() => {
    if (capped) return;
    // space_size counts both semi-spaces.
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    if (young === undefined || young.space_size < 2 * YOUNG_SEMI_SPACE) return;
    capped = true;
    try {
      v8.setFlagsFromString('--semi-space-growth-factor=1');
    } catch {}
  });
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
  capYoungGeneration();
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
