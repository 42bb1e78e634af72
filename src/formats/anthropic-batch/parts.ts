// Each request of an Anthropic batch file as a Messages API request of its own: the bytes of its `params` value
// read by the plain request machinery (formats/plain: PlainSource.document over just those bytes), so every rule of
// the request format runs on it unchanged. The part's format is the request format with `locate` and `locateLine`
// that place findings in the batch file: the line where the value starts (a JSONL line, or a line of the create
// body), its column, and a pointer into the line's (or the document's) JSON (`/params/messages/1/content/1`).
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
}

/** The request of a record, or undefined when its `params` is not an object (batch/line-shape reports that). */
export function requestPart(path: string, container: JsonContainer, record: BatchRecord): RequestPart | undefined {
  if (!isPlainObject(record.value.params)) return undefined;
  const paramsPointer = `${record.base}/params`;
  const span = container.span(record.line, paramsPointer);
  if (!span) return undefined;
  const unit = container.kind === 'document' ? container.source! : container.file.lines[record.line - 1]!.bytes;
  const plain = PlainSource.document(path, unit.subarray(span.start, span.end), 'request');
  const model = plainModel({ file: plain.virtualFile!, plain });
  const positions = plain.document!.positions;
  // A position in the params text, in the batch file: its first line continues the line the value starts on.
  const fileLine = (line: number): number => span.line + line - 1;
  const fileColumn = (at: JsonPosition): number => (at.line === 1 ? span.column + at.column - 1 : at.column);
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
  return { model, format, record, span };
}
