// Where the report goes: stdout, or the -o file. The -o file is checked before the run: it must not be one of the
// inputs (`s.jsonl -o s.jsonl`, also through a symlink, `..` or a hard link, would replace a session with its own
// report), and its folder is created one level at a time, so that a folder that cannot exist (`/proc/nope/x`) fails
// at once instead of looping in a recursive mkdir.
import { chmodSync, chownSync, lstatSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeFoldersSync } from '../engine/make-folders.js';
import { tempPath } from '../engine/temp-file.js';
import { describeFsError } from '../engine/write-error.js';
import type { LintCommand } from './args.js';
import { type CliIO, warn } from './io.js';

/** A backup's name, as --fix and relocate give it: `<name>.bak`, or `<name>.bak.N` when that is taken (backup.ts). */
const BACKUP_NAME = /\.bak(\.\d+)?$/;

/**
 * Why the -o file cannot be used with these inputs, or undefined when it can. `backups` says where this run's
 * backups go (`dir`, or beside each input), or is false when it writes none: the report replaces its file after the
 * backups are written, so an -o naming one (`s.jsonl -o s.jsonl.bak`) left no copy of the original anywhere.
 */
export function outputConflict(
  outputFile: string,
  inputs: readonly string[],
  cwd: string,
  backups: false | { dir?: string } = false,
): string | undefined {
  const target = path.resolve(cwd, outputFile);
  const real = realTarget(target);
  const stat = statOrUndefined(target);
  for (const input of inputs) {
    const inputStat = statOrUndefined(input);
    const sameFile = inputStat && stat && inputStat.dev === stat.dev && inputStat.ino === stat.ino;
    if (sameFile || realTarget(input) === real)
      return `-o ${outputFile} is one of the inputs; the report would overwrite it`;
  }
  if (stat?.isFile() && BACKUP_NAME.test(real))
    return `-o ${outputFile} is a backup (a copy of a session as it was before a fix); the report would replace it`;
  if (backups === false) return undefined;
  const targetFolder = path.dirname(real);
  const targetName = path.basename(real);
  for (const input of inputs) {
    const folder = realTarget(backups.dir === undefined ? path.dirname(input) : path.resolve(cwd, backups.dir));
    const name = path.basename(input);
    if (
      folder === targetFolder &&
      targetName.startsWith(`${name}.bak`) &&
      BACKUP_NAME.test(targetName.slice(name.length))
    )
      return `-o ${outputFile} is a name this --fix may give the backup of ${input}; the report would replace the backup`;
  }
  return undefined;
}

/** Writes the report to stdout, or to the -o file (creating its folder); false after saying why it failed. */
export function emit(text: string | Uint8Array, cmd: Pick<LintCommand, 'outputFile'>, io: CliIO): boolean {
  if (cmd.outputFile === undefined) {
    io.stdout.write(text);
    return true;
  }
  const file = path.resolve(io.cwd, cmd.outputFile);
  try {
    makeFoldersSync(path.dirname(file));
    writeWhole(file, text);
    return true;
  } catch (err) {
    warn(io, `cannot write the report to ${cmd.outputFile}: ${describeWriteError(err as NodeJS.ErrnoException)}`);
    return false;
  }
}

/**
 * A report file is replaced whole or not at all: written beside it under a temp name, then renamed over it, so a
 * full disk leaves the previous report (and a CI step that uploads it gets no half of a SARIF file). A target that
 * is not a regular file (`-o /dev/stderr`, a pipe) is written as it is; a symlink's target is the one replaced.
 */
function writeWhole(file: string, text: string | Uint8Array): void {
  const stat = statOrUndefined(file);
  // Not a regular file, or a symlink to nothing yet (writing creates its target): written in place.
  if ((stat && !stat.isFile()) || (!stat && isSymlink(file))) {
    writeFileSync(file, text);
    return;
  }
  const target = realTarget(file);
  const tmp = tempPath(path.dirname(target), path.basename(target));
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
  } catch (err) {
    // A folder we may not add to, with a report file we may write: in place, as before.
    const code = (err as NodeJS.ErrnoException).code;
    if (stat && (code === 'EACCES' || code === 'EPERM')) {
      writeFileSync(file, text);
      return;
    }
    rmSync(tmp, { force: true });
    throw err;
  }
  try {
    if (stat) {
      // The old report's owner and group where we may keep them (root), and its mode.
      try {
        chownSync(tmp, stat.uid, stat.gid);
      } catch {}
      chmodSync(tmp, stat.mode & 0o7777);
    }
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

function isSymlink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function describeWriteError(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a folder';
    case 'ENOENT':
      return 'its folder cannot be created there';
    default:
      return describeFsError(e);
  }
}

/** The file a path names once symlinks and `..` are resolved (its folder's real path when it does not exist yet). */
function realTarget(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(p)), path.basename(p));
    } catch {
      return path.resolve(p);
    }
  }
}

function statOrUndefined(p: string) {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}
