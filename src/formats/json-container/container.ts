// A JSON input as the units a format's model reads: the lines of a JSONL file (each a unit, as the loader read it),
// or one JSON document, which becomes a virtual file of one line (line 1) holding the whole document. The formats
// built on it (batch files, OpenAI inputs) report places as a unit's line and a JSON pointer into that unit;
// `place` turns such a place into the file's own line and column (1-based, UTF-16 code units, as
// loader/json-positions.ts counts them) and a pointer into the line (JSONL) or into the document.
import { type JsonDocument, parseJsonDocument } from '../../loader/json-positions.js';
import { joinBytes, type Bytes } from '../../loader/bytes.js';
import { type LoadOptions, loadBytes, type SourceFile, type SourceLine } from '../../loader/read-jsonl.js';
import { locate as locateBytes } from '../../fixer/splice-scan.js';
import type { Location } from '../types.js';

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export type ContainerKind = 'jsonl' | 'document';

/** The line of the virtual file that holds a whole document. */
export const DOCUMENT_LINE = 1;

/** Where a value is in the file: its line and column, and the range of its bytes in its unit's bytes. */
export interface ValueSpan {
  line: number;
  column: number;
  /** Byte offsets into the unit's bytes (a JSONL line without its terminator; a document's bytes, BOM included). */
  start: number;
  end: number;
}

export class JsonContainer {
  /** For a document: its parse (positions of every value by pointer, layout). */
  readonly document?: JsonDocument;
  /** For a document: its bytes as read (BOM included); fixes are spliced into them. */
  readonly source?: Uint8Array;
  /** For a document: where the JSON text starts in `source` (3 after a BOM). */
  readonly offset: number = 0;
  /** For a document: it holds invalid UTF-8 (kept as it is: fixes only change the values they name). */
  readonly invalidUtf8: boolean = false;
  readonly eol: '\n' | '\r\n';

  private constructor(
    readonly kind: ContainerKind,
    readonly file: SourceFile,
    extra: Partial<Pick<JsonContainer, 'document' | 'source' | 'offset' | 'invalidUtf8' | 'eol'>> = {},
  ) {
    Object.assign(this, extra);
    this.eol = extra.eol ?? file.eol;
  }

  /** A JSONL file: its lines as the loader reads them. */
  static jsonl(path: string, data: Bytes, options: LoadOptions = {}): JsonContainer {
    return new JsonContainer('jsonl', loadBytes(path, data, options));
  }

  /** A JSON document: one virtual line whose problems say whether it parsed. */
  static document(path: string, data: Bytes): JsonContainer {
    const source = joinBytes(data);
    const bom = source.length >= 3 && source[0] === 0xef && source[1] === 0xbb && source[2] === 0xbf;
    const offset = bom ? 3 : 0;
    const body = source.subarray(offset);
    let text: string;
    let invalidUtf8 = false;
    try {
      text = strictDecoder.decode(body);
    } catch {
      text = lenientDecoder.decode(body);
      invalidUtf8 = true;
    }
    const document = parseJsonDocument(text);
    const line: SourceLine = { lineNo: DOCUMENT_LINE, bytes: body, crlf: false, problems: [], blank: false };
    if (invalidUtf8) line.problems.push({ kind: 'utf8', message: 'file is not valid UTF-8' });
    if (!document.ok) {
      line.problems.push({
        kind: 'parse',
        message: `file is not JSON (${document.error!.message})`,
        detail: document.error!.message,
        column: document.error!.column,
      });
    } else if (isPlainObject(document.value)) {
      line.json = document.value;
    }
    const file: SourceFile = {
      path,
      bom,
      eol: '\n',
      finalNewline: true,
      lines: text.trim() === '' ? [] : [line],
      byteLength: source.length,
    };
    return new JsonContainer('document', file, {
      document,
      source,
      offset,
      invalidUtf8,
      eol: text.includes('\r\n') ? '\r\n' : '\n',
    });
  }

  /** The parsed value of a unit: a JSONL line's object, or the document (whatever JSON value it is). */
  value(line: number): unknown {
    if (this.kind === 'document') return line === DOCUMENT_LINE && this.document?.ok ? this.document.value : undefined;
    return this.file.lines[line - 1]?.json;
  }

  /** The units that parsed: `[line, value]` in file order. */
  *units(): Generator<[number, unknown]> {
    if (this.kind === 'document') {
      if (this.document?.ok && this.file.lines.length > 0) yield [DOCUMENT_LINE, this.document.value];
      return;
    }
    for (const l of this.file.lines) if (l.json) yield [l.lineNo, l.json];
  }

  /** Where a unit's value at a pointer is in the file: line, column and the pointer, as reports show them. */
  place(line: number, pointer?: string): Location {
    if (this.kind === 'document') {
      const doc = this.document;
      if (!doc?.ok) return { line: doc?.error?.line ?? 1 };
      const at = nearestPosition(doc, pointer ?? '');
      const located: Location = { line: at.line, column: at.column };
      if (pointer !== undefined) located.pointer = pointer;
      return located;
    }
    const located: Location = { line };
    if (pointer === undefined) return located;
    located.pointer = pointer;
    const span = this.span(line, pointer);
    if (span) located.column = span.column;
    return located;
  }

  /**
   * The bytes, line and column of the value at a pointer into a unit, or undefined when there is none. For a
   * document the offsets are into `source`; for a JSONL line into the line's bytes.
   */
  span(line: number, pointer: string): ValueSpan | undefined {
    if (this.kind === 'document') {
      const doc = this.document;
      if (!doc?.ok || !this.source) return undefined;
      const found = safeLocate(this.source.subarray(this.offset), pointer);
      const at = doc.positions.get(pointer);
      if (!found || !at) return undefined;
      return { line: at.line, column: at.column, start: found[0] + this.offset, end: found[1] + this.offset };
    }
    const source = this.file.lines[line - 1];
    if (!source?.json) return undefined;
    const found = safeLocate(source.bytes, pointer);
    if (!found) return undefined;
    return { line, column: columnAt(source.bytes, found[0]), start: found[0], end: found[1] };
  }
}

/** The 1-based UTF-16 column of a byte offset in a line's bytes. */
export function columnAt(bytes: Uint8Array, offset: number): number {
  return lenientDecoder.decode(bytes.subarray(0, offset)).length + 1;
}

/** The position of the value at a pointer, or of its nearest ancestor whose position was recorded. */
function nearestPosition(doc: JsonDocument, pointer: string): { line: number; column: number } {
  let p = pointer;
  while (true) {
    const at = doc.positions.get(p);
    if (at) return at;
    if (p === '') return { line: 1, column: 1 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

function safeLocate(bytes: Uint8Array, pointer: string): [number, number] | undefined {
  try {
    return locateBytes(bytes, pointer)?.value;
  } catch {
    return undefined;
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The file line of a site of a container-backed model, for messages that name another place ("first on line N"). */
export function fileLineOf(model: { container: JsonContainer }, site: { line: number; pointer?: string }): number {
  return model.container.place(site.line, site.pointer).line;
}
