// --fix of a large file without holding it: the 210 MB of a 200 MB session plus its model were 480 MB.
// Each pass lints its input in chunks (file-bytes.ts), and its output, the untouched lines copied from that input
// unread (SourceLine.range) and the fixed lines, is written to a temp file beside the target, which the next pass
// lints. Two outputs at most are on disk at once: the latest, and the one before it until the next is written. Each
// output is compared with the one two passes back, which is how two rules undoing each other are seen: by length,
// then, only when the lengths are equal, by SHA-256 (the new output hashed as it is written, the older one before it
// is let go). The original is known by the SHA-256 of what the first pass read, which the write (io.ts) checks the
// file and its backup against before the last output is renamed into place. So a fix hashes the file once, as it
// reads it, and its outputs only when one has the length of the output two passes back: the bench's 200 MB fix of two
// passes (an output 3 KB shorter each pass) hashed 600 MB before, 200 MB now.
import { type BigIntStats, closeSync, fstatSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { createHash, type Hash } from 'node:crypto';
import path from 'node:path';
import type { Piece, Spliced } from '../loader/bytes.js';
import { FileBytes, FileChangedError, type ReadProgress } from './file-bytes.js';
import { type FixOptions, type LoopOutcome, type PassStore, pinnedOptions, runFixLoop } from './fix-loop.js';
import type { Linter, LintOptions } from './lint.js';
import { type OriginalDigest, settledStamp } from './original.js';
import { openRegularSync } from './read-regular.js';
import { liveTemps, tempPath, type WrittenTemp } from './temp-file.js';
import { describeFsError, WriteError } from './write-error.js';

/** One pass's output: the original, or a temp file this fix wrote. */
export interface DiskOutput {
  bytes: FileBytes;
  /** Its length and SHA-256: enough to tell two outputs apart once the files are gone (sha256 unset: not hashed yet). */
  digest: { length: number; sha256?: string };
  temp?: WrittenTemp;
}

export interface DiskFix {
  loop: LoopOutcome<DiskOutput>;
  /** What the first pass read: the write checks the file against it. */
  original: OriginalDigest;
  /** The fixed file, when the fix changed it: a temp file beside `realPath`, to be renamed into place. */
  fixed?: WrittenTemp;
}

/** How far pass `pass` (1 for the first lint) has read its input, of `size` bytes. */
export type PassReadProgress = (pass: number, read: number, size: number) => void;

/** Files from this size on are fixed on disk; smaller ones are read whole (the memory is no matter, and it is faster). */
export const ON_DISK_FROM_BYTES = 64 * 1024 * 1024;

/** Copies are made this much at a time. */
const COPY_BYTES = 1024 * 1024;

/**
 * The memory every copy and hash of a run of a file reads into, one per thread: a new buffer per window was 200
 * allocations of 1 MiB, each new memory to fault in, per 200 MB output written or hashed.
 */
let copyMemory: Buffer | undefined;
const copyWindow = (): Buffer => (copyMemory ??= Buffer.allocUnsafeSlow(COPY_BYTES));

/**
 * Fixes `realPath` (the file `filePath` names, through any symlink) on disk. The file itself is never written: the
 * caller replaces it with `fixed` (or removes `fixed` when it does not). On failure no temp file is left.
 */
export function fixOnDisk(
  linter: Linter,
  filePath: string,
  realPath: string,
  options: FixOptions = {},
  /** How much is read at once (tests make it small). */
  chunkBytes?: number,
  /** Told how far each pass has read its input. */
  onReading?: PassReadProgress,
): DiskFix {
  let pass = 1;
  const onRead = onReading && ((read: number, total: number) => onReading(pass, read, total));
  const { fd, size } = openRegularSync(realPath);
  const before = Date.now();
  const opened = fstatSync(fd, { bigint: true });
  const stamp = settledStamp(opened, before);
  const input = new FileBytes(filePath, fd, size, chunkBytes, onRead).hashing();
  // Until the first lint has read the file through, its digest is not known.
  const start: DiskOutput = { bytes: input, digest: { length: 0, sha256: '' } };
  let latest = start;
  /** The output before `latest`, while the next output may still be compared with it (see keep). */
  let older: DiskOutput | undefined;
  let pinned: LintOptions = options;
  const place = { dir: path.dirname(realPath), name: path.basename(realPath) };
  const store: PassStore<DiskOutput> = {
    first() {
      const first = linter.lintBytes(filePath, input, options);
      start.digest = input.digest();
      pinned = pinnedOptions(options, first);
      return first;
    },
    keep(pieces) {
      // The new output is compared with the one two passes back (the input for the second), after its lint: hashed
      // both, when they have one length. The older one is no longer needed then; the new one copies from `latest`.
      const length = lengthOf(pieces);
      const back = older ?? (latest !== start ? start : undefined);
      const compared = back !== undefined && back.digest.length === length;
      if (older) {
        if (compared) older.digest.sha256 ??= sha256Of(older.bytes, older.digest.length);
        discard(older);
        older = undefined;
      }
      const next = writeOutput(filePath, place, pieces, chunkBytes, onRead, compared);
      pass++;
      if (latest !== start) older = latest;
      latest = next;
      return next;
    },
    lint: (output, previous) => linter.lintBytes(filePath, output.bytes, { ...pinned, previous }),
    relint: () => linter.lintBytes(filePath, input, options),
    same: (a, b) => a.digest.length === b.digest.length && sha256(a) === sha256(b),
    length: (output) => output.digest.length,
  };
  try {
    const loop = runFixLoop(start, store, options.unsafe ?? false);
    // Later passes copy the untouched bytes from the file again: overwritten meanwhile, the output holds what another
    // writer put there, and the safety net calls the fix's output worse. That is the file changing, not the fix. (A
    // line overwritten at its own length keeps the first pass's parse (parsed-lines.ts); the write's check of the
    // file against the first read's digest refuses it then.)
    if (loop.status === 'worse' && changedSince(fd, opened)) {
      throw new WriteError(
        `${filePath} changed while it was being fixed (is an agent still writing to it?); nothing was written`,
        filePath,
      );
    }
    if (older) discard(older);
    if (latest !== loop.output) discard(latest);
    loop.output.bytes.close();
    return { loop, original: stamp ? { ...input.digest(), stamp } : input.digest(), fixed: loop.output.temp };
  } catch (err) {
    if (older) discard(older);
    if (latest !== start) discard(latest);
    throw err;
  } finally {
    input.close();
  }
}

/** The length of the output `pieces` make. */
function lengthOf(pieces: Spliced): number {
  if (pieces instanceof Uint8Array) return pieces.length;
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
}

/**
 * An output's SHA-256, hashed from its file now if it was not yet. Only compared when two outputs have one length,
 * and keep() hashed both then (the older one before it let it go).
 */
function sha256(output: DiskOutput): string {
  output.digest.sha256 ??= sha256Of(output.bytes, output.digest.length);
  return output.digest.sha256;
}

/** The SHA-256 of the first `length` bytes of a file, read a window at a time. */
function sha256Of(bytes: FileBytes, length: number): string {
  const hash = createHash('sha256');
  for (let done = 0; done < length; done += COPY_BYTES)
    hash.update(bytes.read(done, Math.min(COPY_BYTES, length - done), 1, copyWindow()));
  return hash.digest('hex');
}

/** Whether the open file was written since `then` (its size, or its modification or change time). */
function changedSince(fd: number, then: BigIntStats): boolean {
  const now = fstatSync(fd, { bigint: true });
  return now.size !== then.size || now.mtimeNs !== then.mtimeNs || now.ctimeNs !== then.ctimeNs;
}

/** Removes a temp output (closing it first). */
function discard(output: DiskOutput): void {
  output.bytes.close();
  if (!output.temp) return;
  unlinkSync(output.temp.path);
  liveTemps.delete(output.temp.path);
}

/** Writes the pieces to a new temp file beside the target (private until the write gives it the original's mode). */
function writeOutput(
  filePath: string,
  place: { dir: string; name: string },
  pieces: Spliced,
  chunkBytes: number | undefined,
  onRead: ReadProgress | undefined,
  /** Whether to hash what is written (see DiskOutput.digest). */
  hashing: boolean,
): DiskOutput {
  const tmp = tempPath(place.dir, place.name);
  let out: number;
  try {
    out = openSync(tmp, 'ax', 0o600);
  } catch (err) {
    throw new WriteError(`could not write ${filePath}: ${describeFsError(err)}; the original is unchanged`, filePath);
  }
  liveTemps.add(tmp);
  const hash = hashing ? createHash('sha256') : undefined;
  let length = 0;
  let open = true;
  try {
    for (const piece of pieces instanceof Uint8Array ? [pieces] : pieces) length += writePiece(out, piece, hash);
    const { dev, ino } = fstatSync(out);
    open = false;
    closeSync(out);
    // Read back through a descriptor of its own, checked to be the file just written.
    const read = openRegularSync(tmp);
    const now = fstatSync(read.fd);
    if (now.dev !== dev || now.ino !== ino || read.size !== length) {
      closeSync(read.fd);
      throw new WriteError(
        `the temp file for ${filePath} was replaced or changed; the original is unchanged`,
        filePath,
      );
    }
    return {
      bytes: new FileBytes(filePath, read.fd, read.size, chunkBytes, onRead),
      digest: { length, sha256: hash?.digest('hex') },
      temp: { path: tmp, length, dev, ino },
    };
  } catch (err) {
    try {
      if (open) closeSync(out);
      unlinkSync(tmp);
    } catch {}
    liveTemps.delete(tmp);
    if (err instanceof WriteError || err instanceof FileChangedError) throw err;
    throw new WriteError(`could not write ${filePath}: ${describeFsError(err)}; the original is unchanged`, filePath);
  }
}

/** Writes one piece (a run of a file is read from it a chunk at a time); returns its length. */
function writePiece(out: number, piece: Piece, hash: Hash | undefined): number {
  if (piece instanceof Uint8Array) {
    writeAllSync(out, piece);
    hash?.update(piece);
    return piece.length;
  }
  for (let done = 0; done < piece.length; ) {
    const n = Math.min(COPY_BYTES, piece.length - done);
    const bytes = piece.source.read(piece.offset + done, n, piece.lineNo, copyWindow());
    writeAllSync(out, bytes);
    hash?.update(bytes);
    done += n;
  }
  return piece.length;
}

function writeAllSync(fd: number, bytes: Uint8Array): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}
