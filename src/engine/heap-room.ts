// A file too large for the heap V8 lets this process have would end it with a fatal "JavaScript heap out of memory"
// and a native stack trace, exit 134: no code can catch that. So while a large file's lines are parsed, the heap its
// model will take is projected from what the lines parsed so far took, and the lint stops with an error that says
// what to do before the heap runs out. A session's model is about 0.85x its size on disk on real sessions (the 200 MB
// bench session needs --max-old-space-size=175 to lint, 180 to fix), but it depends on the data's shape, which the
// projection measures instead of assuming.
import v8 from 'node:v8';
import { collectGarbage } from './memory.js';

/** The file's model would not fit in the heap this process may use. */
export class HeapExhaustedError extends Error {
  override name = 'HeapExhaustedError';
  /** Not an errno code: describeReadError words it (and a worker's error keeps it when it crosses threads). */
  readonly code = 'EHEAP';
}

/** What the rules, the request and a fix's plan take beyond the loaded model, as a share of it. */
const AFTER_LOAD = 0.05;
/** Of the old generation's room, what the model may fill: V8 gives up a little before it is full. */
const FILL = 0.92;

const MB = 1024 * 1024;

/**
 * The heap a model may take: V8's limit counts the young generation (three times its semi-space: 48 MB by default),
 * which long-lived objects leave for the old one, and the old one's room is what runs out (a 160 MB old generation
 * failed at 163 MB in use, with a heap_size_limit of 208 MB).
 */
function modelRoom(): number {
  return (v8.getHeapStatistics().heap_size_limit - 3 * semiSpaceBytes()) * FILL;
}

/** V8's semi-space size: its default, unless node was started with --max-semi-space-size (in MB). */
function semiSpaceBytes(): number {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  let mb = 16;
  for (const flag of flags) {
    const m = /^--max[-_]semi[-_]space[-_]size=(\d+)$/.exec(flag);
    if (m) mb = Number(m[1]);
  }
  return mb * MB;
}

/** Watches the heap while one large file's lines are parsed (see FileBytes). */
export class HeapRoom {
  #baseline: number | undefined;
  /** The heap in use after the last full collection this made, if any. */
  #collectedAt: number | undefined;

  constructor(private readonly size: number) {}

  /**
   * Called as the file's lines are parsed (every 1 MiB, loader/scan-watch.ts, and before each chunk), with how many
   * of its bytes were parsed so far; 0 sets the baseline. Throws HeapExhaustedError when the whole file's model, at
   * the rate so far, would not fit.
   */
  check(parsed: number): void {
    let used = v8.getHeapStatistics().used_heap_size;
    if (this.#baseline === undefined || parsed === 0) {
      this.#baseline = used;
      return;
    }
    const room = modelRoom();
    if (this.#projected(used, parsed) <= room) return;
    // The heap in use holds garbage too: what a full collection leaves says what the model really takes. A
    // collection costs a walk of the whole heap, so another waits until the heap has grown by an eighth.
    if ((this.#collectedAt === undefined || used > this.#collectedAt * 1.125) && collectGarbage()) {
      used = v8.getHeapStatistics().used_heap_size;
      this.#collectedAt = used;
      if (this.#projected(used, parsed) <= room) return;
    }
    throw new HeapExhaustedError(tooLarge(this.#projected(used, parsed), room));
  }

  #projected(used: number, parsed: number): number {
    const base = this.#baseline!;
    const model = Math.max(0, used - base) * (this.size / parsed);
    return base + model * (1 + AFTER_LOAD);
  }
}

/**
 * A file read whole: its model is taken to be at least as large as the file, which must fit in the heap left. As its
 * lines are parsed, a HeapRoom watches the rest (FileBytes.whole).
 */
export function checkRoomForWhole(size: number): void {
  const need = () => v8.getHeapStatistics().used_heap_size + size * (1 + AFTER_LOAD);
  const room = modelRoom();
  // Garbage is not room taken: collect before refusing.
  if (need() > room && (!collectGarbage() || need() > room)) throw new HeapExhaustedError(tooLarge(need(), room));
}

function tooLarge(need: number, room: number): string {
  return (
    `it is too large for the memory Node allows this process: linting it needs about ` +
    `${Math.ceil(need / MB)} MB of heap, and about ${Math.floor(room / MB)} MB are free for it; ` +
    moreMemoryAdvice(need / FILL)
  );
}

/** How to give Node a heap of `bytes`, rounded up to a tidy figure. */
export function moreMemoryAdvice(bytes: number): string {
  const mb = Math.ceil(bytes / (256 * MB)) * 256;
  return `run it with NODE_OPTIONS=--max-old-space-size=${mb} (in MB) if the machine has that much memory`;
}
