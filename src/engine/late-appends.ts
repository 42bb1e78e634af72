// Bytes appended to the original after its last check, in the moment before the rename replaced it: they are in
// the old file only, which we still hold open. They are copied, in order, to the end of the new file.
//
// When the original ended in an unterminated line (torn, or still being written) that the fix dropped or changed,
// the new bytes may continue that line. So that no byte is lost and none is glued to the wrong line, the old
// unterminated line goes first, as the original holds it: the new file ends exactly as the original would. The
// fixed version of that line (if the fix kept one) stays too; the next lint reports the pair.
import type { FileHandle } from 'node:fs/promises';
import { type Bytes, piecesOf } from '../loader/bytes.js';

const CHUNK = 1024 * 1024;

/**
 * Copies what `old` holds from offset `from` (at first `original.length`) to the end of `out` (opened O_APPEND),
 * until `old` stops growing. Returns the offset reached.
 */
export async function carryOverAppends(
  old: FileHandle,
  original: Uint8Array,
  fixed: Bytes,
  out: FileHandle,
  from: number,
): Promise<number> {
  let at = from;
  for (;;) {
    const { size } = await old.stat();
    if (size <= at) break;
    if (at === original.length) {
      const tail = unterminatedTail(original);
      if (tail.length > 0 && !endsWith(fixed, tail)) await writeAll(out, tail);
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

/** The bytes after the last newline (empty when the file ends with one). */
export function unterminatedTail(bytes: Uint8Array): Uint8Array {
  return bytes.subarray(bytes.lastIndexOf(0x0a) + 1);
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

async function writeAll(out: FileHandle, bytes: Uint8Array): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await out.write(bytes, done, bytes.length - done);
    done += bytesWritten;
  }
}
