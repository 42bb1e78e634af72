// The lines format detection already parsed (formats/sample.ts), for the loader to take over instead of decoding and
// parsing them a second time: a run over many small files parsed each file's first lines twice. Detection keeps only
// a line the loader would parse to the same object: valid UTF-8, `{` its first byte and `}` its last (so the trim
// detection does changed nothing), shorter than LAZY_LINE_BYTES (the loader keeps a longer line's long strings as
// bytes), parsed to an object (so it holds no NUL byte: JSON.parse refuses one). The loader takes a line by its offset
// and hands over the object only when its bytes there are the same bytes (a large file's chunks are read again).
import { Buffer } from 'node:buffer';

interface Kept {
  bytes: Uint8Array;
  value: Record<string, unknown>;
}

export class HeadParses {
  readonly #byOffset = new Map<number, Kept>();
  /** How many lines were taken over (the tests read it). */
  taken = 0;

  /** The object parsed from `bytes`, the line at offset `at` of the file (its terminator left out). */
  add(at: number, bytes: Uint8Array, value: Record<string, unknown>): void {
    this.#byOffset.set(at, { bytes, value });
  }

  /** The object of the line at `at` when it was parsed from these same bytes; once only, else undefined. */
  take(at: number, bytes: Uint8Array): Record<string, unknown> | undefined {
    const kept = this.#byOffset.get(at);
    if (!kept) return undefined;
    this.#byOffset.delete(at);
    if (!sameBytes(kept.bytes, bytes)) return undefined;
    this.taken++;
    return kept.value;
  }

  get size(): number {
    return this.#byOffset.size;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  if (a.buffer === b.buffer && a.byteOffset === b.byteOffset) return true;
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
}
