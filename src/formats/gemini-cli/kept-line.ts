// A line Gemini CLI cannot read, kept in the file instead of deleted. The 0.61.0 loader (loadConversationRecord)
// skips a JSON line that is no rewind (a string `$rewindTo`), no message (a string `id`), no update (an object
// `$set`) and no header (string `sessionId` and `projectHash`), and resume only appends to the file. So a fix
// writes the unreadable line's text inside such a record, on the same line: nothing is deleted, and nothing is sent.
// An entry of a `$set messages` snapshot is kept the same way, in its place in the array: the loader loads only the
// entries with a string `id` (isMessageRecord).
import { KEPT_LINE_TYPE, keptBytes, keptLineObject } from '../../fixer/kept-bytes.js';
import { locate } from '../../fixer/splice-scan.js';
import type { SourceLine } from '../../loader/read-jsonl.js';
import { isObj, kindOf } from './records.js';

/** The `type` of the record that holds a kept line (it has no `id`, so the CLI's loader skips it). */
export const KEPT_LINE = KEPT_LINE_TYPE;

/** Whether a parsed line is a KEPT_LINE record (one the CLI skips). */
export const isKeptLine = (v: unknown): boolean => isObj(v) && v.type === KEPT_LINE && kindOf(v) === 'other';

/** The text that replaces `line`: a KEPT_LINE record holding its text (it has no `id`, so the loader skips it). */
export const keptLineText = keptLineObject;

/** A KEPT_LINE record holding `text` (a record cut out of a line, not the whole line) and why it was kept. */
export const keptRecordText = (text: string, reason: string): string =>
  JSON.stringify({ type: KEPT_LINE, reason, text });

/**
 * The value that replaces the entry at `pointer` of a snapshot line: a KEPT_LINE record holding the entry's text as
 * the line stores it (its bytes, in base64, when they are not UTF-8) and why it was kept.
 */
export function keptEntry(line: SourceLine, pointer: string, reason: string): Record<string, unknown> {
  const at = locate(line.bytes, pointer);
  if (!at) throw new Error(`no value at ${pointer} on line ${line.lineNo}`);
  return { type: KEPT_LINE, reason, ...keptBytes(line.bytes.subarray(at.value[0], at.value[1])) };
}
