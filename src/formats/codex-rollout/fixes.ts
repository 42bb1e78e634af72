// CodexFix: how the Codex rules build their fixes, in Codex's own record shapes. A record a fix writes is
// `{timestamp, ordinal, type, payload}` as Codex writes it (the ordinal is set right by the write-back, which keeps
// the sequence consecutive), and every record a fix writes or changes carries the marker `transcript_lint` at the
// record level, beside the record's own keys: Codex's decoder ignores unknown record keys and never sends them
// (test/oracle/codex/check.mjs resumes each fixed file with it). `{rule, inserted: true}` on a new record;
// `{rule, ...what was there before}` on a changed one (an earlier marker is kept and extended).
import type { Edit, Fixability, FixDescriptor } from '../../fixer/edits.js';
import { LineEdits } from '../../fixer/line-edits.js';
import { isObj } from './decode.js';
import type { CodexModel } from './model.js';
import type { CodexRecord } from './records.js';
import type { RecordRepair } from './repairs.js';
import { CODEX_MARKER_FIELD } from './shapes.js';

type Obj = Record<string, unknown>;

export class CodexFix extends LineEdits {
  private readonly marks = new Map<CodexRecord, Obj>();

  constructor(
    private readonly model: CodexModel,
    private readonly ruleId: string,
  ) {
    super();
  }

  /**
   * A new record after line `after` (0: before the first line), of Codex's shape: the timestamp of `near` (the
   * record it belongs with), an ordinal when the file carries them, the type and payload. In an old-format file a
   * response item is written bare, as that format stores it.
   */
  insertRecord(after: number, near: CodexRecord | undefined, type: string, payload: Obj, timestamp?: string): this {
    const marker = { rule: this.ruleId, inserted: true };
    if (this.model.generation === 'legacy' && type === 'response_item') {
      return this.add({ kind: 'insertAfter', line: after, value: { ...payload, [CODEX_MARKER_FIELD]: marker } });
    }
    const value: Obj = {
      timestamp: timestamp ?? (near && typeof near.raw.timestamp === 'string' ? near.raw.timestamp : ''),
    };
    if (this.model.ordinals) value.ordinal = nearOrdinal(near);
    value.type = type;
    value.payload = payload;
    value[CODEX_MARKER_FIELD] = marker;
    return this.add({ kind: 'insertAfter', line: after, value });
  }

  /** A record as it is (moved, or split out of a damaged line): its own keys, marked. */
  insertRaw(after: number, raw: Obj, fields: Obj = {}): this {
    return this.add({ kind: 'insertAfter', line: after, value: withMarker(raw, this.ruleId, fields) });
  }

  /** Set the value at a pointer into the record's line, and mark the record with `fields` (what was there). */
  set(record: CodexRecord, pointer: string, value: unknown, fields: Obj = {}): this {
    this.add({ kind: 'set', line: record.line, pointer, value });
    return this.mark(record, fields);
  }

  remove(record: CodexRecord, pointer: string, fields: Obj = {}): this {
    this.add({ kind: 'remove', line: record.line, pointer });
    return this.mark(record, fields);
  }

  /** An edit made as it is (no marker): for values only the write-back's own bookkeeping touches (ordinals). */
  raw(edit: Edit): this {
    return this.add(edit);
  }

  mark(record: CodexRecord, fields: Obj = {}): this {
    this.marks.set(record, { ...(this.marks.get(record) ?? {}), ...fields });
    return this;
  }

  fix(applicability: Fixability, description: string): FixDescriptor {
    const edits = [...this.edits, ...this.lineEdits()];
    for (const [record, fields] of this.marks)
      edits.push({
        kind: 'set',
        line: record.line,
        pointer: `/${CODEX_MARKER_FIELD}`,
        value: markerValue(record.raw[CODEX_MARKER_FIELD], this.ruleId, fields),
      });
    return { applicability, description, edits };
  }
}

function nearOrdinal(near: CodexRecord | undefined): number {
  const o = near?.raw.ordinal;
  return typeof o === 'number' && Number.isSafeInteger(o) && o >= 0 ? o + 1 : 0;
}

/** The marker a record gets: a new one, or the record's own extended by this rule (its `rule` then a list). */
export function markerValue(existing: unknown, ruleId: string, fields: Obj): Obj {
  if (!isObj(existing)) return { rule: ruleId, ...fields };
  const rules = Array.isArray(existing.rule) ? [...existing.rule] : existing.rule === undefined ? [] : [existing.rule];
  if (!rules.includes(ruleId)) rules.push(ruleId);
  return { ...existing, ...fields, rule: rules.length === 1 ? rules[0] : rules };
}

/** The record with this rule's marker on it (placed last, or where an earlier marker already is). */
export function withMarker(raw: Obj, ruleId: string, fields: Obj = {}): Obj {
  return { ...raw, [CODEX_MARKER_FIELD]: markerValue(raw[CODEX_MARKER_FIELD], ruleId, fields) };
}

/** A repair as a fix: its operations on the record's line, and the marker. */
export function repairFix(fix: CodexFix, record: CodexRecord, repair: RecordRepair): CodexFix {
  for (const op of repair.ops) {
    if (op.op === 'set') fix.set(record, op.pointer, op.value, repair.fields);
    else fix.remove(record, op.pointer, repair.fields);
  }
  return fix;
}
