// What formats detect from: the start of a file, read once for all of them. Lines are decoded (leniently) only as
// far as a format asks, and the whole text is parsed as one JSON document only when one asks for that.
import { Buffer, constants, isAscii, isUtf8 } from 'node:buffer';
import { HeadParses } from '../loader/head-parses.js';
import { LAZY_LINE_BYTES } from '../loader/lazy-strings.js';
import { foreignEncodingOf, hasUtf8Bom, type ForeignEncoding } from '../loader/read-jsonl.js';

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** How many non-blank lines detection looks at, at most. */
export const SAMPLE_LINES = 20;
/** How many bytes the binary check looks at. */
const HEAD_BYTES = 64 * 1024;
/** Longer lines are not decoded for detection: a line of media payload tells nothing a shorter line does not. */
const MAX_SAMPLED_LINE_BYTES = 64 * 2 ** 20;
/** A longer file cannot be one JSON document to us: its text would be longer than V8's longest string. */
const MAX_DOCUMENT_BYTES = constants.MAX_STRING_LENGTH;
/** Stands for a line too long to decode: not blank, never valid JSON. */
const UNREAD_LINE = '\u0000';
/** Of a line too long to decode, this much of its start and of its end is kept, for the keys it names (ends). */
const END_BYTES = 4096;

export type Parsed = { ok: true; value: unknown } | { ok: false };

export function tryParse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * A line's text: as Buffer decodes it when it is valid UTF-8 (Latin-1 when ASCII: the same string, decoded faster),
 * else leniently (each bad sequence a U+FFFD).
 */
function decodeLine(data: Buffer, from: number, to: number): { text: string; utf8: boolean } {
  const bytes = data.subarray(from, to);
  if (isAscii(bytes)) return { text: data.toString('latin1', from, to), utf8: true };
  if (isUtf8(bytes)) return { text: data.toString('utf8', from, to), utf8: true };
  return { text: lenient.decode(bytes), utf8: false };
}

export class Sample {
  private readonly decoded: string[] = [];
  /** Of each decoded line (by its place among the lines), where its bytes start and end, and if they are UTF-8. */
  private readonly spans: { from: number; to: number; utf8: boolean }[] = [];
  private readonly buffer: Buffer;
  /** The lines parsed to an object that the loader can take over (see loader/head-parses.ts). */
  readonly head = new HeadParses();
  /** Of each line too long to decode (by its place among the lines), its start and its end. */
  private readonly unreadEnds = new Map<number, string>();
  private readonly parsed: Parsed[] = [];
  private next: number;
  private whole?: Parsed;

  /**
   * @param name the file's name (its last path segment), for formats whose files have fixed names
   * @param data the file's bytes
   */
  constructor(
    readonly name: string,
    readonly data: Uint8Array,
  ) {
    this.next = this.bom ? 3 : 0;
    this.buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  get bom(): boolean {
    return hasUtf8Bom(this.data);
  }

  /** A UTF-16 or UTF-32 byte order mark at the start. */
  get foreignEncoding(): ForeignEncoding | undefined {
    return foreignEncodingOf(this.data);
  }

  /** The share of NUL bytes in the first 64 KiB: text has none, binary data many. */
  get nulShare(): number {
    const head = this.data.subarray(0, HEAD_BYTES);
    if (head.length === 0) return 0;
    let n = 0;
    for (const b of head) if (b === 0) n++;
    return n / head.length;
  }

  /** Non-blank line i (0-based) of the file, trimmed, or undefined past the end or past SAMPLE_LINES. */
  line(i: number): string | undefined {
    while (this.decoded.length <= i && this.decoded.length < SAMPLE_LINES && this.next < this.data.length) {
      let end = this.data.indexOf(0x0a, this.next);
      if (end === -1) end = this.data.length;
      const long = end - this.next > MAX_SAMPLED_LINE_BYTES;
      const line = long ? undefined : decodeLine(this.buffer, this.next, end);
      const text = line ? line.text.trim() : UNREAD_LINE;
      if (long) {
        const head = lenient.decode(this.data.subarray(this.next, this.next + END_BYTES));
        const tail = lenient.decode(this.data.subarray(end - END_BYTES, end));
        this.unreadEnds.set(this.decoded.length, `${head}\n${tail}`);
      }
      if (text !== '') {
        this.spans[this.decoded.length] = { from: this.next, to: end, utf8: line?.utf8 ?? false };
        this.decoded.push(text);
      }
      this.next = end + 1;
    }
    return this.decoded[i];
  }

  /** Line i parsed as JSON. */
  parsedLine(i: number): Parsed | undefined {
    const text = this.line(i);
    if (text === undefined) return undefined;
    let parsed = this.parsed[i];
    if (parsed === undefined) {
      parsed = this.parsed[i] = tryParse(text);
      if (parsed.ok) this.keep(i, parsed.value);
    }
    return parsed;
  }

  /** Keeps line i's object for the loader when the loader would parse the line's bytes to the same (head-parses.ts). */
  private keep(i: number, value: unknown): void {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const span = this.spans[i]!;
    if (!span.utf8) return;
    const data = this.data;
    // The loader's line leaves out its terminator, CR LF or LF.
    const to = span.to > span.from && data[span.to - 1] === 0x0d ? span.to - 1 : span.to;
    if (to - span.from >= LAZY_LINE_BYTES || data[span.from] !== 0x7b || data[to - 1] !== 0x7d) return;
    // No NUL byte to check for: JSON.parse refuses one unescaped, so a line that parsed has none.
    this.head.add(span.from, data.subarray(span.from, to), value as Record<string, unknown>);
  }

  /**
   * The text line `i` stands for: the line itself, or for a line too long to decode its first and last few KiB (a
   * session line of one huge message still names its keys there).
   */
  lineText(i: number): string | undefined {
    const line = this.line(i);
    return line === UNREAD_LINE ? this.unreadEnds.get(i) : line;
  }

  /** The whole file parsed as one JSON document (for documents spread over lines). */
  document(): Parsed {
    if (this.data.length > MAX_DOCUMENT_BYTES) return { ok: false };
    this.whole ??= tryParse(lenient.decode(this.bom ? this.data.subarray(3) : this.data));
    return this.whole;
  }

  /** Whether the file holds nothing but whitespace. */
  get empty(): boolean {
    return this.line(0) === undefined;
  }
}
