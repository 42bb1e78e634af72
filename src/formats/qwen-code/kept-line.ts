// A line (or the rest of one) Qwen Code cannot read, kept in the file instead of deleted. Qwen 0.24.4 skips an
// object that is no record (validateTranscriptRecord: no string `uuid`, `sessionId` or known `type`), and resume
// only appends to the file. So a fix writes the unreadable text inside such an object, on the same line: nothing is
// deleted, and nothing is sent.
import type { SourceFile, SourceLine } from '../../loader/read-jsonl.js';
import { isObj } from './lines.js';

/** The `type` of the object that holds a kept line (it has no `uuid`, so Qwen skips it). */
export const KEPT_LINE = 'transcript-lint.kept-line';

const exact = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Whether a parsed object is a KEPT_LINE object (one Qwen skips). */
export const isKeptLine = (v: unknown): boolean => isObj(v) && v.type === KEPT_LINE && !('uuid' in v);

/**
 * A KEPT_LINE object holding `text` (by default the line's whole text; with its bytes in base64 when they are not
 * UTF-8) and why it was kept, as one line's JSON text.
 */
export function keptObject(line: SourceLine, reason: string, text?: string): string {
  const record: Record<string, unknown> = { type: KEPT_LINE, reason, text: text ?? lenient.decode(line.bytes) };
  if (text === undefined)
    try {
      exact.decode(line.bytes);
    } catch {
      record.base64 = Buffer.from(line.bytes).toString('base64');
    }
  return JSON.stringify(record);
}

/** The file's line break when `line` is its unterminated last line, so what Qwen appends starts a line of its own. */
export const closingBreak = (file: SourceFile, line: SourceLine): string =>
  line === file.lines.at(-1) && !file.finalNewline ? file.eol : '';
