// A full garbage collection on request, for the few places where a large model has just become garbage and another is
// about to be built: between the passes of --fix on a 200 MB session, V8 grows the heap for the new model before it
// collects the old one, so both were held at once (982 MB at the peak, against 643 MB to lint it). Only the
// command-line tool provides a collector (v8-tuning.ts); as a library, this does nothing.

let collector: (() => void) | undefined;

/** Installs the function that collects garbage (V8's `gc`). */
export function setGarbageCollector(fn: (() => void) | undefined): void {
  collector = fn;
}

/** Inputs from this size on are worth a collection (between two of their models, or after a load). */
export const COLLECT_FROM_BYTES = 64 * 1024 * 1024;

/** Collects garbage now, when a collector is installed and `bytes` (the input at hand) is large. */
export function collectForLargeInput(bytes: number): void {
  if (collector && bytes >= COLLECT_FROM_BYTES) collector();
}

/** Collects garbage now if a collector is installed; whether it did. */
export function collectGarbage(): boolean {
  if (!collector) return false;
  collector();
  return true;
}

/** Whether a collector is installed: the command-line tool's threads, never the library. */
export function collectorInstalled(): boolean {
  return collector !== undefined;
}

let youngGenerationWatch: (() => void) | undefined;

/**
 * Installs what keeps V8's young generation small (v8-tuning.ts): the command-line tool's threads only, as the
 * collector.
 */
export function setYoungGenerationWatch(fn: (() => void) | undefined): void {
  youngGenerationWatch = fn;
}

/** Called as a file is loaded (heap-room.ts): lets the young generation's watch look at its size. */
export function watchYoungGeneration(): void {
  youngGenerationWatch?.();
}
