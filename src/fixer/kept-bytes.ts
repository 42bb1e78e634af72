// What a fix keeps of a line an agent cannot read, when it writes the line into a record the agent skips instead of
// deleting it (the kept-line.ts of the Codex, Copilot, Gemini CLI and Qwen Code formats): the line's text, and its
// bytes in base64 when they are not UTF-8, so that the original bytes can be restored exactly.
import type { SourceFile, SourceLine } from '../loader/read-jsonl.js';

const exact = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The bytes as `text` (invalid sequences as U+FFFD), with `base64` of them only when they are not UTF-8. */
export function keptBytes(bytes: Uint8Array): { text: string; base64?: string } {
  const text = lenient.decode(bytes);
  try {
    exact.decode(bytes);
    return { text };
  } catch {
    return { text, base64: Buffer.from(bytes).toString('base64') };
  }
}

/** The `type` of the JSON object a kept line is written into, in every format whose agent skips such an object. */
export const KEPT_LINE_TYPE = 'transcript-lint.kept-line';

/**
 * The text that replaces `line`: a KEPT_LINE_TYPE object holding the line's text (its bytes in base64 when they are
 * not UTF-8) and why it was kept; an unterminated last line gets the file's line break, so that what the agent
 * appends next starts a line of its own.
 */
export const keptLineObject = (file: SourceFile, line: SourceLine, reason: string): string =>
  JSON.stringify({ type: KEPT_LINE_TYPE, reason, ...keptBytes(line.bytes) }) + closingBreak(file, line);

/** The file's line break when `line` is its unterminated last line, so that what the agent appends starts a line. */
export const closingBreak = (file: SourceFile, line: SourceLine): string =>
  line === file.lines.at(-1) && !file.finalNewline ? file.eol : '';
