// A line Claude Code cannot read, kept in the session instead of deleted: a fix writes its text into an entry of a
// type Claude Code does not know, which it ignores. Measured with Claude Code 2.1.332 under the strict stand-in: the
// recorded multi.jsonl with such a line mid-file and as its last line sent the same request as without them (13
// messages, rc 0, nothing rejected), and kept both lines when it appended. So nothing is deleted, and nothing of it
// is sent.
export { KEPT_LINE_TYPE as KEPT_LINE, keptLineObject as keptLineText } from '../../fixer/kept-bytes.js';
