// The model of a batch file, as the batch/* rules read it: its records (one request or result each) in file order,
// each with where it lives. In JSONL a record is a line (pointer '' into it); in the create call's own JSON body
// (`{"requests": [...]}`) record k is `/requests/k` of the document (the document's one virtual line, see
// json-container/container.ts). Rules report a record's fields as sites `{line, pointer}` built by `recordSite`, and
// edit them with `recordEdit`/`deleteRecord`, so they never care which container the file is.
import type { Edit } from '../../fixer/edits.js';
import { DOCUMENT_LINE, isPlainObject, type JsonContainer } from '../json-container/container.js';
import type { FormatModel } from '../types.js';
import type { BatchShape } from './shapes.js';

export interface BatchRecord {
  /** 0-based position among the file's requests (the API's `requests.<index>` in its error paths). */
  index: number;
  /** The unit that holds it: its JSONL line, or the document's line. */
  line: number;
  /** Pointer to the record inside its unit: '' for a JSONL line, `/requests/<k>` in a document. */
  base: string;
  value: Record<string, unknown>;
}

export interface BatchFile extends FormatModel {
  /** Which batch file this is. */
  readonly kind: BatchShape;
  readonly container: JsonContainer;
  /** The records that are JSON objects, in file order. */
  readonly records: readonly BatchRecord[];
  /**
   * For a document: what its top level holds beyond `requests` is not for the records' rules; `requests` missing or
   * not an array leaves no records (batch/line-shape says so).
   */
  readonly requestsPointer?: string;
}

/** The records of a container: its object lines, or the elements of a document's `requests` that are objects. */
export function readRecords(container: JsonContainer): { records: BatchRecord[]; requestsPointer?: string } {
  const records: BatchRecord[] = [];
  if (container.kind === 'document') {
    const doc = container.value(DOCUMENT_LINE);
    if (!isPlainObject(doc) || !Array.isArray(doc.requests)) return { records };
    doc.requests.forEach((value, k) => {
      if (isPlainObject(value)) records.push({ index: k, line: DOCUMENT_LINE, base: `/requests/${k}`, value });
    });
    return { records, requestsPointer: '/requests' };
  }
  let index = 0;
  for (const line of container.file.lines) {
    if (line.blank) continue;
    if (line.json) records.push({ index, line: line.lineNo, base: '', value: line.json });
    index++;
  }
  return { records };
}

/** The site of a record's value at `pointer` (relative to the record). */
export function recordSite(record: BatchRecord, pointer = ''): { line: number; pointer: string } {
  return { line: record.line, pointer: record.base + pointer };
}

/** An edit of a record's value at `pointer` (relative to the record): set it, or remove it when `value` is absent. */
export function recordEdit(record: BatchRecord, pointer: string, ...value: [unknown?]): Edit {
  return value.length === 0
    ? { kind: 'remove', line: record.line, pointer: record.base + pointer }
    : { kind: 'set', line: record.line, pointer: record.base + pointer, value: value[0] };
}

/** Deleting a record: its line, or its element of `requests`. */
export function deleteRecord(record: BatchRecord): Edit {
  return record.base === ''
    ? { kind: 'delete', line: record.line }
    : { kind: 'remove', line: record.line, pointer: record.base };
}
