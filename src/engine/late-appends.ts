// Bytes appended to the original after its last check, in the moment before the rename replaced it: they are in
// the old file only, which we still hold open. They are copied, in order, to the end of the new file.
//
// When the original ended in an unterminated line (torn, or still being written) that the fix dropped or changed,
// the new bytes may continue that line. So that no byte is lost and none is glued to the wrong line, the old
// unterminated line goes first, as the original holds it: the new file ends exactly as the original would. The
// fixed version of that line (if the fix kept one) stays too; the next lint reports the pair.
import type { FileHandle } from 'node:fs/promises';
import { type Bytes, piecesOf } from '../loader/bytes.js';
import { writeAll } from './original.js';

/** What the appends follow: the original's length and unterminated tail, and whether the fixed file ends with it. */
export interface AppendBase {
  length: number;
  tail: Uint8Array;
  fixedEndsWith(tail: Uint8Array): Promise<boolean>;
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
    if (at === base.length) {
      const { tail } = base;
      if (tail.length > 0 && !(await base.fixedEndsWith(tail))) await writeAll(out, tail);
    }
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

/** Whether the concatenated pieces end with `suffix`. */
export function endsWith(data: Bytes, suffix: Uint8Array): boolean {
  let need = suffix.length;
  const pieces = piecesOf(data);
  for (let i = pieces.length - 1; i >= 0 && need > 0; i--) {
    const piece = pieces[i]!;
    const n = Math.min(need, piece.length);
    const a = piece.subarray(piece.length - n);
    const b = suffix.subarray(need - n, need);
    if (!Buffer.from(a.buffer, a.byteOffset, a.length).equals(b)) return false;
    need -= n;
  }
  return need === 0;
}
