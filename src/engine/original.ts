// What a fix was computed from, as the write checks it: the bytes themselves (a file read whole), or, for a large
// file fixed on disk (fix-on-disk.ts), their length, SHA-256 and the length of their unterminated tail. Either way
// the file must still hold exactly that when it is replaced, and its backup is exactly that. A digest also keeps the
// file's stat from before that read when the file was settled then (FileStamp): while the file still has that stat,
// it was not written since, and the write checks it without reading and hashing it a second time.
import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** A file's bytes as a fix read them, known by their digest (engine/file-bytes.ts). */
export interface OriginalDigest {
  length: number;
  /** SHA-256, hex. */
  sha256: string;
  /** How many bytes follow the last line feed (see late-appends.ts): the file holds them, so they are not kept. */
  tailLength: number;
  /** The file's stat from before the read, when it was settled then (settledStamp). */
  stamp?: FileStamp;
}

/**
 * A file's identity, size and times in nanoseconds. Every write to a file sets its modification and change times to
 * the clock's time, in steps of the filesystem's granularity (a few ms on Linux, 2 s on FAT). A stat whose times were
 * at least SETTLED_MS old when it was taken therefore sees any later write as a change of time (git's "racily clean"
 * rule); a change time cannot be set back by any program.
 */
export interface FileStamp {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

/** How old a file's times must be for its stat to stand in for its bytes. */
export const SETTLED_MS = 3000;

/** The stamp of `stats` when both its times are at least SETTLED_MS before `beforeMs` (read before the stat). */
export function settledStamp(stats: BigIntStats, beforeMs: number): FileStamp | undefined {
  const limit = BigInt(Math.floor(beforeMs - SETTLED_MS)) * 1_000_000n;
  if (stats.mtimeNs >= limit || stats.ctimeNs >= limit) return undefined;
  const { dev, ino, size, mtimeNs, ctimeNs } = stats;
  return { dev, ino, size, mtimeNs, ctimeNs };
}

/** Whether `stats` is the stamped file, not written since. */
export function sameStamp(stamp: FileStamp, stats: BigIntStats): boolean {
  return (
    stats.dev === stamp.dev &&
    stats.ino === stamp.ino &&
    stats.size === stamp.size &&
    stats.mtimeNs === stamp.mtimeNs &&
    stats.ctimeNs === stamp.ctimeNs
  );
}

/** Whether the handle's file still has the digest's stamp (so holds what was read without being read again). */
async function stillStamped(handle: FileHandle, original: Original): Promise<boolean> {
  if (original instanceof Uint8Array || original.stamp === undefined) return false;
  return sameStamp(original.stamp, await handle.stat({ bigint: true }));
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
  if (await stillStamped(handle, original)) return true;
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
 * did, else OriginalChangedError, after the copy. When the file keeps the digest's stamp from before the copy to
 * after it, what was copied is what the fix read, and is not hashed; a file that lost its stamp during the copy was
 * written meanwhile, which is OriginalChangedError too (the write's last check would refuse it anyway).
 */
export async function writeOriginal(from: FileHandle, out: FileHandle, original: OriginalDigest): Promise<void> {
  const stamped = await stillStamped(from, original);
  const hash = stamped ? undefined : createHash('sha256');
  const chunk = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(original.length, 1)));
  let at = 0;
  while (at < original.length) {
    const { bytesRead } = await from.read(chunk, 0, Math.min(chunk.length, original.length - at), at);
    if (bytesRead === 0) break;
    const got = chunk.subarray(0, bytesRead);
    hash?.update(got);
    await writeAll(out, got);
    at += bytesRead;
  }
  if (at !== original.length) throw new OriginalChangedError('the file no longer holds what the fix read');
  if (hash) {
    if (hash.digest('hex') !== original.sha256)
      throw new OriginalChangedError('the file no longer holds what the fix read');
    return;
  }
  if (!(await stillStamped(from, original))) throw new OriginalChangedError('the file was written during its backup');
}

export async function writeAll(out: FileHandle, bytes: Uint8Array): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await out.write(bytes, done, bytes.length - done);
    done += bytesWritten;
  }
}
