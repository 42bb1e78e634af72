// A byte-level view of one JSON text (a line, or a whole document): where each value, member and separator is, read
// from the original bytes, so a fix can replace or cut exactly the bytes of what it names and leave every other byte
// as it was (exotic numbers, escapes, duplicate keys, whitespace, invalid UTF-8 inside strings).
//
// The text is trusted to be JSON (the loader parsed it, leniently decoded: invalid UTF-8 can only sit inside strings,
// where it is just bytes; a lenient decoder never swallows an ASCII byte, so the structure of the bytes is the
// structure of the decoded text). Anything unexpected still throws rather than guessing.
//
// Everything is iterative (values can be nested 100,000 deep) and linear: strings are skipped with a native search
// for the closing quote; a container is skipped by counting brackets, and a container of at least JUMP_BYTES met while
// skipping is remembered, so expanding a path of nested containers one level at a time never scans the deep part
// of the text again.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Containers at least this long are remembered when skipped. */
const JUMP_BYTES = 512;

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The members of an object or the elements of an array, as byte offsets (typed arrays: a container may hold millions). */
export interface ContainerScan {
  kind: 'object' | 'array';
  /** Offset of the opening bracket, and just past the closing one. */
  start: number;
  end: number;
  count: number;
  /** Where each member (its key's opening quote) or element starts. */
  starts: Int32Array;
  /** Where each member's value starts (objects; for arrays, equal to starts). */
  valueStarts: Int32Array;
  /** Just past each member's value or element. */
  ends: Int32Array;
  /** The decoded key of each member (objects). */
  keys?: string[];
}

export class JsonBytes {
  readonly buf: Buffer;
  private readonly jumps = new Map<number, number>();

  constructor(readonly bytes: Uint8Array) {
    this.buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The first offset at or after `pos` that is not JSON whitespace. */
  ws(pos: number): number {
    const b = this.bytes;
    while (pos < b.length) {
      const c = b[pos]!;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) pos++;
      else break;
    }
    return pos;
  }

  /** Just past the string literal whose opening quote is at `pos`. */
  stringEnd(pos: number): number {
    const buf = this.buf;
    let from = pos + 1;
    while (true) {
      const q = buf.indexOf(QUOTE, from);
      if (q === -1) throw this.fail('unterminated string', pos);
      let slashes = 0;
      for (let b = q - 1; b > pos && buf[b] === BACKSLASH; b--) slashes++;
      if (slashes % 2 === 0) return q + 1;
      from = q + 1;
    }
  }

  /** Just past the value that starts at `pos` (no whitespace before it). */
  valueEnd(pos: number): number {
    const b = this.bytes;
    const c = b[pos];
    if (c === QUOTE) return this.stringEnd(pos);
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      const known = this.jumps.get(pos);
      if (known !== undefined) return known;
      return this.skipContainer(pos);
    }
    let i = pos;
    while (i < b.length) {
      const d = b[i]!;
      if (
        d === COMMA ||
        d === CLOSE_OBJECT ||
        d === CLOSE_ARRAY ||
        d === 0x20 ||
        d === 0x0a ||
        d === 0x0d ||
        d === 0x09
      )
        break;
      i++;
    }
    if (i === pos) throw this.fail('expected a value', pos);
    return i;
  }

  private skipContainer(pos: number): number {
    const b = this.bytes;
    const opens: number[] = [];
    let i = pos;
    while (i < b.length) {
      const c = b[i]!;
      if (c === QUOTE) {
        i = this.stringEnd(i);
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        opens.push(i);
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        const open = opens.pop()!;
        if (i + 1 - open >= JUMP_BYTES) this.jumps.set(open, i + 1);
        if (opens.length === 0) return i + 1;
      }
      i++;
    }
    throw this.fail('unterminated container', pos);
  }

  /** The range of the one value of the text from `from` on (whitespace around it allowed). */
  root(from = 0): { start: number; end: number } {
    const start = this.ws(from);
    if (start >= this.bytes.length) throw this.fail('no JSON value', start);
    const end = this.valueEnd(start);
    if (this.ws(end) !== this.bytes.length) throw this.fail('text after the JSON value', end);
    return { start, end };
  }

  /** The members or elements of the container whose opening bracket is at `start`. */
  container(start: number): ContainerScan {
    const b = this.bytes;
    const isObject = b[start] === OPEN_OBJECT;
    if (!isObject && b[start] !== OPEN_ARRAY) throw this.fail('expected an object or an array', start);
    const close = isObject ? CLOSE_OBJECT : CLOSE_ARRAY;
    let starts: Int32Array = new Int32Array(8);
    let valueStarts: Int32Array = isObject ? new Int32Array(8) : starts;
    let ends: Int32Array = new Int32Array(8);
    const keys: string[] | undefined = isObject ? [] : undefined;
    let count = 0;
    let i = this.ws(start + 1);
    if (b[i] === close)
      return { kind: isObject ? 'object' : 'array', start, end: i + 1, count, starts, valueStarts, ends, keys };
    while (true) {
      if (count === starts.length) {
        starts = grow(starts);
        ends = grow(ends);
        valueStarts = isObject ? grow(valueStarts) : starts;
      }
      starts[count] = i;
      if (isObject) {
        if (b[i] !== QUOTE) throw this.fail('expected a key', i);
        const keyEnd = this.stringEnd(i);
        keys!.push(this.decodeString(i, keyEnd));
        const colon = this.ws(keyEnd);
        if (b[colon] !== COLON) throw this.fail("expected ':'", colon);
        i = this.ws(colon + 1);
        valueStarts[count] = i;
      }
      const end = this.valueEnd(i);
      ends[count] = end;
      count++;
      const next = this.ws(end);
      if (b[next] === COMMA) {
        i = this.ws(next + 1);
        continue;
      }
      if (b[next] === close) {
        return { kind: isObject ? 'object' : 'array', start, end: next + 1, count, starts, valueStarts, ends, keys };
      }
      throw this.fail(`expected ',' or '${String.fromCharCode(close)}'`, next);
    }
  }

  /** The string a literal [start, end) (quotes included) stands for, as the loader's lenient parse read it. */
  decodeString(start: number, end: number): string {
    const b = this.bytes;
    let plain = true;
    for (let i = start + 1; i < end - 1; i++) {
      const c = b[i]!;
      if (c === BACKSLASH || c >= 0x80) {
        plain = false;
        break;
      }
    }
    if (plain) return this.buf.toString('latin1', start + 1, end - 1);
    return JSON.parse(lenient.decode(b.subarray(start, end))) as string;
  }

  /** The bytes [start, end) as text (whitespace and separators are ASCII). */
  text(start: number, end: number): string {
    return this.buf.toString('latin1', start, end);
  }

  /** The leading whitespace of the line (of a multi-line text) that `pos` is on. */
  indentAt(pos: number): string {
    const lineStart = this.buf.lastIndexOf(0x0a, pos - 1) + 1;
    let i = lineStart;
    while (i < pos && (this.bytes[i] === 0x20 || this.bytes[i] === 0x09)) i++;
    return this.text(lineStart, i);
  }

  private fail(what: string, at: number): Error {
    return new Error(`the line's bytes do not match its JSON (${what} at byte ${at})`);
  }
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

// ---- a one-shot locator ---------------------------------------------------------------------------------------

export interface Located {
  /** The value's bytes. */
  value: [number, number];
  /** For an object member: from its key's opening quote to the end of its value (the last of duplicate keys). */
  member?: [number, number];
  /**
   * What removing it cuts: the member or element with exactly one adjacent comma (the one after it, or the one
   * before when it is the last), or the container's whole inside when it is the only one. For a duplicated key,
   * every occurrence (JSON.parse shows the last; removing only that one would bring an earlier one back).
   */
  cut: [number, number][];
}

/** The canonical form of an array index token, as RFC 6901 writes it. */
const INDEX = /^(0|[1-9]\d*)$/;

/**
 * Where the value at an RFC 6901 pointer is in a JSON text, or undefined when there is none. Keys are compared as
 * decoded ("\u0061" is "a"); of duplicate keys the last is the value (JSON.parse semantics).
 */
export function locate(bytes: Uint8Array, pointer: string, tokens?: readonly string[]): Located | undefined {
  const scan = new JsonBytes(bytes);
  const root = scan.root();
  const path = tokens ?? parseTokens(pointer);
  let value: [number, number] = [root.start, root.end];
  let located: Located = { value, cut: [] };
  for (const token of path) {
    const c = bytes[value[0]];
    if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) return undefined;
    const scanned = scan.container(value[0]);
    let hits: number[];
    if (scanned.kind === 'object') {
      hits = [];
      for (let i = 0; i < scanned.count; i++) if (scanned.keys![i] === token) hits.push(i);
    } else {
      if (!INDEX.test(token) || Number(token) >= scanned.count) return undefined;
      hits = [Number(token)];
    }
    const last = hits[hits.length - 1];
    if (last === undefined) return undefined;
    value = [scanned.valueStarts[last]!, scanned.ends[last]!];
    located = {
      value,
      member: scanned.kind === 'object' ? [scanned.starts[last]!, scanned.ends[last]!] : undefined,
      cut: cutRanges(scanned, hits),
    };
  }
  return located;
}

/** The byte ranges that removing the members or elements `which` (ascending indexes) of a container cuts. */
export function cutRanges(scanned: ContainerScan, which: readonly number[]): [number, number][] {
  const { starts, ends, count } = scanned;
  const gone = new Set(which);
  const keep: number[] = [];
  for (let i = 0; i < count; i++) if (!gone.has(i)) keep.push(i);
  if (keep.length === 0) return [[scanned.start + 1, scanned.end - 1]];
  const cuts: [number, number][] = [];
  const lastKept = keep[keep.length - 1]!;
  for (const i of which) {
    // A removed item before the last kept one goes with the comma after it; one after it with the comma before.
    if (i < lastKept) cuts.push([starts[i]!, starts[i + 1]!]);
    else cuts.push([ends[i - 1]!, ends[i]!]);
  }
  return cuts;
}

function parseTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}
