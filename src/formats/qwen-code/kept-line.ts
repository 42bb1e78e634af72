// A line (or the rest of one) Qwen Code cannot read, kept in the file instead of deleted. Qwen 0.24.4 skips an
// object that is no record (validateTranscriptRecord: no string `uuid`, `sessionId` or known `type`), and resume
// only appends to the file. So a fix writes the unreadable text inside such an object, on the same line: nothing is
// deleted, and nothing is sent.
import { KEPT_LINE_TYPE, keptBytes } from '../../fixer/kept-bytes.js';
import type { SourceLine } from '../../loader/read-jsonl.js';
import { isObj } from './lines.js';

/** The `type` of the object that holds a kept line (it has no `uuid`, so Qwen skips it). */
export const KEPT_LINE = KEPT_LINE_TYPE;

/** Whether a parsed object is a KEPT_LINE object (one Qwen skips). */
export const isKeptLine = (v: unknown): boolean => isObj(v) && v.type === KEPT_LINE && !('uuid' in v);

/** The session's `sessionId` and `cwd`, which Qwen reads from the first JSON object of the file. */
export interface SessionHead {
  sessionId: string;
  cwd: string;
}

/**
 * A KEPT_LINE object holding `text` (by default the line's whole text; with its bytes in base64 when they are not
 * UTF-8) and why it was kept, as one line's JSON text. When it is the file's first JSON object it carries `head`:
 * Qwen 0.24.4 reads the session's `sessionId` and `cwd` from that object (readCreationMetadataInternal hashes its
 * `cwd`), and `qwen --resume` failed with a TypeError on a kept object without them (rc 123); it still skips the
 * object, which has no `uuid`.
 */
export function keptObject(line: SourceLine, reason: string, text?: string, head?: SessionHead): string {
  const kept = text === undefined ? keptBytes(line.bytes) : { text };
  return JSON.stringify({
    type: KEPT_LINE,
    reason,
    ...(head ? { sessionId: head.sessionId, cwd: head.cwd } : {}),
    ...kept,
  });
}

/** The `sessionId` and `cwd` of the first record that has both, if any. */
export function sessionHead(records: readonly { raw: Record<string, unknown> }[]): SessionHead | undefined {
  for (const { raw } of records) {
    if (typeof raw.sessionId === 'string' && typeof raw.cwd === 'string')
      return { sessionId: raw.sessionId, cwd: raw.cwd };
  }
  return undefined;
}
