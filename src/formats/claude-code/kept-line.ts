// A line Claude Code cannot read, kept in the session instead of deleted: a fix writes its text into an entry of a
// type Claude Code does not know, which it ignores. Measured with Claude Code 2.1.332 under the strict stand-in: the
// recorded multi.jsonl with such a line mid-file and as its last line sent the same request as without them (13
// messages, rc 0, nothing rejected), and kept both lines when it appended. So nothing is deleted, and nothing of it
// is sent.
import { closingBreak, keptBytes } from '../../fixer/kept-bytes.js';
import type { SourceFile, SourceLine } from '../../loader/read-jsonl.js';

/** The entry type that holds a kept line. */
export const KEPT_LINE = 'transcript-lint.kept-line';

/**
 * The text that replaces `line`: a KEPT_LINE entry holding the line's text (and its bytes, in base64, when they are
 * not UTF-8) and why it was kept. An unterminated last line gets the file's line break, so that the next entry Claude
 * Code appends starts a line of its own.
 */
export function keptLineText(file: SourceFile, line: SourceLine, reason: string): string {
  return JSON.stringify({ type: KEPT_LINE, reason, ...keptBytes(line.bytes) }) + closingBreak(file, line);
}
