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
export async function sweepStaleTemps(
  io: WriteFs,
  places: readonly TempPlace[],
  /** The names in a folder that may be temp files (default: listed now; StaleTempSweep lists each folder once). */
  candidates: (dir: string) => Promise<readonly string[]> = (dir) => tempNamesIn(io, dir),
): Promise<string[]> {
  const notes: string[] = [];
  for (const { dir, name } of places) {
    const pattern = tempPattern(name);
    for (const entry of await candidates(dir)) {
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

/**
 * The sweeps of one run over many files (the command line's --fix): each folder is listed once, at its first file,
 * not once per file in it. A temp file left by an interrupted run is there from the start; one that appears later
 * is another --fix's, still running, which a sweep leaves in place anyway. --fix of 3000 clean sessions in one
 * folder listed 3000 names 3000 times and matched each against a pattern: 12.6 s of CPU against 3.7 s to lint them.
 */
export class StaleTempSweep {
  readonly #listed = new Map<string, Promise<readonly string[]>>();

  constructor(private readonly io: WriteFs) {}

  sweep(places: readonly TempPlace[]): Promise<string[]> {
    return sweepStaleTemps(this.io, places, (dir) => {
      let names = this.#listed.get(dir);
      if (!names) this.#listed.set(dir, (names = tempNamesIn(this.io, dir)));
      return names;
    });
  }
}

/** The names in `dir` shaped like a temp file of ours (tempPath: `.<name>...tmp`); none if it cannot be listed. */
async function tempNamesIn(io: WriteFs, dir: string): Promise<string[]> {
  const entries = await io.readdir(dir).catch(() => [] as string[]);
  return entries.filter((e) => e.startsWith('.') && e.endsWith('.tmp'));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
