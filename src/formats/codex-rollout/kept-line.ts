// A line Codex cannot read, kept in the rollout instead of deleted: a fix writes its text into a record of a type
// Codex 0.169.0 does not know, which it skips (recorded: a rollout with such a record mid-file and as its last line,
// without an ordinal, resumed under MOCK_STRICT=1 with rc 0 and nothing rejected; Codex numbered its next record after
// the last record it reads). So nothing is deleted, and nothing of it is sent. The record carries no ordinal: with
// one, Codex wrote its next record with the same ordinal again.
import { keptBytes } from '../../fixer/kept-bytes.js';
import type { SourceLine } from '../../loader/read-jsonl.js';
import { isObj } from './decode.js';
import type { CodexModel } from './model.js';
import { CODEX_MARKER_FIELD } from './shapes.js';

type Obj = Record<string, unknown>;

/** The record type that holds a kept line. */
export const KEPT_LINE = 'transcript_lint_kept_line';

/** Whether a parsed line is a kept line. */
export const isKeptLine = (raw: unknown): boolean => isObj(raw) && raw.type === KEPT_LINE;

/**
 * The record that keeps `bytes` (a line, or the part of one a fix does not write back): their text, and their bytes
 * in base64 when they are not UTF-8; the timestamp of the record before line `lineNo`.
 */
export function keptLine(model: CodexModel, lineNo: number, bytes: Uint8Array, reason: string, rule: string): Obj {
  const payload: Obj = { reason, ...keptBytes(bytes) };
  const before = model.records.filter((r) => r.line < lineNo && typeof r.raw.timestamp === 'string').at(-1);
  return {
    timestamp: before ? before.raw.timestamp : '',
    type: KEPT_LINE,
    payload,
    [CODEX_MARKER_FIELD]: { rule, kept: true },
  };
}

/** The text of a kept line's record, as a fix writes it on the line. */
export const keptLineText = (model: CodexModel, line: SourceLine, reason: string, rule: string): string =>
  JSON.stringify(keptLine(model, line.lineNo, line.bytes, reason, rule));
