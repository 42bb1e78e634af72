// A file's bytes, whole or in pieces. A fixed file is its original with a few lines changed: holding it as pieces
// (views of the original's untouched runs of lines, plus the few new lines) instead of one copy keeps `--fix` on a
// 200 MB session within the memory of the original. The pieces' concatenation is the file.

export type Bytes = Uint8Array | readonly Uint8Array[];

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
  private readonly pieces: Uint8Array[] = [];

  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    const last = this.pieces[this.pieces.length - 1];
    if (last && last.buffer === piece.buffer && last.byteOffset + last.length === piece.byteOffset) {
      this.pieces[this.pieces.length - 1] = new Uint8Array(last.buffer, last.byteOffset, last.length + piece.length);
    } else {
      this.pieces.push(piece);
    }
  }

  finish(): Uint8Array[] {
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
