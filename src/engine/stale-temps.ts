// Temp files of ours left beside a file by a --fix that was killed (a hidden copy as large as the session):
// reported, and removed when the process that made them is gone.
import path from 'node:path';
import { liveTemps, tempPattern } from './temp-file.js';
import type { WriteFs } from './write-fs.js';

export interface TempPlace {
  dir: string;
  /** The name the temp files are for (see temp-file.ts). */
  name: string;
}

/** Looks in each place; returns one line per temp file found, saying what was done with it. */
export async function sweepStaleTemps(io: WriteFs, places: readonly TempPlace[]): Promise<string[]> {
  const notes: string[] = [];
  for (const { dir, name } of places) {
    const pattern = tempPattern(name);
    const entries = await io.readdir(dir).catch(() => [] as string[]);
    for (const entry of entries) {
      const pid = Number(pattern.exec(entry)?.[1]);
      if (!Number.isInteger(pid)) continue;
      const tmp = path.join(dir, entry);
      if (liveTemps.has(tmp)) continue;
      // Our own pid on a file not in flight is an earlier process's (pids repeat, in containers often).
      if (pid !== process.pid && isRunning(pid)) {
        notes.push(`${tmp} is a temp file of a --fix that may still be running (pid ${pid}); it was left in place`);
      } else if (
        await io.unlink(tmp).then(
          () => true,
          () => false,
        )
      ) {
        notes.push(`removed ${tmp}, a temp file left by an interrupted --fix (pid ${pid})`);
      }
    }
  }
  return notes;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
