// Lenient JSONL loader: every byte of the input is accounted for, nothing is normalised, and a bad line is a
// finding on that line rather than an exception. Later stages (fixer, writer) rely on `bytes` being the exact
// original bytes of each line, without its line terminator.

import { constants, isAscii, isUtf8 } from 'node:buffer';

/** The most characters one JavaScript string holds (V8's limit), hence the longest line that can be decoded. */
const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;
import { byteLengthOf, type Bytes, joinBytes, piecesOf } from './bytes.js';
import { SharedStrings } from './shared-strings.js';
import { LAZY_LINE_BYTES, LazyBytes, parseLongLine, RecentStrings, sameLazyStrings } from './lazy-strings.js';
import type { HeadParses } from './head-parses.js';
import type { ParsedLines } from './parsed-lines.js';
import { scanned, WATCH_BYTES, WATCH_LINES } from './scan-watch.js';
import { type LineBytesSource, LoadedLine } from './loaded-line.js';
import type { LineProblem, SourceLine } from './source-line.js';
import { type LazyFields, repoint, type ShallowSource, shallowObject } from './shallow-objects.js';

export type { LineProblem, LineProblemKind, SourceLine } from './source-line.js';

/** A byte order mark of an encoding other than UTF-8: such a file is not read as lines at all. */
export type ForeignEncoding = 'UTF-16LE' | 'UTF-16BE' | 'UTF-32LE' | 'UTF-32BE';

export interface SourceFile {
  path: string;
  bom: boolean;
  /** Set when the file starts with a UTF-16 or UTF-32 byte order mark; it then has no lines. */
  foreignEncoding?: ForeignEncoding;
  /** The dominant line ending, used for lines the fixer writes. */
  eol: '\n' | '\r\n';
  /** Whether the last line is terminated. */
  finalNewline: boolean;
  lines: SourceLine[];
  byteLength: number;
}

export interface LoadOptions {
  /** Lines longer than this many bytes are not parsed and become a finding. Default 64 MiB. */
  maxLineBytes?: number;
  /**
   * The target the file is judged for (the format's default when absent). A format whose model depends on it reads
   * it: a Cline task history compiles to what Cline sends for the `cline` target, to the file as it is for `api`.
   */
  target?: string;
  /** What the previous pass of a fix parsed, to take over for the lines it left as they were (parsed-lines.ts). */
  previous?: ParsedLines;
  /** What format detection parsed of the file's first lines, to take over for those lines (head-parses.ts). */
  head?: HeadParses;
}

// Far above any line a resumable session holds (the API refuses requests over 32 MB), and low enough that a line of
// tiny values cannot exhaust memory: 6 MB of `{},` parses to ~70 MB of heap, so 64 MiB to under 1 GB.
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export function loadText(path: string, text: string, options: LoadOptions = {}): SourceFile {
  return loadBytes(path, new TextEncoder().encode(text), options);
}

/** The encoding a byte order mark names, when it is not UTF-8's. UTF-32LE's mark starts like UTF-16LE's. */
export function foreignEncodingOf(data: Uint8Array): ForeignEncoding | undefined {
  const [a, b, c, d] = data;
  if (a === 0xff && b === 0xfe) return c === 0 && d === 0 ? 'UTF-32LE' : 'UTF-16LE';
  if (a === 0xfe && b === 0xff) return 'UTF-16BE';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'UTF-32BE';
  return undefined;
}

/**
 * Which nested fields of a parsed line a format never reads (undefined: none): those are kept as getters that parse
 * the line again when read (see shallow-objects.ts), which spares the heap most of a real session. `source` is the
 * line, for a format that keeps a field below the top level lazy itself (lazyNested).
 */
export type ShallowLines = (json: Record<string, unknown>, source: ShallowSource) => LazyFields | undefined;

export function loadBytes(path: string, input: Bytes, options: LoadOptions = {}, shallow?: ShallowLines): SourceFile {
  let pieces = piecesOf(input).filter((p) => p.length > 0);
  const foreign = pieces[0] && foreignEncodingOf(pieces[0]);
  if (foreign) return foreignFile(path, foreign, byteLengthOf(pieces));
  // Pieces are read one by one, so no line may span two: each but the last must end a line (a fixed file's pieces
  // do); anything else is read as one copy.
  if (pieces.slice(0, -1).some((p) => p[p.length - 1] !== 0x0a)) pieces = [joinBytes(pieces)];
  const first = pieces[0] ?? new Uint8Array(0);
  const last = pieces[pieces.length - 1] ?? first;
  const bom = hasUtf8Bom(first);
  const state = scanState(shallow, options);
  const maxLineBytes = lineLimit(options);
  scanned(0, 0);
  for (const [i, piece] of pieces.entries()) {
    scanLines(piece, i === 0 && bom ? 3 : 0, maxLineBytes, state);
    state.parsed += piece.length;
  }
  return scannedFile(path, bom, state, last[last.length - 1] === 0x0a, byteLengthOf(pieces));
}

/**
 * A large file read chunk by chunk, each chunk but the last ending with a line feed, `at` its offset in the file.
 * Once a chunk is parsed its lines read their bytes from `source` (see loaded-line.ts), so the file is never held
 * whole: only the lines something asks for are read again (engine/file-bytes.ts).
 */
export interface FileChunks {
  /** The chunks; a line found to be over `longestLine` bytes may come passed over, unread (SkippedLine). */
  chunks(longestLine: number): Iterable<FileChunk>;
  readonly source: LineBytesSource;
  /** Says that nothing refers to the chunk any more, so its memory may be read into again. */
  reuse(bytes: Uint8Array): void;
}

/** Some lines of a file, `at` the offset of the first; or one line passed over unread. */
export type FileChunk = { bytes: Uint8Array; at: number } | { skipped: SkippedLine };

/**
 * A line too long to read, passed over without holding it: where it starts in the file, its length without its
 * terminator, and its terminator (none: it ends the file).
 */
export interface SkippedLine {
  at: number;
  length: number;
  crlf: boolean;
  terminated: boolean;
}

/** loadBytes for a file read in chunks (FileChunks): the same lines, their bytes read from the file when asked. */
export function loadChunks(
  path: string,
  file: FileChunks,
  options: LoadOptions = {},
  shallow?: ShallowLines,
): SourceFile {
  const state = scanState(shallow, options);
  const maxLineBytes = lineLimit(options);
  scanned(0, 0);
  let bom = false;
  let foreign: ForeignEncoding | undefined;
  let byteLength = 0;
  let lastByte = -1;
  for (const chunk of file.chunks(maxLineBytes)) {
    if ('skipped' in chunk) {
      // Never the first line: the file's first chunk holds it (FileBytes.chunks).
      const { skipped } = chunk;
      const terminator = skipped.terminated ? (skipped.crlf ? 2 : 1) : 0;
      byteLength += skipped.length + terminator;
      lastByte = skipped.terminated ? 0x0a : -1;
      if (foreign) continue;
      passedOver(skipped, file.source, maxLineBytes, state);
      state.parsed += skipped.length + terminator;
      continue;
    }
    const { bytes, at } = chunk;
    if (bytes.length === 0) continue;
    const first = byteLength === 0;
    byteLength += bytes.length;
    if (first) {
      foreign = foreignEncodingOf(bytes);
      bom = hasUtf8Bom(bytes);
    }
    // A file in another encoding has no lines (see loadBytes); only its length is still counted.
    if (foreign) continue;
    const from = state.lines.length;
    const lazy = scanLines(bytes, first && bom ? 3 : 0, maxLineBytes, state);
    state.parsed += bytes.length;
    // Once its lines and its strings kept as bytes read from the file, nothing refers to the chunk.
    for (let i = from; i < state.lines.length; i++) (state.lines[i] as LoadedLine).readFrom(file.source, bytes, at);
    if (lazy.used) lazy.fromFile(file.source, at);
    lastByte = bytes[bytes.length - 1]!;
    file.reuse(bytes);
  }
  if (foreign) return foreignFile(path, foreign, byteLength);
  return scannedFile(path, bom, state, lastByte === 0x0a, byteLength);
}

/** Never more than one string can hold: a longer line could not be decoded at all. */
function lineLimit(options: LoadOptions): number {
  return Math.min(options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, MAX_STRING_LENGTH);
}

export function hasUtf8Bom(data: Uint8Array): boolean {
  return data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf;
}

/** A file in another encoding: one finding for the file (valid-json), not one per garbled line; no fix rewrites it. */
function foreignFile(path: string, foreignEncoding: ForeignEncoding, byteLength: number): SourceFile {
  return { path, bom: false, foreignEncoding, eol: '\n', finalNewline: true, lines: [], byteLength };
}

function scanState(shallow: ShallowLines | undefined, { previous, head }: LoadOptions): ScanState {
  const strings = new SharedStrings();
  return { lines: [], lineNo: 0, crlfCount: 0, lfCount: 0, shallow, parsed: 0, entries: 0, previous, head, strings };
}

function scannedFile(
  path: string,
  bom: boolean,
  state: ScanState,
  endsWithLf: boolean,
  byteLength: number,
): SourceFile {
  return {
    path,
    bom,
    eol: state.crlfCount > state.lfCount ? '\r\n' : '\n',
    finalNewline: endsWithLf,
    lines: state.lines,
    byteLength,
  };
}

interface ScanState {
  lines: SourceLine[];
  /** See LoadOptions.previous. */
  previous: ParsedLines | undefined;
  /** See LoadOptions.head. */
  head: HeadParses | undefined;
  lineNo: number;
  crlfCount: number;
  lfCount: number;
  shallow: ShallowLines | undefined;
  /** Bytes of the pieces scanned before this one (for the heap watch, scan-watch.ts). */
  parsed: number;
  /** Lines parsed to a JSON object so far (for the heap watch). */
  entries: number;
  /** One string for the values lines repeat (shared-strings.ts). */
  strings: SharedStrings;
}

/**
 * Reads the lines of `data` from `start` on, numbering them on from `state`. Returns where their strings kept as
 * bytes read them (lazy-strings.ts).
 */
function scanLines(data: Uint8Array, start: number, maxLineBytes: number, state: ScanState): LazyBytes {
  const { lines } = state;
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const lazyBytes = new LazyBytes(buffer);
  // One native validity check for the whole piece lets every line be decoded by the fast native path; only a
  // piece with invalid UTF-8 somewhere pays for the strict per-line decoder that finds the line.
  // Lines are decoded one by one (a slice of one decoded whole would keep the whole text alive as long as any
  // parsed string points into it).
  // Pure ASCII decodes as Latin-1 to the same string, and Latin-1 decoding needs no validation and is several times
  // faster: a piece that is all ASCII is decoded so at once; in one that is not (1-2% of a real session's bytes are
  // not ASCII, on about one line in eight), each line that is ASCII still is.
  const ascii = isAscii(buffer);
  const utf8 = ascii || isUtf8(buffer);
  // One search of the whole piece spares every line its own.
  const nul = buffer.indexOf(0) !== -1;
  const recent = new RecentStrings();
  // Told every WATCH_BYTES or WATCH_LINES parsed, so a load can be stopped before it outgrows the heap.
  let watchAt = start + WATCH_BYTES;
  let watchAtLine = state.lineNo + WATCH_LINES;

  while (start < data.length) {
    if (start >= watchAt || state.lineNo >= watchAtLine) {
      scanned(state.parsed + start, state.entries);
      watchAt = start + WATCH_BYTES;
      watchAtLine = state.lineNo + WATCH_LINES;
    }
    let end = buffer.indexOf(0x0a, start);
    const terminated = end !== -1;
    if (!terminated) end = data.length;
    let contentEnd = end;
    const crlf = terminated && contentEnd > start && data[contentEnd - 1] === 0x0d;
    if (crlf) contentEnd -= 1;
    if (terminated) {
      if (crlf) state.crlfCount++;
      else state.lfCount++;
    }
    const lineNo = ++state.lineNo;
    const isLast = !terminated || end + 1 >= data.length;
    const length = contentEnd - start;
    const bytes = data.subarray(start, contentEnd);
    // A line the previous pass parsed, unchanged (its offset in the file is that in the piece plus the pieces before).
    const previous = state.previous?.take(state.parsed + start, length);
    if (previous) {
      const line = new LoadedLine(lineNo, data, start, length, crlf, previous, [], false);
      repoint(previous, line);
      lines.push(line);
      start = end + 1;
      continue;
    }
    // A line detection parsed: the object readLine would make (head-parses.ts says which lines detection keeps).
    const early = state.head && length <= maxLineBytes ? state.head.take(state.parsed + start, bytes) : undefined;
    if (early) {
      state.entries++;
      state.strings.share(early);
      const line = new LoadedLine(lineNo, data, start, length, crlf, early, [], false);
      const lazy = state.shallow?.(early, line);
      if (lazy) line.json = shallowObject(early, line, lazy);
      lines.push(line);
      start = end + 1;
      continue;
    }
    const encoding = ascii || (utf8 && isAscii(bytes)) ? 'latin1' : 'utf8';
    if (utf8 && !nul && length >= LAZY_LINE_BYTES && length <= maxLineBytes && buffer[start] === 0x7b) {
      // A long line: its long strings stay bytes (the same answer as parsing it whole, or undefined to do that).
      const json = parseLongLine(buffer, start, contentEnd, encoding, recent, lazyBytes, lineNo);
      if (json) {
        state.entries++;
        state.strings.share(json);
        const line = new LoadedLine(lineNo, data, start, length, crlf, json, [], false);
        const lazy = state.shallow?.(json, line);
        if (lazy) sameLazyStrings((line.json = shallowObject(json, line, lazy)), json);
        lines.push(line);
        start = end + 1;
        continue;
      }
    }
    const text = utf8 && contentEnd - start <= maxLineBytes ? buffer.toString(encoding, start, contentEnd) : undefined;
    const line = readLine(lineNo, data, start, bytes, crlf, isLast && !terminated, maxLineBytes, text, nul);
    if (line.json) {
      state.entries++;
      state.strings.share(line.json);
    }
    const lazy = line.json && state.shallow?.(line.json, line);
    if (lazy) line.json = shallowObject(line.json!, line, lazy);
    lines.push(line);
    start = end + 1;
  }
  return lazyBytes;
}

/** A line over the limit that was passed over where it is in the file: its bytes are read from there if asked. */
function passedOver(line: SkippedLine, source: LineBytesSource, maxLineBytes: number, state: ScanState): void {
  if (line.terminated) {
    if (line.crlf) state.crlfCount++;
    else state.lfCount++;
  }
  const problems = [tooLongProblem(line.length, maxLineBytes)];
  state.lines.push(LoadedLine.inFile(++state.lineNo, source, line.at, line.length, line.crlf, problems));
}

function tooLongProblem(length: number, maxLineBytes: number): LineProblem {
  const of = maxLineBytes === MAX_STRING_LENGTH ? 'string' : 'option';
  return {
    kind: 'too-long',
    message: `line is ${length} bytes, over the ${maxLineBytes}-byte limit, and was not parsed`,
    limit: { bytes: maxLineBytes, of },
  };
}

function readLine(
  lineNo: number,
  /** The piece the line is in, its offset there, and the line's bytes (a view of the piece). */
  data: Uint8Array,
  offset: number,
  bytes: Uint8Array,
  crlf: boolean,
  unterminatedLast: boolean,
  maxLineBytes: number,
  /** The line's text when the file is known to be valid UTF-8. */
  decoded: string | undefined,
  /** Whether the file has a NUL byte anywhere. */
  fileHasNul = true,
): SourceLine {
  const problems: LineProblem[] = [];
  if (bytes.length > maxLineBytes) {
    problems.push(tooLongProblem(bytes.length, maxLineBytes));
    return new LoadedLine(lineNo, data, offset, bytes.length, crlf, undefined, problems, false);
  }

  let text: string;
  if (decoded !== undefined) {
    text = decoded;
  } else {
    try {
      text = strictDecoder.decode(bytes);
    } catch {
      text = lenientDecoder.decode(bytes);
      problems.push({ kind: 'utf8', message: 'line is not valid UTF-8' });
    }
  }
  // Entries start with "{": only other lines need the (copying) whitespace check.
  if (bytes[0] !== 0x7b && text.trim() === '')
    return new LoadedLine(lineNo, data, offset, bytes.length, crlf, undefined, problems, problems.length === 0);

  const nulAt = fileHasNul ? bytes.indexOf(0) : -1;
  if (nulAt !== -1) {
    problems.push({ kind: 'nul', message: 'line contains a NUL byte', column: nulAt + 1 });
  }

  // The same garbage again (a log line repeated, `yes x`): its problem is the one already made, at no parse's cost.
  const rememberable = !unterminatedLast && problems.length === 0 && isRememberable(bytes, text);
  const known = rememberable ? repeatedFailures.get(text) : undefined;
  if (known) return new LoadedLine(lineNo, data, offset, bytes.length, crlf, undefined, [known], false);

  let json: Record<string, unknown> | undefined;
  try {
    const value: unknown = parseQuietly(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      json = value as Record<string, unknown>;
    } else {
      const what = describeJson(value);
      problems.push({ kind: 'not-object', message: `line is JSON ${what}, not an object`, detail: what });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const problem: LineProblem = {
      kind: unterminatedLast ? 'torn' : 'parse',
      message: unterminatedLast ? `last line is cut off mid-entry (${message})` : `line is not JSON (${message})`,
      detail: message,
      column: columnOf(message),
    };
    problems.push(problem);
    if (rememberable) rememberFailure(text, problem);
  }
  return new LoadedLine(lineNo, data, offset, bytes.length, crlf, json, problems, false);
}

/**
 * Short lines that failed to parse, with their problem (shared by every line of the same text: nothing changes a
 * problem once made). A few thousand at most, so a file of distinct garbage costs no more than before.
 */
const repeatedFailures = new Map<string, LineProblem>();
const MAX_REMEMBERED = 4096;
const MAX_REMEMBERED_CHARS = 512;

/**
 * Short lines that do not start as an entry does ("{"): the cache is for garbage, and an entry's line is never
 * looked up (hashing it would cost every line of a session).
 */
function isRememberable(bytes: Uint8Array, text: string): boolean {
  return bytes[0] !== 0x7b && text.length <= MAX_REMEMBERED_CHARS;
}

function rememberFailure(text: string, problem: LineProblem): void {
  if (repeatedFailures.size >= MAX_REMEMBERED) repeatedFailures.delete(repeatedFailures.keys().next().value!);
  repeatedFailures.set(text, problem);
}

/**
 * JSON.parse without a stack trace on failure: the error's message is all a line problem keeps, and capturing a stack
 * is most of what a failed parse costs (a file of 300,000 garbage lines took 2.4 s in the throws alone).
 */
function parseQuietly(text: string): unknown {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return JSON.parse(text);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function columnOf(message: string): number | undefined {
  const m = /position (\d+)/.exec(message);
  return m ? Number(m[1]) + 1 : undefined;
}
