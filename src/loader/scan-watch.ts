// Lets whoever reads a large file whole watch the heap while its lines are parsed (engine/heap-room.ts): the loader
// reports every WATCH_BYTES of lines it has parsed. Nothing is watched unless a watcher is set, and only one file is
// loaded at a time on a thread, so one watcher is enough.
// Often enough that dense data (ten times its size in heap) cannot outgrow a small heap between two reports.
export const WATCH_BYTES = 1024 * 1024;

let watcher: ((parsed: number) => void) | undefined;

/** Sets the watcher until the returned function is called. */
export function watchScans(fn: (parsed: number) => void): () => void {
  const previous = watcher;
  watcher = fn;
  return () => {
    watcher = previous;
  };
}

/** Told by the loader how many bytes of lines it has parsed so far. */
export function scanned(parsed: number): void {
  watcher?.(parsed);
}
