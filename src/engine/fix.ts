// --fix for one file: read it (a regular file only), run the fix loop, and (unless previewing) write the result
// atomically with a backup, after clearing away temp files an interrupted earlier run left beside it.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileChangedError } from './file-bytes.js';
import { watchHeap } from './heap-room.js';
import { fixOnDisk, ON_DISK_FROM_BYTES, type PassReadProgress } from './fix-on-disk.js';
import { type FixOptions, type FixOutcome, fixBytes } from './fix-loop.js';
import type { Linter } from './lint.js';
import { readFixable } from './fix-target.js';
import { type Replacement, WriteError, writeFileAtomic, type WriteOptions } from './io.js';
import type { Original } from './original.js';
import { StaleTempSweep, type TempPlace } from './stale-temps.js';
import { removeTemp } from './temp-file.js';

export interface FixFileOptions extends FixOptions {
  /** Compute the fixes but write nothing (--fix-dry-run, --diff). */
  dryRun?: boolean;
  /** false: no backup; a string: the backup folder; default: `<file>.bak` beside the file. */
  backup?: boolean | string;
  /** Write even when another process holds the file open (--force). */
  force?: boolean;
  /** Told one line at a time what is worth knowing besides the outcome (see WriteOptions.onWarning). */
  onWarning?: (message: string) => void;
  /** For tests: the filesystem calls the write uses (see io.ts). */
  fsImpl?: WriteOptions['fsImpl'];
  /** For tests: who else holds the file open (see io.ts). */
  openers?: WriteOptions['openers'];
  /**
   * Runs the write (backup, temp file, rename) inside it: the CLI removes the write's temp file and unconfirmed
   * backup on Ctrl-C there. The fixes are computed outside it, synchronously, where no signal handler could run.
   */
  aroundWrite?: <T>(write: () => Promise<T>) => Promise<T>;
  /**
   * Called before a large file is fixed on disk, with the places its temp files go; what it returns is called when
   * that fix is over. The CLI removes the temp files there if the process dies in between (cli/temp-reaper.ts).
   */
  guardTemps?: (places: readonly TempPlace[]) => () => void;
  /** Where temp files left by an interrupted --fix are looked for: one sweep for a run over many files lists each folder once. */
  staleTemps?: StaleTempSweep;
}

export interface FixFileResult {
  filePath: string;
  original: Uint8Array;
  outcome: FixOutcome;
  written: boolean;
  backupPath?: string;
}

export function fixFile(linter: Linter, filePath: string, options: FixFileOptions = {}): Promise<FixFileResult> {
  return fixFileAt(linter, filePath, undefined, options);
}

/** fixFile, given the file's real path when the caller has it (fixFileOnDisk). */
async function fixFileAt(
  linter: Linter,
  filePath: string,
  real: string | undefined,
  options: FixFileOptions,
): Promise<FixFileResult> {
  if (!options.dryRun)
    for (const note of await sweeper(options).sweep(await tempPlaces(filePath, options.backup, real)))
      options.onWarning?.(note);
  const original = await readFixable(fs, filePath);
  const unwatch = watchHeap(original.length);
  let outcome: FixOutcome;
  try {
    outcome = fixBytes(linter, filePath, original, options);
  } finally {
    unwatch();
  }
  if (!outcome.changed || options.dryRun || outcome.status === 'worse') {
    return { filePath, original, outcome, written: false };
  }
  const { backupPath } = await write(filePath, outcome.outputPieces, original, options);
  return { filePath, original, outcome, written: true, backupPath };
}

/** writeFileAtomic with the fix's options, inside aroundWrite when there is one. */
function write(filePath: string, data: Replacement, original: Original, options: FixFileOptions) {
  const run = () =>
    writeFileAtomic(filePath, data, {
      original,
      backup: options.backup,
      force: options.force,
      onWarning: options.onWarning,
      fsImpl: options.fsImpl,
      openers: options.openers,
    });
  return options.aroundWrite ? options.aroundWrite(run) : run();
}

/** What a fix did, without the file's bytes. */
export type FixSummary = Omit<FixOutcome, 'output' | 'outputPieces'>;

/** What --fix did to a file fixed on disk: no bytes are held, so none are returned. */
export interface FixedFile {
  filePath: string;
  outcome: FixSummary;
  written: boolean;
  backupPath?: string;
}

/**
 * fixFile for writing only (no preview): a file of ON_DISK_FROM_BYTES or more is fixed without being held
 * (fix-on-disk.ts), smaller ones as fixFile does. What the command line's --fix runs.
 */
export async function fixFileOnDisk(
  linter: Linter,
  filePath: string,
  options: Omit<FixFileOptions, 'dryRun'> & {
    /** Told how far each pass over a large file has read it. */
    onReading?: PassReadProgress;
    /** For tests: the size from which a file is fixed on disk. */
    onDiskFromBytes?: number;
  } = {},
): Promise<FixedFile> {
  const real = await fs.realpath(filePath).catch(() => filePath);
  const size = await fs.stat(real).then(
    (s) => (s.isFile() ? s.size : 0),
    () => 0,
  );
  if (size < (options.onDiskFromBytes ?? ON_DISK_FROM_BYTES)) {
    const { original: _, ...rest } = await fixFileAt(linter, filePath, real, options);
    return rest;
  }
  const places = await tempPlaces(filePath, options.backup, real);
  for (const note of await sweeper(options).sweep(places)) options.onWarning?.(note);
  const release = options.guardTemps?.(places);
  try {
    let disk: ReturnType<typeof fixOnDisk>;
    try {
      disk = fixOnDisk(linter, filePath, real, options, undefined, options.onReading);
    } catch (err) {
      if (!(err instanceof FileChangedError)) throw err;
      throw new WriteError(
        `${filePath} was cut shorter while it was being fixed (is an agent rewriting it?); nothing was written`,
        filePath,
      );
    }
    const outcome = disk.loop;
    if (!disk.fixed) return { filePath, outcome, written: false };
    try {
      const { backupPath } = await write(filePath, disk.fixed, disk.original, options);
      return { filePath, outcome, written: true, backupPath };
    } finally {
      // Renamed into place, or not wanted: either way not left behind.
      await removeTemp(options.fsImpl ?? fs, disk.fixed.path);
    }
  } finally {
    release?.();
  }
}

const sweeper = (options: FixFileOptions): StaleTempSweep => options.staleTemps ?? new StaleTempSweep(fs);

/** Where a write of `filePath` puts temp files: beside its target (through a symlink) and where its backups go. */
async function tempPlaces(filePath: string, backup: FixFileOptions['backup'], known?: string): Promise<TempPlace[]> {
  const real = known ?? (await fs.realpath(filePath).catch(() => filePath));
  const places: TempPlace[] = [{ dir: path.dirname(real), name: path.basename(real) }];
  if (backup !== false) {
    const dir = typeof backup === 'string' ? backup : path.dirname(filePath);
    if (dir !== places[0]!.dir || path.basename(filePath) !== places[0]!.name)
      places.push({ dir, name: path.basename(filePath) });
  }
  return places;
}
