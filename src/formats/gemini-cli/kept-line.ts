// A line Gemini CLI cannot read, kept in the file instead of deleted. The 0.61.0 loader (loadConversationRecord)
// skips a JSON line that is no rewind (a string `$rewindTo`), no message (a string `id`), no update (an object
// `$set`) and no header (string `sessionId` and `projectHash`), and resume only appends to the file. So a fix
// writes the unreadable line's text inside such a record, on the same line: nothing is deleted, and nothing is sent.
import { closingBreak, keptBytes } from '../../fixer/kept-bytes.js';
import type { SourceFile, SourceLine } from '../../loader/read-jsonl.js';
import { isObj, kindOf } from './records.js';

/** The `type` of the record that holds a kept line (it has no `id`, so the CLI's loader skips it). */
export const KEPT_LINE = 'transcript-lint.kept-line';

/** Whether a parsed line is a KEPT_LINE record (one the CLI skips). */
export const isKeptLine = (v: unknown): boolean => isObj(v) && v.type === KEPT_LINE && kindOf(v) === 'other';

/**
 * The text that replaces `line`: a KEPT_LINE record holding the line's text (and its bytes, in base64, when they are
 * not UTF-8) and why it was kept. An unterminated last line gets the file's line break, so what the CLI appends on
 * resume starts a line of its own.
 */
export function keptLineText(file: SourceFile, line: SourceLine, reason: string): string {
  return JSON.stringify({ type: KEPT_LINE, reason, ...keptBytes(line.bytes) }) + closingBreak(file, line);
}
