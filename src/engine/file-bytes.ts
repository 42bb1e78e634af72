// A large file linted without holding it. A format that keeps the file's bytes only in its lines (Format.loadChunks)
// reads it in chunks, and once a chunk is parsed its lines read their bytes from the file again when asked: a
// finding's column, the edit a fix plans, a shallow object's nested field. Plain lint reads a handful of lines that
// way, so no buffer as big as the file is ever held (that was 210 of the 614 MB of linting a 200 MB session). Only
// the CLI's lint and --fix of a large file do this (fix-on-disk.ts); the library keeps the bytes it was given.
//
// The descriptor stays open until the lint is done, so a file replaced by another (a rename over it) is still read
// as it was, and bytes appended meanwhile are read on as readToEnd does. A file cut shorter since is an error that
// says so; one rewritten in place with the same length is not noticed by lint (agents only append to their
// sessions), while --fix checks the file against the digest of what it read (hashing()) before replacing it.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, readSync } from 'node:fs';
import type { LineBytesSource } from '../loader/loaded-line.js';
import type { FileChunk, FileChunks, SkippedLine } from '../loader/read-jsonl.js';
import { checkRoomForWhole, HeapRoom } from './heap-room.js';
import type { OriginalDigest } from './original.js';
import { readToEnd } from './read-regular.js';

/** The file changed under the lint: a line could not be read again where it was. */
export class FileChangedError extends Error {
  override name = 'FileChangedError';
  readonly code = 'ECHANGED';
}

/** How much of a file has been read so far, and its size when opened. */
export type ReadProgress = (read: number, size: number) => void;

/** How much is read at once; a longer line is read on until its end (or until it is known to be too long). */
const CHUNK_BYTES = 16 * 1024 * 1024;

let reads = 0;

export class FileBytes implements FileChunks, LineBytesSource {
  #open = true;
  /** A chunk's memory that nothing refers to any more, to read the next chunk into. */
  #spare: Buffer | undefined;
  readonly #chunkMemory = new WeakSet<ArrayBufferLike>();
  readonly source: LineBytesSource = this;

  constructor(
    readonly filePath: string,
    private readonly fd: number,
    private readonly size: number,
    /** How much is read at once (tests make it small). */
    private readonly chunkBytes = CHUNK_BYTES,
    /** Told how far chunks() has read, after each read (a progress line for a large file). */
    private readonly onRead?: ReadProgress,
  ) {}

  /**
   * While the file is first read through: the hash of what was read so far, its length, and how many of its last
   * bytes follow its last line feed.
   */
  #hash: { hash: Hash; length: number; tailLength: number } | undefined;
  /** Once the file was read through: what it held (see digest()). */
  #digest: OriginalDigest | undefined;

  /** From now on, until the file is read through once, what is read is hashed (see digest()). */
  hashing(): this {
    if (this.#digest === undefined) this.#hash = { hash: createHash('sha256'), length: 0, tailLength: 0 };
    return this;
  }

  /**
   * The length and SHA-256 of everything the first read through the file read (hashing() asked for it before that
   * read): what a fix computed from, to check the file against later without holding it.
   */
  digest(): OriginalDigest {
    if (!this.#digest) throw new Error(`${this.filePath} was not read through with hashing on`);
    return this.#digest;
  }

  /** Hashes the next bytes of the file as read (a line passed over too: its bytes are hashed as they go by). */
  #readThrough(bytes: Uint8Array): void {
    const h = this.#hash;
    if (!h) return;
    h.hash.update(bytes);
    h.length += bytes.length;
    const lf = bytes.lastIndexOf(0x0a);
    h.tailLength = lf === -1 ? h.tailLength + bytes.length : bytes.length - lf - 1;
  }

  /** The file was read to its end. */
  #readToEnd(): void {
    const h = this.#hash;
    if (!h) return;
    this.#digest = { length: h.length, sha256: h.hash.digest('hex'), tailLength: h.tailLength };
    this.#hash = undefined;
  }

  /** The first chunkBytes of the file, read by head() and taken by chunks() as its first read. */
  #first: { buffer: Buffer; filled: number } | undefined;

  /** The file's first chunk, up to and with a line feed (for detecting its format); undefined without one. */
  head(): Buffer | undefined {
    const buffer = this.bufferOf(this.chunkBytes);
    const filled = this.readAt(buffer, 0, this.chunkBytes, 0);
    this.#first = { buffer, filled };
    const end = buffer.lastIndexOf(0x0a, filled - 1);
    return end === -1 ? undefined : buffer.subarray(0, end + 1);
  }

  /** The whole file, for a format that cannot read it in chunks. */
  whole(): Buffer {
    this.#first = undefined;
    checkRoomForWhole(this.size);
    const bytes = readToEnd(this.fd, this.size);
    this.#readThrough(bytes);
    this.#readToEnd();
    // Its lines are parsed after this returns: the heap is watched as they are (until close()), since a model of
    // many small values can take many times the file's size.
    this.#watch(new HeapRoom(this.size));
    return bytes;
  }

  #unwatch: (() => void) | undefined;

  /** Has the loader report to `room` as it parses this file's lines (scan-watch.ts), until close(). */
  #watch(room: HeapRoom): void {
    this.#unwatch?.();
    this.#unwatch = room.watch();
  }

  /**
   * The file in chunks that end at a line feed (the last one may not), each a buffer of its own, to its end. A line
   * found to be longer than `longestLine` bytes is not held: it is passed over (see #passOver) and handed out as
   * where it is, so no chunk grows much past `longestLine` (or the chunk size, if larger). The file's first line is
   * always read (a too-long one is read whole, as before): its first bytes say the file's encoding.
   */
  *chunks(longestLine = Number.POSITIVE_INFINITY): Generator<FileChunk> {
    let at = 0;
    let carry: Buffer = Buffer.alloc(0);
    let size = this.chunkBytes;
    // Whether the carry is a line with no line feed yet, read on only until it is known to be too long.
    let growing = false;
    // Of a line with no line feed, the first longestLine + 2 bytes are enough: however it ends ("\r\n" included), it
    // is longer than longestLine.
    const tooLongFrom = longestLine + 2;
    // What head() read is the first read (detection is done with it before the chunks are asked for).
    let pending = this.#first;
    this.#first = undefined;
    // The heap the lines parsed so far took tells whether the rest will fit: checked as they are parsed, and each
    // time a chunk is asked for (once the one before is parsed).
    const room = new HeapRoom(this.size);
    this.#watch(room);
    for (;;) {
      room.check(at);
      let buffer: Buffer;
      let n: number;
      if (pending) {
        ({ buffer, filled: n } = pending);
        pending = undefined;
      } else {
        buffer = this.bufferOf(carry.length + size);
        carry.copy(buffer);
        const most = growing ? size : buffer.length - carry.length;
        n = this.readAt(buffer, carry.length, Math.min(buffer.length - carry.length, most), at + carry.length);
      }
      this.onRead?.(at + carry.length + n, this.size);
      const filled = carry.length + n;
      if (n === 0) {
        const rest = buffer.subarray(0, filled);
        this.#readThrough(rest);
        this.#readToEnd();
        if (filled > 0) yield { bytes: rest, at };
        // Read through: no chunk is read again, so the memory kept for the next one is let go.
        this.#spare = undefined;
        return;
      }
      const end = buffer.lastIndexOf(0x0a, filled - 1);
      if (end === -1 && filled >= tooLongFrom && at > 0) {
        const { line, rest } = this.#passOver(at, buffer, filled);
        yield { skipped: line };
        at = line.next;
        carry = rest;
        size = this.chunkBytes;
        growing = false;
        continue;
      }
      if (end === -1) {
        // No line ends in it yet: read on, twice as much each time, so a huge line costs a few copies only; but
        // never past what tells a line too long, and straight to it when less than a chunk would be left.
        carry = buffer.subarray(0, filled);
        size = Math.max(size, filled);
        if (at > 0 && filled + size + this.chunkBytes >= tooLongFrom) size = tooLongFrom - filled;
        growing = true;
        continue;
      }
      // The rest is copied, so the chunk handed out is not kept alive by it.
      carry = Buffer.from(buffer.subarray(end + 1, filled));
      size = this.chunkBytes;
      growing = false;
      const bytes = buffer.subarray(0, end + 1);
      this.#readThrough(bytes);
      yield { bytes, at };
      at += end + 1;
    }
  }

  /**
   * Passes over the line at `at`, too long to hold, whose first `filled` bytes (no line feed among them) are in
   * `buffer`: reads on, a chunk at a time into that same memory, hashing what it reads (see digest()), to the line
   * feed that ends the line or to the end of the file. Returns where the line is, and the bytes read after its line
   * feed (the start of the next chunk).
   */
  #passOver(at: number, buffer: Buffer, filled: number): { line: SkippedLine & { next: number }; rest: Buffer } {
    this.#readThrough(buffer.subarray(0, filled));
    let before = buffer[filled - 1];
    let position = at + filled;
    const block = buffer.subarray(0, Math.min(buffer.length, this.chunkBytes));
    for (;;) {
      const n = this.readAt(block, 0, block.length, position);
      this.onRead?.(position + n, this.size);
      if (n === 0) {
        this.reuse(buffer);
        const length = position - at;
        return { line: { at, length, crlf: false, terminated: false, next: position }, rest: Buffer.alloc(0) };
      }
      const lf = block.subarray(0, n).indexOf(0x0a);
      if (lf === -1) {
        this.#readThrough(block.subarray(0, n));
        before = block[n - 1];
        position += n;
        continue;
      }
      this.#readThrough(block.subarray(0, lf + 1));
      const crlf = (lf > 0 ? block[lf - 1] : before) === 0x0d;
      const length = position + lf - at - (crlf ? 1 : 0);
      const rest = Buffer.from(block.subarray(lf + 1, n));
      this.reuse(buffer);
      return { line: { at, length, crlf, terminated: true, next: position + lf + 1 }, rest };
    }
  }

  reuse(bytes: Uint8Array): void {
    // Only memory this reader allocated for a chunk, whole (never a slice of Node's shared pool).
    if (this.#chunkMemory.has(bytes.buffer)) this.#spare = Buffer.from(bytes.buffer, 0, bytes.buffer.byteLength);
  }

  /**
   * The spare chunk when it holds `length` bytes (it is then handed out whole), else a new buffer of at least that.
   * A chunk is read after the part line carried over from the one before, so new memory has room for a carry of a
   * sixteenth of a chunk: without it no chunk ever fitted in the spare, and each was new memory (page faults: a
   * 200 MB session's reads took 0.31 s of CPU, now 0.10).
   */
  private bufferOf(length: number): Buffer {
    const spare = this.#spare;
    this.#spare = undefined;
    if (spare && spare.length >= length) return spare;
    const buffer = Buffer.allocUnsafeSlow(Math.max(length, this.chunkBytes + (this.chunkBytes >> 4)));
    this.#chunkMemory.add(buffer.buffer);
    return buffer;
  }

  /** Closes the file; a line read after this is an error. */
  close(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    if (!this.#open) return;
    this.#open = false;
    closeSync(this.fd);
  }

  read(offset: number, length: number, lineNo: number, into?: Uint8Array): Uint8Array {
    if (!this.#open) throw new Error(`line ${lineNo} of ${this.filePath} was read after its lint ended`);
    reads++;
    const out =
      into && into.length >= length ? Buffer.from(into.buffer, into.byteOffset, length) : Buffer.allocUnsafe(length);
    if (this.readAt(out, 0, length, offset) < length) {
      throw new FileChangedError(
        `it was cut shorter while it was linted (line ${lineNo} is no longer all there); lint it again`,
      );
    }
    return out;
  }

  /** Reads up to `length` bytes at `position` into `buffer` at `offset`, as many reads as it takes; returns the count. */
  private readAt(buffer: Buffer, offset: number, length: number, position: number): number {
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buffer, offset + done, length - done, position + done);
      if (n === 0) break;
      done += n;
    }
    return done;
  }
}

/** How many lines were read from their files again so far (for tests: plain lint should read few). */
export function fileBytesReads(): number {
  return reads;
}
