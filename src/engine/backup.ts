// The backup of a file about to be replaced: a temp file, synced, then linked to the first free name of
// `<file>.bak`, `<file>.bak.1`, ... A kill leaves either no backup or a whole one (a stray temp file at worst,
// which the next --fix removes), and link() never replaces a name that exists, even a dangling symlink.
import type { Stats } from 'node:fs';
import path from 'node:path';
import { makeFolders } from './make-folders.js';
import { removeTemp, syncDir, type TempContent, tempPath, writeTemp } from './temp-file.js';
import { nameTaken, type WriteFs } from './write-fs.js';

export interface BackupPlace {
  /** The file as it was named: its backup takes its name, beside it unless `dir` is given. */
  filePath: string;
  dir?: string;
}

/** Writes `original` as the backup of `place.filePath`, owned and moded `like` the original; returns its path. */
export async function writeBackup(
  io: WriteFs,
  original: TempContent,
  place: BackupPlace,
  like: Stats,
): Promise<string> {
  const dir = place.dir ?? path.dirname(place.filePath);
  if (place.dir !== undefined) await makeFolders(io, place.dir);
  const name = path.basename(place.filePath);
  const tmp = tempPath(dir, `${name}.bak`);
  const handle = await writeTemp(io, tmp, original, like, place.filePath);
  try {
    await handle.close();
    const backupPath = await linkToFreeName(io, tmp, path.join(dir, name));
    await syncDir(io, dir);
    return backupPath;
  } finally {
    await removeTemp(io, tmp);
  }
}

// Filesystems without hard links (FAT, some network and FUSE mounts) say so with one of these.
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

async function linkToFreeName(io: WriteFs, tmp: string, base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? `${base}.bak` : `${base}.bak.${n}`;
    if (await nameTaken(io, candidate)) continue;
    try {
      await io.link(tmp, candidate);
      return candidate;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') continue;
      if (!NO_LINKS.has(code)) throw err;
      // No links here: a rename to the name just seen free (a backup made in the instant between could be lost).
      await io.rename(tmp, candidate);
      return candidate;
    }
  }
}
