// Lets whoever loads a file watch the heap while its lines are parsed (engine/heap-room.ts): the loader reports when
// a load starts, and then every WATCH_BYTES of lines it has parsed or every WATCH_LINES lines, whichever comes first.
// Nothing is watched unless a watcher is set, and only one file is loaded at a time on a thread, so one watcher is
// enough.
// Often enough that dense data (ten times its size in heap) cannot outgrow a small heap between two reports.
export const WATCH_BYTES = 1024 * 1024;
// A line costs the heap ~100 bytes however short it is (a file of 2.9 MB of newlines took ~150 MB, a line each), so
// short lines are counted too: 16,384 of them are ~2 MB of heap.
export const WATCH_LINES = 16 * 1024;

/** How far a load has got: bytes of lines parsed, and how many of those lines were JSON objects (entries). */
export type ScanWatcher = (parsed: number, entries: number) => void;

let watcher: ScanWatcher | undefined;

/** Sets the watcher until the returned function is called. */
export function watchScans(fn: ScanWatcher): () => void {
  const previous = watcher;
  watcher = fn;
  return () => {
    watcher = previous;
  };
}

/** Told by the loader how many bytes of lines it has parsed so far, and how many entries (0, 0: a load starts). */
export function scanned(parsed: number, entries: number): void {
  watcher?.(parsed, entries);
}
