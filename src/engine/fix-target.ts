// What --fix may replace: a regular file (after following a symlink), small enough to be held whole, and writable
// by us without changing who owns it. Anything else is refused before a byte is written.
import { constants, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { InputKindError, kindOf, MAX_FILE_BYTES, tooBig } from './read-regular.js';
import { WriteError } from './write-error.js';
import type { WriteFs } from './write-fs.js';

/** Why `stat` is no file --fix reads or writes (as the error a reader reports), or undefined when it is one. */
function notFixable(stat: Stats): InputKindError | undefined {
  if (!stat.isFile()) return new InputKindError(`it is ${kindOf(stat)}, not a regular file`, 'ENOTREG');
  if (stat.size > MAX_FILE_BYTES) return new InputKindError(tooBig(stat.size, MAX_FILE_BYTES), 'ETOOBIG');
  return undefined;
}

/**
 * Opens `filePath` (through a symlink) for reading once it is known to be a fixable file. The stat comes first so a
 * device is never opened; O_NONBLOCK keeps a FIFO swapped in meanwhile from blocking the open, and the fstat after
 * it catches that swap.
 */
export async function openFixable(
  io: Pick<WriteFs, 'stat' | 'open'>,
  filePath: string,
): Promise<{ handle: FileHandle; stat: Stats }> {
  const refused = notFixable(await io.stat(filePath));
  if (refused !== undefined) throw refused;
  const handle = await io.open(filePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = await handle.stat();
    const late = notFixable(stat);
    if (late !== undefined) throw late;
    return { handle, stat };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/** The whole of a fixable file. */
export async function readFixable(io: Pick<WriteFs, 'stat' | 'open'>, filePath: string): Promise<Buffer> {
  const { handle } = await openFixable(io, filePath);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Refuses a file we should not replace: one nobody may write (0444: root could, but its owner said no), or one owned
 * by another user (the replacement would be ours). Root acts as the owner; ACLs are not consulted.
 */
export function assertReplaceable(filePath: string, stat: Stats): void {
  const why = whyNotReplaceable(stat);
  if (why === 'owner') {
    throw new WriteError(
      `${filePath} belongs to another user (uid ${stat.uid}): a fixed copy would belong to you, so it is left as it is; the original is unchanged`,
      filePath,
    );
  }
  if (why === 'read-only') {
    throw new WriteError(
      `${filePath} is read-only (mode ${modeOf(stat)}), so it is left as it is (chmod u+w to allow --fix); the original is unchanged`,
      filePath,
    );
  }
}

/** Why assertReplaceable refuses a file, if it does: another user's, or read-only. */
export function whyNotReplaceable(stat: Stats): 'owner' | 'read-only' | undefined {
  const euid = process.geteuid?.();
  if (euid !== undefined && euid !== 0 && stat.uid !== euid) return 'owner';
  if ((stat.mode & 0o200) === 0) return 'read-only';
  return undefined;
}

/** "0444" */
export const modeOf = (stat: Stats): string => (stat.mode & 0o777).toString(8).padStart(4, '0');
