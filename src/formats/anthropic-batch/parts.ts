// Each request of an Anthropic batch file as a Messages API request of its own: the bytes of its `params` value
// read by the plain request machinery (formats/plain: PlainSource.document over just those bytes), so every rule of
// the request format runs on it unchanged. The part's format is the request format with `locate` and `locateLine`
// that place findings in the batch file: the line where the value starts (a JSONL line, or a line of the create
// body), its column, and a pointer into the line's (or the document's) JSON (`/params/messages/1/content/1`). In a
// pretty create body the value's lines carry the document's indentation: it is taken off for the part (so the part's
// own layout is right for what a fix writes) and put back by the format's write-back.
import type { JsonPosition } from '../../loader/json-positions.js';
import type { TranscriptModel } from '../../model/index.js';
import type { BatchRecord } from '../batch/model.js';
import { isPlainObject, type JsonContainer, type ValueSpan } from '../json-container/container.js';
import { locatePlain, locatePlainLine } from '../plain/locate.js';
import { plainModel } from '../plain/model.js';
import { PlainSource } from '../plain/source.js';
import { request } from '../request/index.js';
import type { FilePart, Format, Location } from '../types.js';

export interface RequestPart extends FilePart {
  model: TranscriptModel;
  format: Format<TranscriptModel>;
  record: BatchRecord;
  /** Where the `params` value's bytes are in its unit. */
  span: ValueSpan;
  /**
   * The indentation of the line the value starts on, taken off each of its other lines so that the request reads as
   * a document of its own (its layout is found from its own indentation), and put back when it is written.
   */
  indent: Uint8Array;
}

const NEWLINE = 0x0a;

/** The leading whitespace of the line holding byte `at`. */
function indentationAt(bytes: Uint8Array, at: number): Uint8Array {
  let start = at;
  while (start > 0 && bytes[start - 1] !== NEWLINE) start--;
  let end = start;
  while (end < at && (bytes[end] === 0x20 || bytes[end] === 0x09)) end++;
  return bytes.subarray(start, end);
}

/** The bytes with `indent` taken off the start of every line but the first, or undefined if a line lacks it. */
function dedent(bytes: Uint8Array, indent: Uint8Array): Uint8Array | undefined {
  if (indent.length === 0) return bytes;
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    out.push(bytes[i]!);
    if (bytes[i] !== NEWLINE) continue;
    for (let k = 0; k < indent.length; k++) if (bytes[i + 1 + k] !== indent[k]) return undefined;
    i += indent.length;
  }
  return Uint8Array.from(out);
}

/** The bytes with `indent` put back after every line break (JSON text has line breaks only between tokens). */
export function reindent(bytes: Uint8Array, indent: Uint8Array): Uint8Array {
  if (indent.length === 0) return bytes;
  const out: number[] = [];
  for (const b of bytes) {
    out.push(b);
    if (b === NEWLINE) out.push(...indent);
  }
  return Uint8Array.from(out);
}

/** The request of a record, or undefined when its `params` is not an object (batch/line-shape reports that). */
export function requestPart(path: string, container: JsonContainer, record: BatchRecord): RequestPart | undefined {
  if (!isPlainObject(record.value.params)) return undefined;
  const paramsPointer = `${record.base}/params`;
  const span = container.span(record.line, paramsPointer);
  if (!span) return undefined;
  const unit = container.kind === 'document' ? container.source! : container.file.lines[record.line - 1]!.bytes;
  const raw = unit.subarray(span.start, span.end);
  let indent = container.kind === 'document' ? indentationAt(unit, span.start) : new Uint8Array(0);
  let bytes = dedent(raw, indent);
  if (!bytes) [bytes, indent] = [raw, new Uint8Array(0)];
  const plain = PlainSource.document(path, bytes, 'request');
  const model = plainModel({ file: plain.virtualFile!, plain });
  const positions = plain.document!.positions;
  // A position in the params text, in the batch file: its first line continues the line the value starts on, its
  // other lines had the indentation taken off.
  const fileLine = (line: number): number => span.line + line - 1;
  const fileColumn = (at: JsonPosition): number =>
    at.line === 1 ? span.column + at.column - 1 : at.column + indent.length;
  const format: Format<TranscriptModel> = {
    ...request,
    locate: (m, site): Location => {
      const at = locatePlain(m, site);
      const inner = at.pointer ?? '';
      const located: Location = { line: fileLine(at.line), pointer: paramsPointer + inner };
      const start = positions.get(inner);
      if (start && start.line === at.line) located.column = fileColumn(start);
      if (at.blockIndex !== undefined) located.blockIndex = at.blockIndex;
      return located;
    },
    locateLine: (m, line) => fileLine(locatePlainLine(m, line)),
  };
  return { model, format, record, span, indent };
}
