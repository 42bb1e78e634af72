// The lines of an events.jsonl as Copilot CLI reads them: split on "\n" only. A carriage return before the line feed
// is part of the line (Copilot's reader skips it as whitespace; a lone CR is no separator at all), so it stays in the
// line's bytes, where a fix can remove it like any other byte, and every line the fixer writes ends with "\n" alone.
// Everything else is the shared lenient JSONL loader's: each line's exact bytes, its parsed object, its problems.
import type { Bytes } from '../../loader/bytes.js';
import { type LoadOptions, loadBytes, type SourceFile } from '../../loader/read-jsonl.js';

export function loadEventLines(path: string, data: Bytes, options: LoadOptions): SourceFile {
  const file = loadBytes(path, data, options);
  if (!file.lines.some((l) => l.crlf)) return file;
  for (const line of file.lines) {
    if (!line.crlf) continue;
    // The CR follows the line's bytes in the same buffer (the loader cut it off): take it back into the view.
    line.bytes = new Uint8Array(line.bytes.buffer, line.bytes.byteOffset, line.bytes.length + 1);
    line.crlf = false;
    // A line of only whitespace and its CR is still blank; one the loader called blank with a CR is blank still.
  }
  return { ...file, eol: '\n' };
}

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** A line's text, decoded leniently (invalid bytes become U+FFFD). */
export function lineText(bytes: Uint8Array): string {
  return lenient.decode(bytes);
}
