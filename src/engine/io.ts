// Writing a repaired transcript without ever losing the original or what is appended to it meanwhile. Through a
// symlink to its target; refused for a file we should not replace (fix-target.ts) or one another process holds
// open (open-by-others.ts) unless forced. A whole backup first (backup.ts), then a temp file in the target's
// folder (same filesystem, so the rename is atomic) with the original's owner, group and mode, synced; a last
// check that the file is still exactly what the fix was computed from; the rename; and then the bytes appended in
// the moment before the rename, copied from the old file we hold open (late-appends.ts). Any failure before the
// rename removes the temp file and the backup it made. A large file fixed on disk (fix-on-disk.ts) comes with its
// temp file already written, and with the digest of what the fix read in place of its bytes (original.ts): the
// backup is copied from the file and must hash to it, and so must the file at the last check.
import type { Stats } from 'node:fs';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { byteLengthOf, type Bytes } from '../loader/bytes.js';
import { writeBackup } from './backup.js';
import { assertReplaceable, openFixable } from './fix-target.js';
import { carryOverAppends, type ReadAt, readerOf, readerOfBytes, sameEnds } from './late-appends.js';
import { describeOpeners, type FindOpeners, openersOf } from './open-by-others.js';
import { holdsOriginal, type Original, OriginalChangedError, tailLengthOf, writeOriginal } from './original.js';
import {
  adoptTemp,
  liveTemps,
  removeTemp,
  syncDir,
  tempPath,
  unconfirmedBackups,
  type WrittenTemp,
  keepTimes,
  writeTemp,
} from './temp-file.js';
import { describeFsError, WriteError } from './write-error.js';
import { writeRefused } from './write-guard.js';
import type { WriteFs } from './write-fs.js';

export { WriteError } from './write-error.js';
export type { WriteFs } from './write-fs.js';

export interface WriteOptions {
  /** What the fix was computed from (its bytes, or their digest): the file must still hold exactly that. */
  original: Original;
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

/**
 * What replaces the file: bytes (whole, or in pieces written one after another), or a temp file already written in
 * the target's folder (fix-on-disk.ts), renamed into place as it is.
 */
export type Replacement = Bytes | WrittenTemp;

/** Writes `data` in place of `filePath`. */
export async function writeFileAtomic(
  filePath: string,
  data: Replacement,
  options: WriteOptions,
): Promise<WriteResult> {
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
  data: Replacement,
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
async function putInPlace(io: WriteFs, filePath: string, data: Replacement, held: Held, options: WriteOptions) {
  const { realPath, stat } = held;
  const written = isWrittenTemp(data) ? data : undefined;
  const tmp = written?.path ?? tempPath(path.dirname(realPath), path.basename(realPath));
  let backupPath: string | undefined;
  let out: FileHandle | undefined;
  let renaming = false;
  try {
    assertReplaceable(filePath, stat);
    assertWriteAllowed(filePath);
    await assertUnchanged(io, filePath, held, options.original, false);
    // A temp file written elsewhere could not be renamed over the file (and would not be the file's folder's).
    if (written && path.dirname(written.path) !== path.dirname(realPath))
      throw new WriteError(`${filePath} now points to another folder; the original is unchanged`, filePath);
    if (options.backup !== false) {
      const dir = typeof options.backup === 'string' ? options.backup : undefined;
      const { original } = options;
      // Bytes held are written as they are; a digest's file is copied from the file, checked as it goes.
      const content =
        original instanceof Uint8Array ? original : (out: FileHandle) => writeOriginal(held.handle, out, original);
      try {
        backupPath = await writeBackup(io, content, { filePath, dir }, stat);
        unconfirmedBackups.add(backupPath);
      } catch (err) {
        // The backup's place, not the file, is what failed (a full disk there, a --backup-dir that is a file).
        if (err instanceof WriteError || err instanceof OriginalChangedError) throw err;
        const where = dir ?? path.dirname(filePath);
        throw new WriteError(
          `could not write the backup of ${filePath} in ${where}: ${describeFsError(err)}; the original is unchanged`,
          filePath,
        );
      }
    }
    out = written
      ? await adoptTemp(io, written, stat, filePath)
      : await writeTemp(io, tmp, data as Bytes, stat, filePath);
    await keepTimes(out, stat);
    // Other writers are looked for once, here, with the temp file written, just before the last check and the rename
    // (an agent may start while a large file is written). A look before the backup as well would find no one this look
    // misses (a writer seen then and gone by now loses nothing), and each look reads every process's open descriptors.
    await refuseOpeners(filePath, held, options);
    await assertUnchanged(io, filePath, held, options.original, true);
    // From here on the backup may be the only copy of the original: no clean-up may remove it.
    if (backupPath !== undefined) unconfirmedBackups.delete(backupPath);
    assertWriteAllowed(filePath);
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
    if (backupPath !== undefined && !renaming) {
      unconfirmedBackups.delete(backupPath);
      await io.unlink(backupPath).catch(() => undefined);
    }
    throw err instanceof OriginalChangedError ? changedError(filePath) : asWriteError(err, filePath);
  }
}

/** Throws when the engine's user says no file may be replaced now (write-guard.ts). */
function assertWriteAllowed(filePath: string): void {
  const why = writeRefused();
  if (why !== undefined)
    throw new WriteError(`${filePath} was not written: ${why}; the original is unchanged`, filePath);
}

/**
 * After the rename: copies what reached the old file late, looks once more for a process holding the old file,
 * and copies again (a writer that was between its open and its write when we looked is done by then).
 */
async function settle(
  filePath: string,
  data: Replacement,
  held: Held,
  out: FileHandle,
  options: WriteOptions,
): Promise<number> {
  const { original } = options;
  // The original's bytes are those of the old file (held open, and checked to hold them before the rename), unless
  // they are in memory.
  const readOriginal = original instanceof Uint8Array ? readerOfBytes(original) : readerOf(held.handle);
  const fixed = isWrittenTemp(data) ? { read: readerOf(out), length: data.length } : fixedInMemory(data);
  const tailLength = tailLengthOf(original);
  const base = {
    length: original.length,
    tailLength,
    readOriginal,
    fixedEndsWithTail: () => sameEnds(fixed.read, fixed.length, readOriginal, original.length, tailLength),
  };
  let at = await carryOverAppends(held.handle, base, out, original.length);
  const holders = await (options.openers ?? openersOf)({ path: held.realPath, dev: held.stat.dev, ino: held.stat.ino });
  at = await carryOverAppends(held.handle, base, out, at);
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
  original: Original,
  full: boolean,
): Promise<void> {
  const named = await io.stat(held.realPath);
  const now = await held.handle.stat();
  const same =
    named.dev === now.dev &&
    named.ino === now.ino &&
    now.size === original.length &&
    (!full || (await holdsOriginal(held.handle, original)));
  if (!same) throw changedError(filePath);
}

function changedError(filePath: string): WriteError {
  return new WriteError(
    `${filePath} changed while it was being fixed (is an agent still writing to it?); nothing was written`,
    filePath,
  );
}

function isWrittenTemp(data: Replacement): data is WrittenTemp {
  return !(data instanceof Uint8Array) && !Array.isArray(data);
}

function fixedInMemory(data: Bytes): { read: ReadAt; length: number } {
  return { read: readerOfBytes(data), length: byteLengthOf(data) };
}

function asWriteError(err: unknown, filePath: string): WriteError {
  if (err instanceof WriteError) return err;
  return new WriteError(`could not write ${filePath}: ${describeFsError(err)}; the original is unchanged`, filePath);
}
