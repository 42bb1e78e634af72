// --fix for one file: read, run the fix loop, and (unless previewing) write the result atomically with a backup.
import { readFile } from 'node:fs/promises';
import { type FixOptions, type FixOutcome, fixBytes } from '../fixer/loop.js';
import { writeFileAtomic, type WriteOptions } from './io.js';

export interface FixFileOptions extends FixOptions {
  /** Compute the fixes but write nothing (--fix-dry-run, --diff). */
  dryRun?: boolean;
  /** false: no backup; a string: the backup folder; default: `<file>.bak` beside the file. */
  backup?: boolean | string;
  /** For tests: the filesystem calls the write uses (see io.ts). */
  fsImpl?: WriteOptions['fsImpl'];
}

export interface FixFileResult {
  filePath: string;
  original: Uint8Array;
  outcome: FixOutcome;
  written: boolean;
  backupPath?: string;
}

export async function fixFile(filePath: string, options: FixFileOptions = {}): Promise<FixFileResult> {
  const original = await readFile(filePath);
  const outcome = fixBytes(filePath, original, options);
  if (!outcome.changed || options.dryRun || outcome.status === 'worse') {
    return { filePath, original, outcome, written: false };
  }
  const { backupPath } = await writeFileAtomic(filePath, outcome.outputPieces, { original, backup: options.backup, fsImpl: options.fsImpl });
  return { filePath, original, outcome, written: true, backupPath };
}
