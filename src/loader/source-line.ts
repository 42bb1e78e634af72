// What the loader makes of one line of a file: its bytes, its parsed object, and what was wrong with it.
import { constants } from 'node:buffer';
import type { ByteRange } from './bytes.js';

export type LineProblemKind =
  | 'parse' // not JSON at all
  | 'torn' // the last line, not JSON and not newline-terminated: a crash mid-write
  | 'nul' // contains a NUL byte (Claude Code then cannot find the whole session)
  | 'utf8' // invalid UTF-8
  | 'not-object' // JSON, but not an object
  | 'too-long'; // over the configured maximum line size; not parsed

export interface LineProblem {
  kind: LineProblemKind;
  message: string;
  /** 1-based column where the problem was seen, when known. */
  column?: number;
  /** For 'parse' and 'torn': the parser's own words (`Unexpected token ...`); for 'not-object': what the line is. */
  detail?: string;
  /** For 'too-long': the limit the line is over, and whose it is (--max-line-bytes, or what one string can hold). */
  limit?: { bytes: number; of: 'option' | 'string' };
}

export interface SourceLine {
  /** 1-based line number. */
  lineNo: number;
  /** The line's bytes without its terminator (and without the BOM on line 1). */
  bytes: Uint8Array;
  /**
   * Where the line's bytes are in the file it was read from, when they are read from there again rather than held:
   * in that file the line is followed by its terminator. A fix copies such a line from the file, unread.
   */
  readonly range?: ByteRange;
  /** Whether this line ended with CRLF. */
  crlf: boolean;
  /**
   * The parsed JSON object, when the line is a JSON object. On a long line its long strings are getters that decode
   * them from `bytes` when read (see lazy-strings.ts).
   */
  json?: Record<string, unknown>;
  problems: LineProblem[];
  /** True for a line holding only whitespace: not an entry, not a problem. */
  blank: boolean;
}

/**
 * Whether the line was left unread for being over --max-line-bytes, though one string could hold it: an agent (which
 * reads each line whole) reads it, so what it holds is there for the agent and not for the model.
 */
export function isUnreadByLimit(line: SourceLine): boolean {
  // Asked of every line of every file: nothing is made for the lines without a problem.
  if (line.problems.length === 0) return false;
  const tooLong = line.problems.find((p) => p.kind === 'too-long');
  return tooLong !== undefined && lineByteLength(line) <= constants.MAX_STRING_LENGTH;
}

/** The line's length in bytes, its terminator left out: a line in the file (`range`) is not read for it. */
export function lineByteLength(line: SourceLine): number {
  return line.range?.length ?? line.bytes.length;
}
