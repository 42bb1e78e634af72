// A file too large for the heap V8 lets this process have would end it with a fatal "JavaScript heap out of memory"
// and a native stack trace, exit 134: no code can catch that. So while a file's lines are parsed (every file the CLI
// lints or fixes, however small: a 2.9 MB file of newlines took ~150 MB), the heap the whole run will take is
// projected from what the lines parsed so far took, and the lint stops with an error that says what to do before the
// heap runs out. The run takes more than the model: the chain, the compiled request and the rules' indexes keep
// about a kilobyte per entry, whatever its size (measured on a 61.5 MB session of 150,000 short entries: a model of
// 93 MB, 231 MB once every rule had run, and V8 aborted under --max-old-space-size=256), which the projection adds.
import v8 from 'node:v8';
import { watchScans } from '../loader/scan-watch.js';
import { collectGarbage, collectorInstalled, watchYoungGeneration } from './memory.js';

/** The file's model would not fit in the heap this process may use. */
export class HeapExhaustedError extends Error {
  override name = 'HeapExhaustedError';
  /** Not an errno code: describeReadError words it (and a worker's error keeps it when it crosses threads). */
  readonly code = 'EHEAP';
}

/** What the rules, the request and a fix's plan take beyond the loaded model, as a share of it. */
const AFTER_LOAD = 0.05;
/**
 * And per entry: what the chain, the compiled request and the rules' indexes keep of it (~920 bytes measured, above),
 * with room for what a rule makes and drops (split-assistant-message allocated 105 MB on that session)...
 */
const ENTRY_RESERVE = 1536;
/** ...but never more than this many times the bytes parsed: a file of `{}` lines has entries that hold nothing. */
const RESERVE_PER_BYTE = 3;
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

/** The heap in use when `parsed` bytes of the file had been parsed. */
interface HeapAt {
  used: number;
  parsed: number;
}

const heapUsed = (): number => v8.getHeapStatistics().used_heap_size;

/** Watches the heap while one file's lines are parsed (see watchHeap, FileBytes). */
export class HeapRoom {
  /** When the load started. */
  #start: HeapAt | undefined;
  /**
   * After the first full collection this made: the rate the model grows at is measured from here once it is set.
   * From the start it is too high: the first lines also pay for what is made once (code compiled on first use), and
   * a file of 2.9 million newlines, which fits in 235 MB, was projected at 305 from its first 65,536 lines.
   */
  #anchor: HeapAt | undefined;
  /** The heap in use after the last full collection this made, if any. */
  #collectedAt: number | undefined;

  constructor(private readonly size: number) {}

  /**
   * Called as the file's lines are parsed (loader/scan-watch.ts, and before each chunk), with how many of its bytes
   * were parsed so far and how many of those lines were entries; 0 sets the baseline (each load of a fix's passes
   * starts again from what the heap holds then). Throws HeapExhaustedError when the whole run, at the rate so far,
   * would not fit.
   */
  check(parsed: number, entries = 0): void {
    watchYoungGeneration();
    let used = heapUsed();
    if (this.#start === undefined || parsed === 0) {
      this.#start = { used, parsed: 0 };
      this.#anchor = undefined;
      return;
    }
    const room = modelRoom();
    if (this.#projected(used, parsed, entries) <= room) return;
    // The heap in use holds garbage too: what a full collection leaves says what the model really takes. A
    // collection costs a walk of the whole heap, so another waits until the heap has grown by an eighth.
    const mayCollect = this.#collectedAt === undefined || used > this.#collectedAt * 1.125;
    if (mayCollect && collectGarbage()) {
      used = heapUsed();
      this.#collectedAt = used;
      if (this.#anchor === undefined) {
        // The first measure of what the model really holds: the rate is judged from here on (see #anchor).
        this.#anchor = { used, parsed };
        if (used <= room) return;
      } else if (this.#projected(used, parsed, entries) <= room) {
        return;
      }
    } else if (collectorInstalled() && used <= room) {
      return; // Judged at the next collection, once the heap has grown by an eighth.
    }
    throw new HeapExhaustedError(tooLarge(this.#projected(used, parsed, entries), room));
  }

  /** Checks the file's lines as the loader parses them (scan-watch.ts), from now until the returned call. */
  watch(): () => void {
    this.check(0);
    return watchScans((parsed, entries) => this.check(parsed, entries));
  }

  /** The heap the whole run will take: what the model takes so far, the rest at the rate since the anchor. */
  #projected(used: number, parsed: number, entries: number): number {
    const start = this.#start!;
    const from = this.#anchor !== undefined && this.#anchor.parsed < parsed ? this.#anchor : start;
    const rate = Math.max(0, used - from.used) / (parsed - from.parsed);
    const model = Math.max(0, used - start.used) + rate * Math.max(0, this.size - parsed);
    const reserve = Math.min(entries * ENTRY_RESERVE, parsed * RESERVE_PER_BYTE) * (this.size / parsed);
    return start.used + model * (1 + AFTER_LOAD) + reserve;
  }
}

/**
 * Watches the heap while a file of `size` bytes is loaded and linted (or fixed), until the returned function is
 * called. Only where a collector is installed (the command-line tool's threads, memory.ts): without one, garbage
 * would count as the model, and a library caller's files would be refused.
 */
export function watchHeap(size: number): () => void {
  return collectorInstalled() ? new HeapRoom(size).watch() : () => undefined;
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
