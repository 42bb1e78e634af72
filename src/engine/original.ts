// What a fix was computed from, as the write checks it: the bytes themselves (a file read whole), or, for a large
// file fixed on disk (fix-on-disk.ts), their length, SHA-256 and the length of their unterminated tail. Either way
// the file must still hold exactly that when it is replaced, and its backup is exactly that.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

/** A file's bytes as a fix read them, known by their digest (engine/file-bytes.ts). */
export interface OriginalDigest {
  length: number;
  /** SHA-256, hex. */
  sha256: string;
  /** How many bytes follow the last line feed (see late-appends.ts): the file holds them, so they are not kept. */
  tailLength: number;
}

export type Original = Uint8Array | OriginalDigest;

/** The original changed between the fix's read and a later read of it. */
export class OriginalChangedError extends Error {
  override name = 'OriginalChangedError';
}

const CHUNK = 1024 * 1024;

/** How many bytes follow the last line feed (0 when the file ends with one). */
export function tailLengthOf(original: Original): number {
  return original instanceof Uint8Array ? original.length - original.lastIndexOf(0x0a) - 1 : original.tailLength;
}

/** Whether the handle's file holds exactly the original, read a chunk at a time (a large file is not read whole). */
export async function holdsOriginal(handle: FileHandle, original: Original): Promise<boolean> {
  const hash = original instanceof Uint8Array ? undefined : createHash('sha256');
  const want =
    original instanceof Uint8Array ? Buffer.from(original.buffer, original.byteOffset, original.length) : undefined;
  const chunk = Buffer.alloc(Math.min(CHUNK, original.length + 1));
  let at = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
    if (bytesRead === 0) break;
    if (at + bytesRead > original.length) return false;
    const got = chunk.subarray(0, bytesRead);
    if (want && !got.equals(want.subarray(at, at + bytesRead))) return false;
    hash?.update(got);
    at += bytesRead;
  }
  return at === original.length && (hash === undefined || hash.digest('hex') === (original as OriginalDigest).sha256);
}

/**
 * Copies the first `original.length` bytes of `from` (the file itself) to `out`; they must hash as the fix's read
 * did, else OriginalChangedError, after the copy.
 */
export async function writeOriginal(from: FileHandle, out: FileHandle, original: OriginalDigest): Promise<void> {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(original.length, 1)));
  let at = 0;
  while (at < original.length) {
    const { bytesRead } = await from.read(chunk, 0, Math.min(chunk.length, original.length - at), at);
    if (bytesRead === 0) break;
    const got = chunk.subarray(0, bytesRead);
    hash.update(got);
    await writeAll(out, got);
    at += bytesRead;
  }
  if (at !== original.length || hash.digest('hex') !== original.sha256)
    throw new OriginalChangedError('the file no longer holds what the fix read');
}

export async function writeAll(out: FileHandle, bytes: Uint8Array): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await out.write(bytes, done, bytes.length - done);
    done += bytesWritten;
  }
}
