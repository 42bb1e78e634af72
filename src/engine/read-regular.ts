// Reading an input as a regular file only. A FIFO, a terminal or a device such as /dev/zero named as a path would
// block forever or never end; a file over what one read can hold would fail deep inside Node. Both are refused up
// front with an error whose message says what the path is.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';

/** The most one read returns (Node's own limit for reading a file at once). */
export const MAX_FILE_BYTES = 2 ** 31 - 1;

/** A path that is not something we read: not a regular file, or too large. `code` is what describeReadError keys on. */
export class InputKindError extends Error {
  override name = 'InputKindError';
  constructor(
    message: string,
    readonly code: 'ENOTREG' | 'EISDIR' | 'ETOOBIG',
  ) {
    super(message);
  }
}

/** What a non-regular file is, in words. */
export function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a directory';
  return 'not a regular file';
}

/**
 * Opens `filePath` for reading, and checks it is a regular file within `maxBytes`. O_NONBLOCK keeps the open of a
 * FIFO from waiting for a writer; for a regular file it changes nothing. Returns the descriptor and its size.
 */
export function openRegularSync(filePath: string, maxBytes = MAX_FILE_BYTES): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(filePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    // A socket cannot be opened at all (ENXIO): said as the other kinds of file are.
    const stat =
      (err as NodeJS.ErrnoException).code === 'ENXIO' ? statSync(filePath, { throwIfNoEntry: false }) : undefined;
    if (stat?.isSocket()) throw new InputKindError(`it is ${kindOf(stat)}, not a regular file`, 'ENOTREG');
    throw err;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputKindError('it is a directory', 'EISDIR');
    if (!stat.isFile()) throw new InputKindError(`it is ${kindOf(stat)}, not a regular file`, 'ENOTREG');
    if (stat.size > maxBytes) throw new InputKindError(tooBig(stat.size, maxBytes), 'ETOOBIG');
    return { fd, size: stat.size };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

export function tooBig(size: number, maxBytes: number): string {
  return `it is ${size.toLocaleString('en-US')} bytes, over the ${maxBytes.toLocaleString('en-US')}-byte limit of one read`;
}

/** The whole of a regular file (see openRegularSync), read to its end even if it grows meanwhile, up to `maxBytes`. */
export function readRegularSync(filePath: string, maxBytes = MAX_FILE_BYTES): Buffer {
  const { fd, size } = openRegularSync(filePath, maxBytes);
  try {
    return readToEnd(fd, size, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/** Reads `fd` from its start to its end into `into` (grown as needed); returns the filled part. */
export function readToEnd(fd: number, size: number, maxBytes = MAX_FILE_BYTES, into?: Buffer): Buffer {
  // One byte more than the size, so a file that grew since the stat is noticed and read on.
  let buffer = into && into.length > size ? into : Buffer.allocUnsafe(Math.min(size + 1, maxBytes + 1));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > maxBytes) throw new InputKindError(tooBig(length, maxBytes), 'ETOOBIG');
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    const n = readSync(fd, buffer, length, buffer.length - length, null);
    if (n === 0) break;
    length += n;
  }
  if (length > maxBytes) throw new InputKindError(tooBig(length, maxBytes), 'ETOOBIG');
  return buffer.subarray(0, length);
}
