// Writing a repaired transcript without ever losing the original or what is appended to it meanwhile. Through a
// symlink to its target; refused for a file we should not replace (fix-target.ts) or one another process holds
// open (open-by-others.ts) unless forced. A whole backup first (backup.ts), then a temp file in the target's
// folder (same filesystem, so the rename is atomic) with the original's owner, group and mode, synced; a last
// check that the file is still exactly what the fix was computed from; the rename; and then the bytes appended in
// the moment before the rename, copied from the old file we hold open (late-appends.ts). Any failure before the
// rename removes the temp file and the backup it made.
import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Bytes } from '../loader/bytes.js';
import { writeBackup } from './backup.js';
import { assertReplaceable, openFixable } from './fix-target.js';
import { carryOverAppends } from './late-appends.js';
import { describeOpeners, type FindOpeners, openersOf } from './open-by-others.js';
import { liveTemps, removeTemp, syncDir, tempPath, writeTemp } from './temp-file.js';
import { describeFsError, WriteError } from './write-error.js';
import type { WriteFs } from './write-fs.js';

export { WriteError } from './write-error.js';
export type { WriteFs } from './write-fs.js';

export interface WriteOptions {
  /** The bytes the fix was computed from: the file must still hold exactly these. */
  original: Uint8Array;
  /** false: no backup; a string: the folder backups go to; default: beside the file. */
  backup?: boolean | string;
  /** Write even when another process holds the file open (--force). */
  force?: boolean;
  /** Told one line at a time what is worth knowing: other names of the file, bytes carried over, late holders. */
  onWarning?: (message: string) => void;
  /** For tests: the filesystem calls, so faults can be injected. */
  fsImpl?: WriteFs;
  /** For tests: who else holds the file open. */
  openers?: FindOpeners;
}

export interface WriteResult {
  backupPath?: string;
  /** The file actually replaced: the symlink's target when `filePath` is a link. */
  writtenPath: string;
  /** Bytes appended to the original in the moment before the rename, now at the end of the fixed file. */
  carriedBytes: number;
}

/** The file as it was opened for the write: held open until the end, so what reaches it late can be read. */
interface Held {
  realPath: string;
  handle: FileHandle;
  stat: Stats;
}

/** Writes `data` (whole, or in pieces written one after another) in place of `filePath`. */
export async function writeFileAtomic(filePath: string, data: Bytes, options: WriteOptions): Promise<WriteResult> {
  const io = options.fsImpl ?? fs;
  let held: Held;
  try {
    const realPath = await io.realpath(filePath);
    held = { realPath, ...(await openFixable(io, realPath)) };
  } catch (err) {
    throw asWriteError(err, filePath);
  }
  try {
    return await replace(io, filePath, data, held, options);
  } finally {
    await held.handle.close().catch(() => undefined);
  }
}

async function replace(
  io: WriteFs,
  filePath: string,
  data: Bytes,
  held: Held,
  options: WriteOptions,
): Promise<WriteResult> {
  const { backupPath, out } = await putInPlace(io, filePath, data, held, options);
  try {
    if (held.stat.nlink > 1) {
      options.onWarning?.(
        `${filePath} has ${held.stat.nlink - 1} other name(s) (hard links): only this one got the fixed file, the others keep the original`,
      );
    }
    await syncDir(io, path.dirname(held.realPath));
    const carriedBytes = await settle(filePath, data, held, out, options);
    return { backupPath, writtenPath: held.realPath, carriedBytes };
  } catch (err) {
    const kept = backupPath !== undefined ? `; ${backupPath} holds the original as it was read` : '';
    throw new WriteError(
      `${filePath} was fixed, but what was appended to it during the fix could not be added: ${describeFsError(err)}${kept}`,
      filePath,
    );
  } finally {
    await out.close().catch(() => undefined);
  }
}

/** Checks, the backup, the temp file, the last check and the rename; returns the new file's handle (O_APPEND). */
async function putInPlace(io: WriteFs, filePath: string, data: Bytes, held: Held, options: WriteOptions) {
  const { realPath, stat } = held;
  const tmp = tempPath(path.dirname(realPath), path.basename(realPath));
  let backupPath: string | undefined;
  let out: FileHandle | undefined;
  let renaming = false;
  try {
    assertReplaceable(filePath, stat);
    await assertUnchanged(io, filePath, held, options.original, false);
    await refuseOpeners(filePath, held, options);
    if (options.backup !== false) {
      const dir = typeof options.backup === 'string' ? options.backup : undefined;
      backupPath = await writeBackup(io, options.original, { filePath, dir }, stat);
    }
    out = await writeTemp(io, tmp, data, stat, filePath);
    // Again: writing a large file takes a while, long enough for an agent to start.
    await refuseOpeners(filePath, held, options);
    await assertUnchanged(io, filePath, held, options.original, true);
    renaming = true;
    await io.rename(tmp, realPath);
    liveTemps.delete(tmp);
    return { backupPath, out };
  } catch (err) {
    await out?.close().catch(() => undefined);
    await removeTemp(io, tmp);
    // Before the rename the original is unchanged, so the backup just made of it is only clutter. A rename that
    // failed is not trusted to have done nothing (network filesystems can report an error for a rename that
    // happened): the backup stays.
    if (backupPath !== undefined && !renaming) await io.unlink(backupPath).catch(() => undefined);
    throw asWriteError(err, filePath);
  }
}

/**
 * After the rename: copies what reached the old file late, looks once more for a process holding the old file,
 * and copies again (a writer that was between its open and its write when we looked is done by then).
 */
async function settle(
  filePath: string,
  data: Bytes,
  held: Held,
  out: FileHandle,
  options: WriteOptions,
): Promise<number> {
  const { original } = options;
  let at = await carryOverAppends(held.handle, original, data, out, original.length);
  const holders = await (options.openers ?? openersOf)({ path: held.realPath, dev: held.stat.dev, ino: held.stat.ino });
  at = await carryOverAppends(held.handle, original, data, out, at);
  const carried = at - original.length;
  if (carried > 0)
    options.onWarning?.(
      `${filePath}: ${carried} bytes appended while it was being fixed were added to the end of the fixed file`,
    );
  if (holders.length > 0) {
    options.onWarning?.(
      `${filePath}: ${describeOpeners(holders)} still holds the replaced file open for writing; what it writes from now on reaches neither the file nor its backup`,
    );
  }
  return carried;
}

async function refuseOpeners(filePath: string, held: Held, options: WriteOptions): Promise<void> {
  if (options.force) return;
  const holders = await (options.openers ?? openersOf)({ path: held.realPath, dev: held.stat.dev, ino: held.stat.ino });
  if (holders.length === 0) return;
  throw new WriteError(
    `${filePath} is open for writing in ${describeOpeners(holders)}: what it writes after the fix would be lost; stop it first, or use --force; the original is unchanged`,
    filePath,
  );
}

/**
 * Whether the path still names the file we hold and that file holds exactly `original` (compared in full only when
 * `full`; before that, its size is enough).
 */
async function assertUnchanged(
  io: WriteFs,
  filePath: string,
  held: Held,
  original: Uint8Array,
  full: boolean,
): Promise<void> {
  const named = await io.stat(held.realPath);
  const now = await held.handle.stat();
  const same =
    named.dev === now.dev &&
    named.ino === now.ino &&
    now.size === original.length &&
    (!full || (await sameContent(held.handle, original)));
  if (!same) {
    throw new WriteError(
      `${filePath} changed while it was being fixed (is an agent still writing to it?); nothing was written`,
      filePath,
    );
  }
}

const COMPARE_CHUNK = 1024 * 1024;

/** Whether the handle's file holds exactly `original`, read a chunk at a time (a large session is not read whole again). */
async function sameContent(handle: FileHandle, original: Uint8Array): Promise<boolean> {
  const chunk = Buffer.alloc(Math.min(COMPARE_CHUNK, original.length + 1));
  const want = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
  let at = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
    if (bytesRead === 0) return at === want.length;
    if (at + bytesRead > want.length || !chunk.subarray(0, bytesRead).equals(want.subarray(at, at + bytesRead)))
      return false;
    at += bytesRead;
  }
}

function asWriteError(err: unknown, filePath: string): WriteError {
  if (err instanceof WriteError) return err;
  return new WriteError(`could not write ${filePath}: ${describeFsError(err)}; the original is unchanged`, filePath);
}
