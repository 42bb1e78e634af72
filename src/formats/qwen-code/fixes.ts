// How the Qwen Code rules write their fixes, in Qwen's own record shape. A record a fix writes or changes carries
// the marker `transcriptLint` (fixer/chain-edits.ts MARKER_FIELD) beside Qwen's keys: Qwen 0.24.4 keeps unknown
// record keys and never sends them. `{rule, inserted: true}` on a new record; `{rule, ...what was there before}` on
// a changed one. A new record's uuid is derived from what it is for (fixer/chain-edits.ts derivedUuid), so that
// fixing twice writes the same file.
import type { Fixability, FixDescriptor } from '../../fixer/edits.js';
import { derivedUuid, MARKER_FIELD } from '../../fixer/chain-edits.js';
import { LineEdits } from '../../fixer/line-edits.js';
import { ORPHAN_REASON } from './compile.js';
import { isObj, type Obj } from './lines.js';
import type { QwenModel } from './model.js';
import type { QwenRecord } from './records.js';

/** The keys every record Qwen writes copies from its session (after uuid, parentUuid, sessionId, timestamp, type). */
const SESSION_KEYS = ['cwd', 'version'] as const;

export class QwenFix extends LineEdits {
  constructor(
    private readonly model: QwenModel,
    private readonly ruleId: string,
  ) {
    super();
  }

  /** Point the record at another parent; the marker keeps the parent it had. */
  relink(record: QwenRecord, parentUuid: string): this {
    this.add({ kind: 'set', line: record.line, pointer: '/parentUuid', value: parentUuid });
    return this.add({
      kind: 'set',
      line: record.line,
      pointer: `/${MARKER_FIELD}`,
      value: { rule: this.ruleId, parentUuid: record.parentUuid },
    });
  }

  /**
   * A `tool_result` record after `anchor` (its parent), as Qwen writes one, holding for each call the response Qwen
   * makes up on resume for a call without one; the anchor's children hang below it. Returns its uuid.
   */
  insertMadeUpResult(anchor: QwenRecord, calls: readonly { id: string; name: string }[]): string {
    const uuid = derivedUuid(this.ruleId, anchor.uuid, ...calls.map((c) => c.id));
    const value: Obj = {
      uuid,
      parentUuid: anchor.uuid,
      sessionId: anchor.sessionId,
      timestamp: typeof anchor.raw.timestamp === 'string' ? anchor.raw.timestamp : new Date(0).toISOString(),
      type: 'tool_result',
      provenance: 'tool_result',
    };
    for (const k of SESSION_KEYS) if (anchor.raw[k] !== undefined) value[k] = anchor.raw[k];
    value.message = {
      role: 'user',
      parts: calls.map((c) => ({ functionResponse: { id: c.id, name: c.name, response: { error: ORPHAN_REASON } } })),
    };
    value.toolCallResult = { callId: calls[0]!.id, status: 'error' };
    value[MARKER_FIELD] = { rule: this.ruleId, inserted: true };
    this.add({ kind: 'insertAfter', line: anchor.line, value });
    for (const child of this.model.childrenOf(anchor.uuid)) if (child.whole) this.relink(child, uuid);
    return uuid;
  }

  fix(applicability: Fixability, description: string): FixDescriptor {
    return { applicability, description, edits: [...this.edits, ...this.lineEdits()] };
  }
}

/** A record's JSON text as written back by a fix that rewrites its line (compact, as Qwen writes). */
export function recordText(raw: Obj): string {
  return JSON.stringify(raw);
}

export { isObj };
