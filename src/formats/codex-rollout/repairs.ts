// The repairs that bring back a record Codex's decoder skips: each one names the rule that makes it, how safe it is,
// and the pointer operations it performs on the record's line. The rules write their fixes from these, and the
// pairing rules read the records as they will be once repaired (`restored`), so that one pass never answers a call
// twice (a synthetic output beside an output another rule is bringing back) or drops an output whose call returns.
import { copyJson } from '../../fixer/deep-json.js';
import type { Fixability } from '../../fixer/edits.js';
import { removeAt, setAt } from '../../fixer/pointer.js';
import { decodeItem, isObj, recordError } from './decode.js';
import { LOCAL_SHELL_STATUSES } from './shapes.js';
import type { CodexRecord } from './records.js';

type Obj = Record<string, unknown>;

export type RepairOp = { op: 'set'; pointer: string; value: unknown } | { op: 'remove'; pointer: string };

export interface RecordRepair {
  rule: string;
  /** Which repair it is, for the rule's message. */
  kind: string;
  applicability: Fixability;
  description: string;
  ops: RepairOp[];
  /** What the marker keeps of the value it replaces. */
  fields: Obj;
}

const set = (pointer: string, value: unknown): RepairOp => ({ op: 'set', pointer, value });

/** A JSON value as compact JSON text (Codex's own serialisation of arguments). */
const compact = (v: unknown): string => JSON.stringify(v);

/** The repairs of a response item payload at `base` (the pointer to it in the record's line). */
export function itemRepairs(p: unknown, base: string): RecordRepair[] {
  if (!isObj(p)) return [];
  const out: RecordRepair[] = [];
  const at = (k: string) => `${base}/${k}`;
  switch (p.type) {
    case 'function_call':
      if (!Object.hasOwn(p, 'name'))
        out.push({
          rule: 'codex/function-name',
          kind: 'missing',
          applicability: 'unsafe',
          description: 'name the call "unknown_tool"',
          ops: [set(at('name'), 'unknown_tool')],
          fields: { original_name: null },
        });
      if (Object.hasOwn(p, 'arguments') && typeof p.arguments !== 'string')
        out.push({
          rule: 'codex/arguments-json',
          kind: 'not-string',
          applicability: 'safe',
          description: 'write the arguments as the JSON string the API expects',
          ops: [set(at('arguments'), compact(p.arguments ?? null))],
          fields: {},
        });
      else if (!Object.hasOwn(p, 'arguments'))
        out.push({
          rule: 'codex/arguments-json',
          kind: 'missing',
          applicability: 'unsafe',
          description: 'give the call empty arguments ("{}")',
          ops: [set(at('arguments'), '{}')],
          fields: { original_arguments: null },
        });
      break;
    case 'custom_tool_call':
      if (Object.hasOwn(p, 'input') && typeof p.input !== 'string') {
        const only = isObj(p.input) ? Object.values(p.input) : [];
        const text = only.length === 1 && typeof only[0] === 'string' ? only[0] : compact(p.input ?? null);
        out.push({
          rule: 'codex/arguments-json',
          kind: 'input-not-string',
          applicability: 'unsafe',
          description:
            only.length === 1 && typeof only[0] === 'string'
              ? 'take the input object’s only string as the input'
              : 'write the input as JSON text',
          ops: [set(at('input'), text)],
          fields: { original_input: p.input },
        });
      }
      break;
    case 'function_call_output':
    case 'custom_tool_call_output': {
      const o = p.output;
      if (isObj(o) && typeof o.content === 'string')
        out.push({
          rule: 'codex/unknown-record',
          kind: 'output-object',
          applicability: 'safe',
          description: 'write the output object’s content as the output string',
          ops: [set(at('output'), o.content)],
          fields: { original_output: o },
        });
      break;
    }
    case 'reasoning': {
      if (!Object.hasOwn(p, 'summary'))
        out.push({
          rule: 'codex/reasoning-shape',
          kind: 'no-summary',
          applicability: 'safe',
          description: 'add the empty summary Codex needs to read the item',
          ops: [set(at('summary'), [])],
          fields: {},
        });
      else if (Array.isArray(p.summary) && p.summary.some((s) => !isObj(s) || s.type !== 'summary_text')) {
        const parts = p.summary.flatMap((s) =>
          isObj(s) && typeof s.text === 'string' ? [{ type: 'summary_text', text: s.text }] : [],
        );
        out.push({
          rule: 'codex/reasoning-shape',
          kind: 'summary-parts',
          applicability: 'unsafe',
          description: 'make every summary part a summary_text (parts without text dropped)',
          ops: [set(at('summary'), parts)],
          fields: { original_summary: p.summary },
        });
      }
      if (Array.isArray(p.content) && !decodeItem({ type: 'reasoning', summary: [], content: p.content }).ok)
        out.push({
          rule: 'codex/reasoning-shape',
          kind: 'content-parts',
          applicability: 'safe',
          description: 'drop the reasoning content (the API takes none)',
          ops: [set(at('content'), null)],
          fields: { original_content: p.content },
        });
      break;
    }
    case 'local_shell_call':
      if (Object.hasOwn(p, 'status') && !LOCAL_SHELL_STATUSES.has(p.status as string) && Object.hasOwn(p, 'action'))
        out.push({
          rule: 'codex/unknown-record',
          kind: 'shell-status',
          applicability: 'unsafe',
          description: 'give the local_shell_call the status "completed"',
          ops: [set(at('status'), 'completed')],
          fields: { original_status: p.status },
        });
      break;
    case 'message':
      if (Array.isArray(p.content) && p.content.some((c) => isObj(c) && c.type === 'refusal'))
        out.push({
          rule: 'codex/unknown-record',
          kind: 'refusal',
          applicability: 'unsafe',
          description: 'turn the refusal part into an output_text part holding its text',
          ops: [
            set(
              at('content'),
              p.content.map((c) =>
                isObj(c) && c.type === 'refusal'
                  ? { type: 'output_text', text: typeof c.refusal === 'string' ? c.refusal : '', annotations: [] }
                  : c,
              ),
            ),
          ],
          fields: { original_content: p.content },
        });
      break;
  }
  return out;
}

/** The repairs of a record Codex's decoder skips (or of one it reads but would misread). */
export function recordRepairs(r: CodexRecord, previous?: CodexRecord): RecordRepair[] {
  const raw = r.raw;
  const out: RecordRepair[] = [];
  if (r.payloadPointer === '/payload') {
    const o = raw.ordinal;
    if (o !== undefined && o !== null && !(typeof o === 'number' && Number.isSafeInteger(o) && o >= 0)) {
      const n = typeof o === 'string' && /^\d+$/.test(o) ? Number(o) : undefined;
      const prev = previous?.raw.ordinal;
      const value = n ?? (typeof prev === 'number' && Number.isSafeInteger(prev) ? prev + 1 : 0);
      out.push({
        rule: 'codex/ordinal-sequence',
        kind: 'not-integer',
        applicability: 'safe',
        description:
          n !== undefined ? 'write the ordinal as the integer it spells' : `give the record ordinal ${value}`,
        ops: [set('/ordinal', value)],
        fields: {},
      });
    }
    if (typeof raw.timestamp !== 'string' && previous && typeof previous.raw.timestamp === 'string')
      out.push({
        rule: 'codex/unknown-record',
        kind: 'no-timestamp',
        applicability: 'safe',
        description: 'give the record the timestamp of the record before it',
        ops: [set('/timestamp', previous.raw.timestamp)],
        fields: { original_timestamp: raw.timestamp ?? null },
      });
    if (r.type === 'response_item' && raw.metadata !== undefined && raw.metadata !== null && !isObj(raw.metadata))
      out.push({
        rule: 'codex/unknown-record',
        kind: 'metadata',
        applicability: 'safe',
        description: 'remove the metadata Codex cannot read (it is optional)',
        ops: [{ op: 'remove', pointer: '/metadata' }],
        fields: { original_metadata: raw.metadata },
      });
    if (r.type === 'compacted' && isObj(raw.payload)) {
      const { replacement_history: rh, replacement_history_metadata: md } = raw.payload;
      if (Array.isArray(md) && (!Array.isArray(rh) || md.length !== rh.length))
        out.push({
          rule: 'codex/compaction',
          kind: 'metadata-length',
          applicability: 'safe',
          description: 'remove replacement_history_metadata (optional, and not in step with the history)',
          ops: [{ op: 'remove', pointer: '/payload/replacement_history_metadata' }],
          fields: {},
        });
    }
  }
  if (r.type === 'response_item') out.push(...itemRepairs(r.payload, r.payloadPointer));
  return out;
}

/** Applies repair operations to a copy of a record. */
export function applyOps(raw: Obj, ops: readonly RepairOp[]): Obj {
  const copy = copyJson(raw);
  for (const op of ops) {
    if (op.op === 'set') setAt(copy, op.pointer, copyJson(op.value));
    else removeAt(copy, op.pointer);
  }
  return copy;
}

/**
 * The record as the repairs (safe, or safe and unsafe) leave it, when that decodes: undefined for a record that
 * decodes as it is or that no repair brings back.
 */
export function restoredRecord(r: CodexRecord, previous: CodexRecord | undefined, unsafe: boolean): Obj | undefined {
  if (r.error === undefined) return undefined;
  const repairs = recordRepairs(r, previous).filter((x) => unsafe || x.applicability === 'safe');
  if (repairs.length === 0) return undefined;
  const fixed = applyOps(
    r.raw,
    repairs.flatMap((x) => x.ops),
  );
  const wrapped = r.payloadPointer === '' ? { timestamp: '', type: 'response_item', payload: fixed } : fixed;
  return recordError(wrapped) === undefined ? fixed : undefined;
}

/** Every repair one rule makes, with the record it is for, in file order. */
export function repairsBy(
  records: readonly CodexRecord[],
  rule: string,
): { record: CodexRecord; repair: RecordRepair }[] {
  const out: { record: CodexRecord; repair: RecordRepair }[] = [];
  let previous: CodexRecord | undefined;
  for (const r of records) {
    for (const repair of recordRepairs(r, previous)) if (repair.rule === rule) out.push({ record: r, repair });
    previous = r;
  }
  return out;
}
