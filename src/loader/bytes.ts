// A file's bytes, whole or in pieces. A fixed file is its original with a few lines changed: holding it as pieces
// (views of the original's untouched runs of lines, plus the few new lines) instead of one copy keeps `--fix` on a
// 200 MB session within the memory of the original. The pieces' concatenation is the file.

export type Bytes = Uint8Array | readonly Uint8Array[];

/** Where a line's bytes can be read again, by their offset in the file (engine/file-bytes.ts). */
export interface LineBytesSource {
  /**
   * The `length` bytes at `offset`; read into `into` when given (then a view of it, valid until `into` is read into
   * again), else into new memory of their own.
   */
  read(offset: number, length: number, lineNo: number, into?: Uint8Array): Uint8Array;
}

/**
 * A run of bytes left where they are: in the file a large session was linted from (loader/loaded-line.ts), read when
 * the fixed file is written. Only a fix that writes on disk (engine/fix-on-disk.ts) meets these.
 */
export interface ByteRange {
  readonly source: LineBytesSource;
  readonly offset: number;
  readonly length: number;
  /** The line the run starts with, for an error that names it. */
  readonly lineNo: number;
}

export type Piece = Uint8Array | ByteRange;

/** A fixed file: bytes, or pieces of which some may be runs still in a file. */
export type Spliced = Uint8Array | readonly Piece[];

/** The bytes of `data`, which must all be in memory (a fix of bytes held whole never makes a ByteRange). */
export function inMemory(data: Spliced): Bytes {
  if (data instanceof Uint8Array) return data;
  for (const p of data) if (!(p instanceof Uint8Array)) throw new Error('a fixed file still refers to bytes on disk');
  return data as readonly Uint8Array[];
}

export function piecesOf(data: Bytes): readonly Uint8Array[] {
  return data instanceof Uint8Array ? [data] : data;
}

export function byteLengthOf(data: Bytes): number {
  let n = 0;
  for (const p of piecesOf(data)) n += p.length;
  return n;
}

/** The bytes as one array: the array itself when it is one already, else a copy of the pieces. */
export function joinBytes(data: Bytes): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data.length === 1) return data[0]!;
  const out = new Uint8Array(byteLengthOf(data));
  let at = 0;
  for (const p of data) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Whether two byte sequences are equal, however each is cut into pieces (nothing is copied). */
export function sameBytes(a: Bytes, b: Bytes): boolean {
  if (byteLengthOf(a) !== byteLengthOf(b)) return false;
  const pa = piecesOf(a);
  const pb = piecesOf(b);
  let i = 0;
  let j = 0;
  let offA = 0;
  let offB = 0;
  while (i < pa.length && j < pb.length) {
    const x = pa[i]!;
    const y = pb[j]!;
    const n = Math.min(x.length - offA, y.length - offB);
    if (n > 0 && !bufferOf(x, offA, n).equals(bufferOf(y, offB, n))) return false;
    offA += n;
    offB += n;
    if (offA === x.length) [i, offA] = [i + 1, 0];
    if (offB === y.length) [j, offB] = [j + 1, 0];
  }
  return true;
}

function bufferOf(p: Uint8Array, from: number, length: number): Buffer {
  return Buffer.from(p.buffer, p.byteOffset + from, length);
}

/**
 * Collects pieces, joining a piece to the one before when it follows it in memory (the untouched lines of a file are
 * one view, however many there are), and copying small runs of new bytes into one piece.
 */
export class PieceWriter {
  private readonly pieces: Piece[] = [];

  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    const last = this.pieces[this.pieces.length - 1];
    if (
      last instanceof Uint8Array &&
      last.buffer === piece.buffer &&
      last.byteOffset + last.length === piece.byteOffset
    ) {
      this.pieces[this.pieces.length - 1] = new Uint8Array(last.buffer, last.byteOffset, last.length + piece.length);
    } else {
      this.pieces.push(piece);
    }
  }

  /** A run of `source`, joined to the run before when it follows it there. */
  pushRange(range: ByteRange): void {
    if (range.length === 0) return;
    const last = this.pieces[this.pieces.length - 1];
    if (
      last &&
      !(last instanceof Uint8Array) &&
      last.source === range.source &&
      last.offset + last.length === range.offset
    ) {
      this.pieces[this.pieces.length - 1] = { ...last, length: last.length + range.length };
    } else {
      this.pieces.push(range);
    }
  }

  finish(): Piece[] {
    return this.pieces;
  }
}

/**
 * `bytes` followed by `next` bytes of the same memory, as one view, when that memory holds exactly `next` there
 * (a loaded line and its terminator); undefined otherwise.
 */
export function extendView(bytes: Uint8Array, next: Uint8Array): Uint8Array | undefined {
  const end = bytes.byteOffset + bytes.length;
  if (end + next.length > bytes.buffer.byteLength) return undefined;
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length + next.length);
  for (let k = 0; k < next.length; k++) if (view[bytes.length + k] !== next[k]) return undefined;
  return view;
}
