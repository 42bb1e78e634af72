// A line (or the rest of one) Qwen Code cannot read, kept in the file instead of deleted. Qwen 0.24.4 skips an
// object that is no record (validateTranscriptRecord: no string `uuid`, `sessionId` or known `type`), and resume
// only appends to the file. So a fix writes the unreadable text inside such an object, on the same line: nothing is
// deleted, and nothing is sent.
import { keptBytes } from '../../fixer/kept-bytes.js';
import type { SourceLine } from '../../loader/read-jsonl.js';
import { isObj } from './lines.js';

/** The `type` of the object that holds a kept line (it has no `uuid`, so Qwen skips it). */
export const KEPT_LINE = 'transcript-lint.kept-line';

/** Whether a parsed object is a KEPT_LINE object (one Qwen skips). */
export const isKeptLine = (v: unknown): boolean => isObj(v) && v.type === KEPT_LINE && !('uuid' in v);

/**
 * A KEPT_LINE object holding `text` (by default the line's whole text; with its bytes in base64 when they are not
 * UTF-8) and why it was kept, as one line's JSON text.
 */
export function keptObject(line: SourceLine, reason: string, text?: string): string {
  return JSON.stringify({ type: KEPT_LINE, reason, ...(text === undefined ? keptBytes(line.bytes) : { text }) });
}
