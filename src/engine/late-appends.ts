// Bytes appended to the original after its last check, in the moment before the rename replaced it: they are in
// the old file only, which we still hold open. They are copied, in order, to the end of the new file.
//
// When the original ended in an unterminated line (torn, or still being written) that the fix dropped or changed,
// the new bytes may continue that line. So that no byte is lost and none is glued to the wrong line, the old
// unterminated line goes first, as the original holds it: the new file ends exactly as the original would. The
// fixed version of that line (if the fix kept one) stays too; the next lint reports the pair. That line is copied
// and compared a chunk at a time (it can be a line too long to hold: a crash's run of NUL bytes).
import type { FileHandle } from 'node:fs/promises';
import { type Bytes, piecesOf } from '../loader/bytes.js';
import { writeAll } from './original.js';

/** Reads `length` bytes at `position` (fewer only past the end). */
export type ReadAt = (position: number, length: number) => Promise<Uint8Array>;

/** What the appends follow: the original's length and unterminated tail, and whether the fixed file ends with it. */
export interface AppendBase {
  length: number;
  /** How many of the original's last bytes follow its last line feed. */
  tailLength: number;
  /** The original's bytes (of which the tail is read). */
  readOriginal: ReadAt;
  fixedEndsWithTail(): Promise<boolean>;
}

const CHUNK = 1024 * 1024;

/**
 * Copies what `old` holds from offset `from` (at first `base.length`) to the end of `out` (opened O_APPEND),
 * until `old` stops growing. Returns the offset reached.
 */
export async function carryOverAppends(
  old: FileHandle,
  base: AppendBase,
  out: FileHandle,
  from: number,
): Promise<number> {
  let at = from;
  for (;;) {
    const { size } = await old.stat();
    if (size <= at) break;
    if (at === base.length && base.tailLength > 0 && !(await base.fixedEndsWithTail()))
      await copy(base.readOriginal, base.length - base.tailLength, base.length, out);
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - at));
    while (at < size) {
      const { bytesRead } = await old.read(buffer, 0, Math.min(buffer.length, size - at), at);
      if (bytesRead === 0) break;
      await writeAll(out, buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
  }
  if (at > from) await out.sync();
  return at;
}

/** Copies bytes `from` to `to` of what `read` reads to `out`, a chunk at a time. */
async function copy(read: ReadAt, from: number, to: number, out: FileHandle): Promise<void> {
  for (let at = from; at < to; ) {
    const bytes = await read(at, Math.min(CHUNK, to - at));
    if (bytes.length === 0) throw new Error('the original is shorter than it was read');
    await writeAll(out, bytes);
    at += bytes.length;
  }
}

/** Whether the `length` bytes before `endA` of `a` are those before `endB` of `b`, compared a chunk at a time. */
export async function sameEnds(a: ReadAt, endA: number, b: ReadAt, endB: number, length: number): Promise<boolean> {
  if (length > endA || length > endB) return false;
  for (let done = 0; done < length; ) {
    const n = Math.min(CHUNK, length - done);
    const x = await a(endA - length + done, n);
    const y = await b(endB - length + done, n);
    if (x.length !== n || !Buffer.from(x.buffer, x.byteOffset, n).equals(y)) return false;
    done += n;
  }
  return true;
}

/** ReadAt of an open file. */
export function readerOf(handle: FileHandle): ReadAt {
  return async (position, length) => {
    const buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buffer.subarray(0, done);
  };
}

/** ReadAt of bytes in memory, in pieces (a slice that spans pieces is a copy). */
export function readerOfBytes(data: Bytes): ReadAt {
  const pieces = piecesOf(data);
  return async (position, length) => {
    const parts: Uint8Array[] = [];
    let start = 0;
    for (const piece of pieces) {
      const end = start + piece.length;
      const from = Math.max(position, start);
      const to = Math.min(position + length, end);
      if (from < to) parts.push(piece.subarray(from - start, to - start));
      start = end;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  };
}
