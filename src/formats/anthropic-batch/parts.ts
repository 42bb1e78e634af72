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

/** Where a part's request text sits in the batch file, by part model (the one part format reads it from here). */
interface PartPlace {
  span: ValueSpan;
  indent: Uint8Array;
  paramsPointer: string;
  positions: ReadonlyMap<string, JsonPosition>;
}

const places = new WeakMap<TranscriptModel, PartPlace>();

const placeOfModel = (m: TranscriptModel): PartPlace => {
  const place = places.get(m);
  if (!place) throw new Error('not a request of a batch file');
  return place;
};

/** A position in the params text, in the batch file: its first line continues the line the value starts on. */
const fileLine = (p: PartPlace, line: number): number => p.span.line + line - 1;
/** Its other lines had the indentation taken off. */
const fileColumn = (p: PartPlace, at: JsonPosition): number =>
  at.line === 1 ? p.span.column + at.column - 1 : at.column + p.indent.length;

/**
 * The format of every request of a batch file: the request format, whose findings are placed in the batch file.
 * One object for all of them (where each request sits is kept by its model), so no request's model outlives its lint.
 */
export const batchRequestFormat: Format<TranscriptModel> = {
  ...request,
  locate: (m, site): Location => {
    const p = placeOfModel(m);
    const at = locatePlain(m, site);
    const inner = at.pointer ?? '';
    const located: Location = { line: fileLine(p, at.line), pointer: p.paramsPointer + inner };
    const start = p.positions.get(inner);
    if (start && start.line === at.line) located.column = fileColumn(p, start);
    if (at.blockIndex !== undefined) located.blockIndex = at.blockIndex;
    return located;
  },
  locateLine: (m, line) => fileLine(placeOfModel(m), locatePlainLine(m, line)),
};

/** Whether a record has a request to lint (a `params` object); batch/line-shape reports the others. */
export const hasRequest = (record: BatchRecord): boolean => isPlainObject(record.value.params);

/** The request of a record, read afresh from the file's bytes, or undefined when it has none. */
export function requestPart(path: string, container: JsonContainer, record: BatchRecord): RequestPart | undefined {
  if (!hasRequest(record)) return undefined;
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
  places.set(model, { span, indent, paramsPointer, positions: plain.document!.positions });
  return { model, format: batchRequestFormat, record, span, indent };
}
