// Temp files a fix writes before renaming or linking them into place: their names (hidden, with our pid, so a
// later run can tell whose they are), and writing one with the original's owner, group and mode, synced to disk.
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { type Bytes, piecesOf } from '../loader/bytes.js';
import { WriteError } from './write-error.js';
import type { WriteFs } from './write-fs.js';

/** The temp files this process has in flight: a later sweep in the same process must not take them for stale. */
export const liveTemps = new Set<string>();

/** Backups made for a replacement that is not renamed into place yet: clutter if the write stops there. */
export const unconfirmedBackups = new Set<string>();

/** `.<name>.<pid>.<8 hex>.tmp` in `dir`; `name` is the file's name, or `<name>.bak` for a backup's. */
export function tempPath(dir: string, name: string): string {
  return path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Matches our temp files for `name` (and for its backups), capturing the pid. */
export function tempPattern(name: string): RegExp {
  return namePattern(name, '(\\d+)');
}

/** Matches the temp files for `name` (and its backups) that this process writes. */
export function ownTempPattern(name: string): RegExp {
  return namePattern(name, String(process.pid));
}

function namePattern(name: string, pid: string): RegExp {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${escaped}(?:\\.bak)?\\.${pid}\\.[0-9a-f]{8}\\.tmp$`);
}

/** Node's FileHandle#writeFile takes an iterable of chunks (since 15.14); @types/node 20 does not say so. */
interface PieceWriter {
  writeFile(data: Iterable<Uint8Array>): Promise<void>;
}

/** What goes into a temp file: bytes, or a writer that puts them there through the handle. */
export type TempContent = Bytes | ((out: FileHandle) => Promise<void>);

/**
 * Creates `tmp` (O_APPEND: later writes through the handle only ever add at the end), writes `data`, gives it
 * `like`'s owner, group and mode, and syncs it. Returns the open handle; on failure removes the file.
 */
export async function writeTemp(
  io: WriteFs,
  tmp: string,
  data: TempContent,
  like: Stats,
  shownPath: string,
): Promise<FileHandle> {
  const handle = await io.open(tmp, 'ax', like.mode & 0o777);
  liveTemps.add(tmp);
  try {
    // Pieces go out one after another: a large fixed file is never joined in memory.
    if (typeof data === 'function') await data(handle);
    else await (handle as unknown as PieceWriter).writeFile(piecesOf(data));
    await finish(handle, like, shownPath);
    return handle;
  } catch (err) {
    await handle.close().catch(() => undefined);
    await removeTemp(io, tmp);
    throw err;
  }
}

/** A temp file this process already wrote in full (fix-on-disk.ts): its path, size and identity. */
export interface WrittenTemp {
  path: string;
  length: number;
  dev: number;
  ino: number;
}

/**
 * Takes a written temp file as writeTemp would have left it: opened again (O_APPEND, and readable, so its end can
 * be compared), checked to be the very file written, given `like`'s owner, group and mode, and synced. On failure
 * removes it.
 */
export async function adoptTemp(io: WriteFs, temp: WrittenTemp, like: Stats, shownPath: string): Promise<FileHandle> {
  try {
    const handle = await io.open(temp.path, constants.O_RDWR | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
    try {
      const now = await handle.stat();
      if (now.dev !== temp.dev || now.ino !== temp.ino || now.size !== temp.length)
        throw new WriteError(
          `the temp file for ${shownPath} was replaced or changed; the original is unchanged`,
          shownPath,
        );
      await finish(handle, like, shownPath);
      return handle;
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
  } catch (err) {
    await removeTemp(io, temp.path);
    throw err;
  }
}

/** The owner, group and mode of `like`, then a sync. */
async function finish(handle: FileHandle, like: Stats, shownPath: string): Promise<void> {
  await keepOwnership(handle, like, shownPath);
  await handle.sync();
}

/**
 * A replacement keeps the original's times. The agents order their sessions by modification time (`claude --continue`
 * resumes the latest, its picker lists them so): a repaired session keeps its place among them. A line appended later
 * (late-appends.ts) makes the time new again, as it should. A backup is not given them: it is made now, and a clean-up
 * by age must not take a fresh one for old.
 *
 * A replacement of the same size is one second newer: tools that take a file of the same size and modification time
 * (to the second) for unchanged, as rsync's quick check and make do, would otherwise never copy the repair.
 */
export async function keepTimes(handle: FileHandle, like: Stats): Promise<void> {
  const sameSize = await handle
    .stat()
    .then((now) => now.size === like.size)
    .catch(() => false);
  const mtime = sameSize ? new Date(like.mtime.getTime() + SAME_SIZE_STEP_MS) : like.mtime;
  await handle.utimes(like.atime, mtime).catch(() => undefined);
}

const SAME_SIZE_STEP_MS = 1000;

export async function removeTemp(io: WriteFs, tmp: string): Promise<void> {
  await io.unlink(tmp).catch(() => undefined);
  liveTemps.delete(tmp);
}

/**
 * Owner and group where we may set them (root; or a group we are in), then the mode, always: open() applied the
 * umask, and chown clears set-id bits. An owner or group we cannot keep is a refusal, not a silent change.
 */
async function keepOwnership(handle: FileHandle, like: Stats, shownPath: string): Promise<void> {
  try {
    await handle.chown(like.uid, like.gid);
  } catch (err) {
    const now = await handle.stat();
    if (now.uid !== like.uid || now.gid !== like.gid) {
      throw new WriteError(
        `could not write ${shownPath}: its owner and group (${like.uid}:${like.gid}) could not be kept (${(err as Error).message}); the original is unchanged`,
        shownPath,
      );
    }
  }
  await handle.chmod(like.mode & 0o7777);
}

/** Makes a rename or link in `dir` durable; where a folder cannot be opened or synced, there is nothing to do. */
export async function syncDir(io: WriteFs, dir: string): Promise<void> {
  const handle = await io.open(dir, 'r').catch(() => undefined);
  if (handle === undefined) return;
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}
