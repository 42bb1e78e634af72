// Writing a repaired transcript without ever losing the original: backup first, then a temp file in the same
// folder (same filesystem, so the rename is atomic), fsync, a last check that nobody appended to the original
// since it was read (Claude Code may still be running), and the rename. Any failure removes the temp file, and one
// before the rename also the backup it made.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type Bytes, piecesOf } from '../loader/bytes.js';

export class WriteError extends Error {
  constructor(
    message: string,
    readonly filePath: string,
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

export interface WriteOptions {
  /** The bytes the fix was computed from: the file must still hold exactly these. */
  original: Uint8Array;
  /** false: no backup; a string: the folder backups go to; default: beside the file. */
  backup?: boolean | string;
  /** For tests: the filesystem calls, so faults can be injected. */
  fsImpl?: Pick<typeof fs, 'open' | 'readFile' | 'rename' | 'unlink' | 'stat' | 'copyFile' | 'mkdir' | 'writeFile'>;
}

export interface WriteResult {
  backupPath?: string;
}

/** Node's FileHandle#writeFile takes an iterable of chunks (since 15.14); @types/node 20 does not say so. */
interface PieceWriter {
  writeFile(data: Iterable<Uint8Array>): Promise<void>;
}

const digest = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Writes `data` (whole, or in pieces written one after another) in place of `filePath`. */
export async function writeFileAtomic(filePath: string, data: Bytes, options: WriteOptions): Promise<WriteResult> {
  const io = options.fsImpl ?? fs;
  const dir = path.dirname(filePath);
  const tmp = path.join(dir, `.${path.basename(filePath)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let backupPath: string | undefined;
  let backupWritten = false;
  let renaming = false;
  try {
    const stat = await io.stat(filePath);
    await assertUnchanged(io, filePath, options.original);
    if (options.backup !== false) {
      backupPath = await freeBackupPath(io, filePath, typeof options.backup === 'string' ? options.backup : undefined);
      await io.writeFile(backupPath, options.original, { flag: 'wx', mode: stat.mode & 0o777 });
      backupWritten = true;
    }
    const handle = await io.open(tmp, 'wx', stat.mode & 0o777);
    try {
      // Pieces go out one after another: a large fixed file is never joined in memory.
      await (handle as unknown as PieceWriter).writeFile(piecesOf(data));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await assertUnchanged(io, filePath, options.original);
    renaming = true;
    await io.rename(tmp, filePath);
    return { backupPath };
  } catch (err) {
    await io.unlink(tmp).catch(() => undefined);
    // Before the rename the original is unchanged, so the backup just made of it is only clutter. A rename that
    // failed is not trusted to have done nothing (network filesystems can report an error for a rename that
    // happened): the backup stays.
    if (backupWritten && !renaming && backupPath !== undefined) await io.unlink(backupPath).catch(() => undefined);
    if (err instanceof WriteError) throw err;
    throw new WriteError(`could not write ${filePath}: ${describe(err)}; the original is unchanged`, filePath);
  }
}

async function assertUnchanged(io: NonNullable<WriteOptions['fsImpl']>, filePath: string, original: Uint8Array): Promise<void> {
  if (!(await sameContent(io, filePath, original))) {
    throw new WriteError(
      `${filePath} changed while it was being fixed (is Claude Code still writing to it?); nothing was written`,
      filePath,
    );
  }
}

const COMPARE_CHUNK = 1024 * 1024;

/** Whether the file holds exactly `original`, read a chunk at a time (a large session is not read whole again). */
async function sameContent(io: NonNullable<WriteOptions['fsImpl']>, filePath: string, original: Uint8Array): Promise<boolean> {
  if (original.length <= COMPARE_CHUNK) {
    const now = await io.readFile(filePath);
    return now.length === original.length && digest(now) === digest(original);
  }
  const handle = await io.open(filePath, 'r');
  try {
    const chunk = Buffer.alloc(COMPARE_CHUNK);
    const want = Buffer.from(original.buffer, original.byteOffset, original.byteLength);
    let at = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, COMPARE_CHUNK, at);
      if (bytesRead === 0) return at === want.length;
      if (at + bytesRead > want.length || !chunk.subarray(0, bytesRead).equals(want.subarray(at, at + bytesRead))) return false;
      at += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** `<file>.bak`, or `<file>.bak.1`, `.bak.2`... when taken; in `dir` when given. */
async function freeBackupPath(io: NonNullable<WriteOptions['fsImpl']>, filePath: string, dir?: string): Promise<string> {
  if (dir !== undefined) await io.mkdir(dir, { recursive: true });
  const base = dir !== undefined ? path.join(dir, path.basename(filePath)) : filePath;
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? `${base}.bak` : `${base}.bak.${n}`;
    try {
      await io.stat(candidate);
    } catch {
      return candidate;
    }
  }
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case 'ENOSPC':
      return 'the disk is full';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the filesystem is read-only';
    default:
      return e instanceof Error ? e.message : String(err);
  }
}

