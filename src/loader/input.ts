// Input formats: a Claude Code session (JSONL entries), a Messages API request body (one JSON document), or a plain
// message list (a JSON array, or JSONL with one `{role, content}` a line). The format is detected from the content
// unless it is given.
//
// Plain inputs are loaded into the same SourceFile shape the rest of the pipeline knows, with one line per message,
// so that rules, edits and the fix engine keep working on "lines":
// - a message list in JSONL is loaded as it is (each line is a message; lines are the file's own lines);
// - a JSON document becomes a *virtual* file: line 1 holds the document without its messages (the "shell", where
//   request-level fields such as `tools` live), line k (k >= 2) holds message k - 2. These line numbers are keys, not
//   positions: `PlainSource.locate` maps a key (and a pointer into the message) back to the line of the real file
//   where the value starts, and to a JSON pointer into the document.
import { escapePointerToken, type JsonDocument, type JsonLayout, parseJsonDocument } from './json-positions.js';
import { type Bytes, joinBytes } from './bytes.js';
import { foreignEncodingOf, type LoadOptions, loadBytes, type SourceFile, type SourceLine } from './read-jsonl.js';

export type InputFormat = 'claude-code' | 'request' | 'messages';
export const INPUT_FORMATS: readonly InputFormat[] = ['claude-code', 'request', 'messages'];

export interface InputOptions extends LoadOptions {
  /** The input's format; detected from the content when absent. */
  inputFormat?: InputFormat;
}

export interface LoadedInput {
  format: InputFormat;
  /** The lines the model reads: the file's own lines, or the virtual lines of a JSON document. */
  file: SourceFile;
  /** Set for the request and messages formats. */
  plain?: PlainSource;
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const encoder = new TextEncoder();

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function hasBom(data: Uint8Array): boolean {
  return data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf;
}

/** The non-blank lines of the start of a file, trimmed, decoded one at a time as they are asked for. */
class HeadLines {
  private readonly lines: string[] = [];
  private next: number;

  constructor(
    private readonly data: Uint8Array,
    readonly max: number,
  ) {
    this.next = hasBom(data) ? 3 : 0;
  }

  /** Non-blank line i (0-based), or undefined past the end or past `max`. */
  at(i: number): string | undefined {
    while (this.lines.length <= i && this.lines.length < this.max && this.next < this.data.length) {
      let end = this.data.indexOf(0x0a, this.next);
      if (end === -1) end = this.data.length;
      const line = lenientDecoder.decode(this.data.subarray(this.next, end)).trim();
      this.next = end + 1;
      if (line !== '') this.lines.push(line);
    }
    return this.lines[i];
  }
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** A message of a plain list: `{role, content}` with neither a uuid nor a type (Claude Code entries have both). */
function isMessageShape(v: unknown): boolean {
  return isPlainObject(v) && Object.hasOwn(v, 'role') && Object.hasOwn(v, 'content') && !Object.hasOwn(v, 'uuid') && !Object.hasOwn(v, 'type');
}

function isMessageArray(v: unknown): boolean {
  return Array.isArray(v) && v.every((m) => isPlainObject(m) && Object.hasOwn(m, 'role'));
}

function classifyDocument(v: unknown): InputFormat {
  if (isPlainObject(v) && Object.hasOwn(v, 'messages')) return 'request';
  if (isMessageArray(v)) return 'messages';
  return 'claude-code';
}

/**
 * The format of an input, from its content: a JSON object with `messages` is a request; a JSON array of
 * `{role, content}` is a message list, and so is JSONL whose lines are `{role, content}` without uuid or type;
 * anything else is a Claude Code session. A document spread over lines is taken by its first line: `{` alone is a
 * request (valid or not), `[` alone a message list.
 */
export function detectInputFormat(data: Uint8Array | string): InputFormat {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  const head = new HeadLines(bytes, 20);
  const first = head.at(0);
  if (first === undefined) return 'claude-code';
  const wholeDocument = (): { ok: true; value: unknown } | { ok: false } => {
    const text = lenientDecoder.decode(hasBom(bytes) ? bytes.subarray(3) : bytes);
    return tryParse(text);
  };
  // A document spread over lines (a Claude Code session never is): an object is a request (with `messages` or
  // not: a request missing them is reported as such), an array a message list, valid JSON or not.
  // A lone bracket followed by a whole JSON object on the next line is a damaged line of JSONL instead.
  const second = head.at(1);
  const nextIsObjectLine = second !== undefined && second.startsWith('{') && tryParse(second).ok;
  if (first === '{' && !nextIsObjectLine) return 'request';
  if (first === '[' && !nextIsObjectLine) return 'messages';
  for (let i = 0; head.at(i) !== undefined; i++) {
    const line = head.at(i)!;
    const parsed = tryParse(line);
    if (!parsed.ok) {
      // A document spread over lines whose first line is more than a bracket: judge the whole text.
      if (i === 0 && (line.startsWith('{') || line.startsWith('['))) {
        const whole = wholeDocument();
        if (whole.ok) return classifyDocument(whole.value);
      }
      continue;
    }
    const v = parsed.value;
    if (Array.isArray(v)) {
      // A compact message array is the whole file; an array line among others is a damaged line of JSONL.
      if (head.at(i + 1) === undefined) return isMessageArray(v) ? 'messages' : 'claude-code';
      continue;
    }
    if (!isPlainObject(v)) continue;
    if (isMessageShape(v)) return 'messages';
    if (Object.hasOwn(v, 'messages')) return 'request';
    return 'claude-code';
  }
  return 'claude-code';
}

/** A message list held as one JSON document (the first non-blank line opens an array, or is a lone `{`). */
function isDocumentContainer(data: Uint8Array): boolean {
  const first = new HeadLines(data, 1).at(0);
  if (first === undefined) return false;
  if (first.startsWith('[') || first === '{') return true;
  const parsed = tryParse(first);
  return parsed.ok && isPlainObject(parsed.value) && Object.hasOwn(parsed.value, 'messages');
}

export function loadInput(path: string, input: Bytes, options: InputOptions = {}): LoadedInput {
  // A session in pieces (a fixed file, the format known from the first pass) is read piece by piece; anything else
  // is read whole.
  if (!(input instanceof Uint8Array) && options.inputFormat === 'claude-code') {
    return { format: 'claude-code', file: loadBytes(path, input, options) };
  }
  const data = joinBytes(input);
  // A UTF-16 or UTF-32 file is no format's: it is loaded as an empty session that says so (see loadBytes).
  if (foreignEncodingOf(data)) return { format: 'claude-code', file: loadBytes(path, data, options) };
  const format = options.inputFormat ?? detectInputFormat(data);
  if (format === 'claude-code') return { format, file: loadBytes(path, data, options) };
  if (format === 'messages' && !isDocumentContainer(data)) {
    const file = loadBytes(path, data, options);
    return { format, file, plain: PlainSource.jsonl(file) };
  }
  const plain = PlainSource.document(path, data, format);
  return { format, file: plain.virtualFile!, plain };
}

/** Where a finding is in the real file. */
export interface FileLocation {
  line: number;
  /** JSON pointer into the document (document inputs) or into the line's message (JSONL). */
  pointer?: string;
}

export type PlainContainer = 'document' | 'jsonl';

/** The line key of a document's shell (the document without its messages). */
export const SHELL_LINE = 1;
const FIRST_MESSAGE_LINE = 2;
const ENTRY_MESSAGE = '/message';

/** Everything the engine needs to know about a plain input beyond its lines. */
export class PlainSource {
  /** The parsed document, for a document. */
  document?: JsonDocument;
  /** The request object (request format, when the document is an object). */
  request?: Record<string, unknown>;
  /** Pointer to the messages array in the document ('' for an array, '/messages' for a request), when it is one. */
  messagesPointer?: string;
  /** The virtual lines of a document. */
  virtualFile?: SourceFile;
  /** The document's bytes as read (BOM included): a fix splices its edits into them (fixer/splice-document.ts). */
  source?: Uint8Array;
  /** The original text holds invalid UTF-8 (kept as it is by a fix: it only changes the values it names). */
  invalidUtf8 = false;
  /** A value of the document cannot be written back (nested too deeply for JSON.stringify): it is never rewritten. */
  unwritable = false;
  bom = false;
  eol: '\n' | '\r\n' = '\n';
  finalNewline = false;

  private constructor(
    readonly format: 'request' | 'messages',
    readonly container: PlainContainer,
  ) {}

  static jsonl(file: SourceFile): PlainSource {
    const p = new PlainSource('messages', 'jsonl');
    p.bom = file.bom;
    p.eol = file.eol;
    p.finalNewline = file.finalNewline;
    return p;
  }

  static document(path: string, data: Uint8Array, format: 'request' | 'messages'): PlainSource {
    const p = new PlainSource(format, 'document');
    p.source = data;
    p.bom = hasBom(data);
    const body = p.bom ? data.subarray(3) : data;
    let text: string;
    try {
      text = strictDecoder.decode(body);
    } catch {
      text = lenientDecoder.decode(body);
      p.invalidUtf8 = true;
    }
    p.eol = text.includes('\r\n') ? '\r\n' : '\n';
    p.finalNewline = /\n\s*$/.test(text);
    const doc = parseJsonDocument(text);
    p.document = doc;
    const value = doc.value;
    if (doc.ok) {
      if (Array.isArray(value)) p.messagesPointer = '';
      else if (isPlainObject(value) && Array.isArray(value.messages)) p.messagesPointer = '/messages';
      if (format === 'request' && isPlainObject(value)) p.request = value;
    }
    p.virtualFile = p.buildVirtualFile(path, data.length);
    return p;
  }

  get messages(): unknown[] | undefined {
    if (this.messagesPointer === undefined) return undefined;
    const v = this.document?.value;
    return (this.messagesPointer === '' ? v : (v as Record<string, unknown>).messages) as unknown[];
  }

  get layout(): JsonLayout | undefined {
    return this.document?.layout;
  }

  /** The line key of message i of a document. */
  messageKey(i: number): number {
    return i + FIRST_MESSAGE_LINE;
  }

  /** The index in the messages array of the message at a line key (documents), if it is one. */
  messageIndex(key: number): number | undefined {
    if (this.container !== 'document' || this.messagesPointer === undefined) return undefined;
    const i = key - FIRST_MESSAGE_LINE;
    return i >= 0 && i < (this.messages?.length ?? 0) ? i : undefined;
  }

  /**
   * Where a finding at a line key is in the real file. For a message, `entryPointer` is a pointer into the entry the
   * model made of it (`/message/content/2`); for the shell of a document it is a pointer into the document.
   */
  locate(key: number, entryPointer?: string): FileLocation {
    const messagePart = (): string | undefined => {
      if (entryPointer === undefined) return undefined;
      if (entryPointer === ENTRY_MESSAGE) return '';
      return entryPointer.startsWith(ENTRY_MESSAGE + '/') ? entryPointer.slice(ENTRY_MESSAGE.length) : undefined;
    };
    if (this.container === 'jsonl') {
      const inner = messagePart();
      return inner === undefined ? { line: key } : { line: key, pointer: inner };
    }
    const doc = this.document!;
    if (key === SHELL_LINE) {
      if (!doc.ok && doc.error && entryPointer === undefined) return { line: doc.error.line };
      const pointer = entryPointer ?? '';
      return { line: this.lineOf(pointer), pointer };
    }
    const i = this.messageIndex(key);
    if (i === undefined) return { line: doc.error?.line ?? 1 };
    const base = `${this.messagesPointer}/${i}`;
    const inner = messagePart();
    const pointer = inner === undefined ? base : base + inner;
    return { line: this.lineOf(pointer), pointer };
  }

  /** The line where the value at a document pointer starts (or its nearest recorded ancestor). */
  lineOf(pointer: string): number {
    const positions = this.document?.positions;
    if (!positions) return 1;
    let p = pointer;
    while (true) {
      const at = positions.get(p);
      if (at) return at.line;
      if (p === '') return this.document?.error?.line ?? 1;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  private buildVirtualFile(path: string, byteLength: number): SourceFile {
    const doc = this.document!;
    const lines: SourceLine[] = [];
    const shellLine: SourceLine = { lineNo: SHELL_LINE, bytes: new Uint8Array(0), crlf: false, problems: [], blank: false };
    if (this.invalidUtf8) shellLine.problems.push({ kind: 'utf8', message: 'file is not valid UTF-8' });
    if (!doc.ok) {
      shellLine.problems.push({ kind: 'parse', message: `file is not JSON (${doc.error!.message})`, column: doc.error!.column });
    } else {
      const value = doc.value;
      let shell: unknown = value;
      if (this.messagesPointer === '') shell = {};
      else if (this.messagesPointer === '/messages') {
        const copy: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
          Object.defineProperty(copy, k, { value: k === 'messages' ? [] : v, enumerable: true, writable: true, configurable: true });
        }
        shell = copy;
      }
      shellLine.bytes = this.encode(shell);
      if (isPlainObject(shell)) shellLine.json = shell;
    }
    lines.push(shellLine);
    (this.messages ?? []).forEach((m, i) => {
      const line: SourceLine = {
        lineNo: this.messageKey(i),
        bytes: this.encode(m),
        crlf: false,
        problems: [],
        blank: false,
      };
      if (isPlainObject(m)) line.json = m;
      lines.push(line);
    });
    return { path, bom: false, eol: '\n', finalNewline: true, lines, byteLength };
  }

  private encode(value: unknown): Uint8Array {
    try {
      return encoder.encode(JSON.stringify(value) ?? 'null');
    } catch {
      this.unwritable = true;
      return new Uint8Array(0);
    }
  }
}

/** A JSON pointer from tokens. */
export function pointerOf(...tokens: (string | number)[]): string {
  return tokens.map((t) => '/' + escapePointerToken(t)).join('');
}
