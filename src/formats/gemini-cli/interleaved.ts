// A line written inside another line: another writer appended a whole line (a record and its line break) while a
// record was part way written, so the file holds `A X\n` and `B\n` where A + B is the record and X the other
// writer's record. Neither line parses as a whole, so Gemini CLI and Qwen Code skip both, losing two records that
// are both still there, byte for byte.

/** The two records a pair of lines holds when the first was written into: the split one, and the one inside it. */
export interface Interleaved {
  /** The record cut in two (A + B). */
  record: string;
  /** The record written inside it (X). */
  inner: string;
}

const isObjectText = (text: string): boolean => {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
};

/**
 * The records of `text` and `next` when `text` is a record's start with a whole record after it and `next` is the
 * rest of the first: each `{"` of `text` (after its first character) is tried as the start of the inner record.
 */
export function interleavedLines(text: string, next: string): Interleaved | undefined {
  if (!text.startsWith('{') || next.startsWith('{')) return undefined;
  for (let at = text.indexOf('{"', 1); at > 0; at = text.indexOf('{"', at + 1)) {
    const inner = text.slice(at);
    if (!isObjectText(inner)) continue;
    const record = text.slice(0, at) + next;
    if (isObjectText(record)) return { record, inner };
  }
  return undefined;
}
