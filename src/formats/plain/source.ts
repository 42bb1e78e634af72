// The source of a plain input (a Messages API request body, or a message list as a JSON array or JSONL): what the
// engine needs to know about it beyond its lines. A JSONL message list is loaded as it is (each line is a message;
// lines are the file's own lines). A JSON document becomes a *virtual* file: line 1 holds the document without its
// messages (the "shell", where request-level fields such as `tools` live), line k (k >= 2) holds message k - 2.
// These line numbers are keys, not positions: `locate` maps a key (and a pointer into the message) back to the line
// of the real file where the value starts, and to a JSON pointer into the document.
import {
  escapePointerToken,
  type JsonDocument,
  type JsonLayout,
  parseJsonDocument,
} from '../../loader/json-positions.js';
import type { SourceFile, SourceLine } from '../../loader/read-jsonl.js';
import { SHELL_LINE } from '../../model/lines.js';
import type { FileLocation, PlainInput } from '../../model/types.js';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const encoder = new TextEncoder();

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function hasBom(data: Uint8Array): boolean {
  return data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf;
}

export type PlainContainer = 'document' | 'jsonl';

const FIRST_MESSAGE_LINE = 2;
const ENTRY_MESSAGE = '/message';

/** Everything the engine needs to know about a plain input beyond its lines. */
export class PlainSource implements PlainInput {
  /** The parsed document, for a document. */
  document?: JsonDocument;
  /** The request object (request format, when the document is an object). */
  request?: Record<string, unknown>;
  /** Pointer to the messages array in the document ('' for an array, '/messages' for a request), when it is one. */
  messagesPointer?: string;
  /** The virtual lines of a document. */
  virtualFile?: SourceFile;
  /** The document's bytes as read (BOM included): a fix splices its edits into them (plain/splice-document.ts). */
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
    const shellLine: SourceLine = {
      lineNo: SHELL_LINE,
      bytes: new Uint8Array(0),
      crlf: false,
      problems: [],
      blank: false,
    };
    if (this.invalidUtf8) shellLine.problems.push({ kind: 'utf8', message: 'file is not valid UTF-8' });
    if (!doc.ok) {
      shellLine.problems.push({
        kind: 'parse',
        message: `file is not JSON (${doc.error!.message})`,
        detail: doc.error!.message,
        column: doc.error!.column,
      });
    } else {
      const value = doc.value;
      let shell: unknown = value;
      if (this.messagesPointer === '') shell = {};
      else if (this.messagesPointer === '/messages') {
        const copy: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
          Object.defineProperty(copy, k, {
            value: k === 'messages' ? [] : v,
            enumerable: true,
            writable: true,
            configurable: true,
          });
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
