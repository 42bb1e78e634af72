// Long strings kept as bytes. Most of a big session is a few long strings (tool results, pasted images), and the
// line bytes are kept anyway (the fixer copies untouched lines as they are), so holding a parsed copy of each long
// string as well would double the memory, and parsing it is most of the CPU. A line of at least LAZY_LINE_BYTES is
// therefore parsed with its long string literals cut out, and each one becomes a getter on its object that decodes it
// from the line's bytes when something reads it (a tiny cache serves reads in a row). The literal is still checked to
// be a valid JSON string, so the line is valid JSON exactly when JSON.parse would say so; when anything is unusual
// (a parse error, a duplicate key, a literal that is not a value) the caller parses the whole line as before.
//
// A getter looks like the string to every reader (typeof, JSON.stringify, spreading, Object.keys order), but reading
// it costs a decode: code that only needs to know what kind of value a field holds asks isArrayField / isLazyString.

import type { LineBytesSource } from './bytes.js';

/** Lines shorter than this are parsed whole. */
export const LAZY_LINE_BYTES = 4 * 1024;
/** String literals at least this long (in bytes, between the quotes) are kept as bytes. */
export const LAZY_STRING_BYTES = 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes a JSON string may not hold unescaped (the line feed cannot occur: it ends the line). */
const CONTROL_BYTES = Array.from({ length: 0x20 }, (_, i) => i).filter((b) => b !== 0x0a);

/** The placeholder put where a literal was cut out: starts with a backslash, which is a syntax error outside a string. */
const TOKEN_PREFIX = `\u0000tl-${Math.random().toString(36).slice(2, 10)}:`;
const TOKEN_JSON_PREFIX = `\\u0000${TOKEN_PREFIX.slice(1)}`;

interface LazyField {
  /** Byte offsets of the opening and closing quote in the file's buffer. */
  open: number;
  close: number;
  escaped: boolean;
  /** The string's first `chars` UTF-16 units, decoding no more of the literal than they take (unescaped only). */
  head?: (chars: number) => string;
}

// Decoded strings must be ordinary heap strings, which the young-generation GC frees as soon as they are dropped:
// Buffer#toString makes a string of over about 1 MB external, and those pile up until a full GC. ASCII is decoded as
// Latin-1 (no validation) in pieces below that size, joined (a rope: no copy until something reads the characters);
// other text with a TextDecoder. The buffer is valid UTF-8, so either is exactly what parsing the line would give.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const LATIN1_PIECE = 64 * 1024;

let fileReads = 0;

/** How many times a string kept as bytes was read from its file so far (for tests and the benchmark). */
export function lazyFileReads(): number {
  return fileReads;
}

/**
 * Where the strings kept as bytes of one parsed piece read their bytes: the piece's buffer, until fromFile() says
 * they are in a file from then on (a large file read in chunks: the chunk's memory is then read into again).
 */
export class LazyBytes {
  #buffer: Buffer | undefined;
  #source: LineBytesSource | undefined;
  #at = 0;
  /** Whether a line of the piece holds a string kept as bytes (then it reads them from here). */
  used = false;

  constructor(buffer: Buffer) {
    this.#buffer = buffer;
  }

  /** From now on, the bytes at offset `x` of the buffer are those at offset `at + x` of `source`. */
  fromFile(source: LineBytesSource, at: number): void {
    this.#source = source;
    this.#at = at;
    this.#buffer = undefined;
  }

  /** The bytes from offset `from` to `to` of the piece. */
  range(from: number, to: number, lineNo: number): Buffer {
    if (this.#buffer) return this.#buffer.subarray(from, to);
    fileReads++;
    const bytes = this.#source!.read(this.#at + from, to - from, lineNo);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}

/** decodeRange of the bytes from `from` to `to` of `bytes`. */
function decodeLazy(bytes: LazyBytes, from: number, to: number, encoding: 'latin1' | 'utf8', lineNo: number): string {
  return decodeRange(bytes.range(from, to, lineNo), 0, to - from, encoding);
}

function decodeRange(buffer: Buffer, from: number, to: number, encoding: 'latin1' | 'utf8'): string {
  if (encoding === 'utf8') return decoder.decode(buffer.subarray(from, to));
  let text = '';
  for (let at = from; at < to; at += LATIN1_PIECE)
    text += buffer.toString('latin1', at, Math.min(to, at + LATIN1_PIECE));
  return text;
}

/** The string fields of an object that are kept as bytes. */
const lazyFields = new WeakMap<object, Map<string, LazyField>>();

/** The parsed lines (their root objects) that hold a string kept as bytes somewhere. */
const lazyRoots = new WeakSet<object>();

/** Whether a line's parsed object holds strings kept as bytes (which reading would decode). */
export function holdsLazyStrings(root: object): boolean {
  return lazyRoots.has(root);
}

/** Says that `copy` holds what `root` holds (a shallow copy of a parsed line's object): holdsLazyStrings answers alike. */
export function sameLazyStrings(copy: object, root: object): void {
  if (lazyRoots.has(root)) lazyRoots.add(copy);
}

/** Whether `obj[key]` is a string kept as bytes (a string, which reading would decode). */
export function isLazyString(obj: object, key: string): boolean {
  return lazyFields.get(obj)?.has(key) === true;
}

/**
 * The length in bytes of `JSON.stringify(obj[key])` when that field is a string kept as bytes with no escape in its
 * literal (such a literal is exactly what JSON.stringify writes), without decoding it; undefined otherwise.
 */
export function lazyJsonBytes(obj: object, key: string): number | undefined {
  const field = lazyFields.get(obj)?.get(key);
  return field && !field.escaped ? field.close - field.open + 1 : undefined;
}

/** `obj[key].slice(0, chars)` when that field is a string kept as bytes with no escape, decoding only that much. */
export function lazyStringHead(obj: object, key: string, chars: number): string | undefined {
  return lazyFields.get(obj)?.get(key)?.head?.(chars);
}

/** `Array.isArray(obj[key])`, without decoding a string kept as bytes. */
export function isArrayField(obj: Record<string, unknown>, key: string): boolean {
  return !isLazyString(obj, key) && Array.isArray(obj[key]);
}

/** One per file: decodes recent reads once (validators and rules often read the same field twice in a row). */
const RECENT = 2;
export class RecentStrings {
  private readonly keys: LazyField[] = [];
  private readonly values: string[] = [];
  get(field: LazyField, decode: () => string): string {
    const i = this.keys.indexOf(field);
    if (i !== -1) return this.values[i]!;
    const value = decode();
    this.keys.unshift(field);
    this.values.unshift(value);
    if (this.keys.length > RECENT) {
      this.keys.pop();
      this.values.pop();
    }
    return value;
  }
}

/**
 * The object on a long line, with its long string literals kept as bytes; undefined when the line should be parsed
 * as a whole instead (it has no long literal, or anything about it is unusual, including not being valid JSON).
 * `buffer` must be valid UTF-8 throughout and hold no NUL byte; `encoding` is latin1 when it is all ASCII. The
 * strings read their bytes from `lazy` (the same buffer, or where its bytes are once it is reused).
 */
export function parseLongLine(
  buffer: Buffer,
  start: number,
  end: number,
  encoding: 'latin1' | 'utf8',
  recent: RecentStrings,
  lazy: LazyBytes = new LazyBytes(buffer),
  lineNo = 0,
): Record<string, unknown> | undefined {
  const fields = findLongLiterals(buffer, start, end);
  if (fields.length === 0) return undefined;

  // The line with each literal replaced by a short placeholder string.
  let text = '';
  let from = start;
  // A loop, not a callback: a closure naming `buffer` would keep it alive in every getter's context below.
  for (let i = 0; i < fields.length; i++) {
    text += buffer.toString(encoding, from, fields[i]!.open + 1) + TOKEN_JSON_PREFIX + i;
    from = fields[i]!.close;
  }
  text += buffer.toString(encoding, from, end);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;

  // Each literal must be a valid JSON string body on its own: no raw control characters, valid escapes, and a
  // closing quote that is not escaped.
  for (const f of fields) {
    f.escaped = buffer.subarray(f.open + 1, f.close).indexOf(BACKSLASH) !== -1;
    if (!f.escaped) {
      const body = buffer.subarray(f.open + 1, f.close);
      for (const b of CONTROL_BYTES) if (body.indexOf(b) !== -1) return undefined;
    } else {
      try {
        JSON.parse(decodeRange(buffer, f.open, f.close + 1, encoding));
      } catch {
        return undefined;
      }
    }
  }

  // Each placeholder must be found exactly once, as a value (not a key): then the line means what it says.
  const found = findPlaceholders(value as object, fields.length);
  if (!found) return undefined;
  for (const [i, [holder, key]] of found.entries()) {
    const f = fields[i]!;
    const decode = f.escaped
      ? () => JSON.parse(decodeLazy(lazy, f.open, f.close + 1, encoding, lineNo)) as string
      : () => decodeLazy(lazy, f.open + 1, f.close, encoding, lineNo);
    // Up to 4 bytes per unit: the first `chars` units are whole characters, whatever the cut decodes to.
    if (!f.escaped)
      f.head = (chars) =>
        decodeLazy(lazy, f.open + 1, Math.min(f.close, f.open + 1 + 4 * chars), encoding, lineNo).slice(0, chars);
    const property = key;
    Object.defineProperty(holder, property, {
      enumerable: true,
      configurable: true,
      get: () => recent.get(f, decode),
      // Writing the field makes it a plain value again.
      set: (v: unknown) => {
        lazyFields.get(holder)?.delete(property);
        Object.defineProperty(holder, property, { value: v, writable: true, enumerable: true, configurable: true });
      },
    });
    let set = lazyFields.get(holder);
    if (!set) lazyFields.set(holder, (set = new Map()));
    set.set(property, f);
  }
  lazyRoots.add(value);
  lazy.used = true;
  return value as Record<string, unknown>;
}

/**
 * Literals of at least LAZY_STRING_BYTES between two unescaped quotes, found by probing every LAZY_STRING_BYTES bytes
 * (any run that long holds a probe). Whether a run really is a string literal is settled by parsing the line with
 * it cut out: a run between a closing and an opening quote leaves a backslash outside a string, which does not parse.
 */
function findLongLiterals(buffer: Buffer, start: number, end: number): LazyField[] {
  const fields: LazyField[] = [];
  for (let probe = start + LAZY_STRING_BYTES; probe < end; probe += LAZY_STRING_BYTES) {
    const open = quoteBefore(buffer, probe, start);
    if (open < start) continue;
    const close = quoteAfter(buffer, probe, end);
    if (close === -1) break;
    if (close - open - 1 >= LAZY_STRING_BYTES) {
      fields.push({ open, close, escaped: false });
      // The next probe is LAZY_STRING_BYTES past the run: any later run that long still holds one.
      probe = close;
    }
  }
  return fields;
}

/** Whether the quote at `at` is escaped: an odd number of backslashes before it. */
function escapedAt(buffer: Buffer, at: number, start: number): boolean {
  let n = 0;
  while (at - n - 1 >= start && buffer[at - n - 1] === BACKSLASH) n++;
  return n % 2 === 1;
}

/** The last unescaped quote at or before `at` (not before `start`), or -1. */
function quoteBefore(buffer: Buffer, at: number, start: number): number {
  let q = buffer.lastIndexOf(QUOTE, at);
  while (q >= start && escapedAt(buffer, q, start)) q = q === 0 ? -1 : buffer.lastIndexOf(QUOTE, q - 1);
  return q;
}

/** The first unescaped quote at or after `at` and before `end`, or -1. */
function quoteAfter(buffer: Buffer, at: number, end: number): number {
  let q = buffer.indexOf(QUOTE, at);
  while (q !== -1 && q < end && escapedAt(buffer, q, 0)) q = buffer.indexOf(QUOTE, q + 1);
  return q === -1 || q >= end ? -1 : q;
}

/**
 * Where each placeholder is: [holder, key] by placeholder index; undefined unless each is a value exactly once and
 * nothing else (a key, or part of a longer string, which a cut-out run that was not a whole literal gives) holds one.
 */
function findPlaceholders(root: object, count: number): [object, string][] | undefined {
  const found = new Array<[object, string] | undefined>(count);
  let seen = 0;
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          if (v.includes(TOKEN_PREFIX) && !place(found, v, node, String(i))) return undefined;
        } else if (v !== null && typeof v === 'object') stack.push(v);
      }
    } else {
      for (const key of Object.keys(node)) {
        if (key.includes(TOKEN_PREFIX)) return undefined;
        const v: unknown = (node as Record<string, unknown>)[key];
        if (typeof v === 'string') {
          if (v.includes(TOKEN_PREFIX) && !place(found, v, node, key)) return undefined;
        } else if (v !== null && typeof v === 'object') stack.push(v);
      }
    }
  }
  for (const f of found) if (f !== undefined) seen++;
  return seen === count ? (found as [object, string][]) : undefined;
}

function place(found: ([object, string] | undefined)[], v: string, holder: object, key: string): boolean {
  const rest = v.startsWith(TOKEN_PREFIX) ? v.slice(TOKEN_PREFIX.length) : '';
  if (!/^\d+$/.test(rest)) return false;
  const i = Number(rest);
  if (i >= found.length || found[i] !== undefined) return false;
  found[i] = [holder, key];
  return true;
}
