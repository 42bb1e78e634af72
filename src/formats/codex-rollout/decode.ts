// Whether Codex 0.169.0's decoder reads a record, and if not, the words its serde error would use. Decoding is all or
// nothing per line: a record that fails (a missing field, a value of the wrong type, a part of an unknown type) is
// skipped whole, silently, as if the line were not there. Modelled on what Codex 0.169.0 sent when it
// resumed the recordings of fixtures/sessions/codex/recordings and damaged copies of them (test/oracle/codex).
import {
  CONTENT_TYPES,
  ITEM_KEYS,
  LOCAL_SHELL_STATUSES,
  OUTPUT_PART_TYPES,
  REASONING_CONTENT_TYPES,
  RECORD_TYPES,
} from './shapes.js';

type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The result of decoding a response item: kept (and sent), an unknown type (kept, never sent), or dropped. */
export type ItemDecode = { ok: true; other?: boolean } | { ok: false; error: string };

const missing = (k: string): ItemDecode => ({ ok: false, error: `missing field \`${k}\`` });
const wrongType = (what: string, expected: string): ItemDecode => ({
  ok: false,
  error: `invalid type: ${what}, expected ${expected}`,
});

/** serde's name for a JSON value's type, as its errors say it. */
export function serdeKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'sequence';
  if (typeof v === 'object') return 'map';
  if (typeof v === 'string') return `string ${JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v)}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `integer \`${v}\`` : `floating point \`${v}\``;
  return `boolean \`${String(v)}\``;
}

function needString(p: Obj, key: string): ItemDecode | undefined {
  if (!Object.hasOwn(p, key) || p[key] === undefined) return missing(key);
  if (typeof p[key] !== 'string') return wrongType(serdeKind(p[key]), 'a string');
  return undefined;
}

function partTypeError(parts: unknown, allowed: ReadonlySet<string>, expected: string): ItemDecode | undefined {
  if (!Array.isArray(parts)) return wrongType(serdeKind(parts), 'a sequence');
  for (const part of parts) {
    const t = isObj(part) ? part.type : undefined;
    if (typeof t !== 'string' || !allowed.has(t))
      return {
        ok: false,
        error: `unknown variant \`${typeof t === 'string' ? t : serdeKind(part)}\`, expected ${expected}`,
      };
  }
  return undefined;
}

/** A tool output: a string, or an array of input_text / input_image parts (FunctionCallOutputBody). */
export function outputError(output: unknown): string | undefined {
  if (typeof output === 'string') return undefined;
  if (Array.isArray(output) && output.every((c) => isObj(c) && OUTPUT_PART_TYPES.has(c.type as string)))
    return undefined;
  return 'data did not match any variant of untagged enum FunctionCallOutputBody';
}

/** Decodes a response item (a `response_item` payload, or an element of a compacted replacement_history). */
export function decodeItem(p: unknown): ItemDecode {
  if (!isObj(p)) return wrongType(serdeKind(p), 'a response item');
  const t = p.type;
  if (typeof t !== 'string') return missing('type');
  switch (t) {
    case 'message': {
      if (!Object.hasOwn(p, 'role')) return missing('role');
      if (typeof p.role !== 'string') return wrongType(serdeKind(p.role), 'a string');
      if (!Object.hasOwn(p, 'content')) return missing('content');
      return (
        partTypeError(p.content, CONTENT_TYPES, '`input_text`, `input_image`, `input_audio`, `output_text`') ?? {
          ok: true,
        }
      );
    }
    case 'function_call':
      return needString(p, 'name') ?? needString(p, 'arguments') ?? needString(p, 'call_id') ?? { ok: true };
    case 'custom_tool_call':
      return needString(p, 'call_id') ?? needString(p, 'name') ?? needString(p, 'input') ?? { ok: true };
    case 'function_call_output':
    case 'custom_tool_call_output': {
      if (t === 'custom_tool_call_output') {
        const e = needString(p, 'call_id');
        if (e) return e;
      } else if (Object.hasOwn(p, 'call_id') && p.call_id !== null && typeof p.call_id !== 'string') {
        return wrongType(serdeKind(p.call_id), 'a string');
      }
      if (!Object.hasOwn(p, 'output')) return missing('output');
      const e = outputError(p.output);
      return e ? { ok: false, error: e } : { ok: true };
    }
    case 'reasoning': {
      if (!Object.hasOwn(p, 'summary')) return missing('summary');
      const s = partTypeError(p.summary, new Set(['summary_text']), '`summary_text`');
      if (s) return s;
      if (p.content !== undefined && p.content !== null) {
        const c = partTypeError(p.content, REASONING_CONTENT_TYPES, '`reasoning_text` or `text`');
        if (c) return c;
      }
      return { ok: true };
    }
    case 'local_shell_call': {
      if (!Object.hasOwn(p, 'status')) return missing('status');
      if (typeof p.status !== 'string' || !LOCAL_SHELL_STATUSES.has(p.status))
        return {
          ok: false,
          error: `unknown variant \`${String(p.status)}\`, expected one of \`completed\`, \`in_progress\`, \`incomplete\``,
        };
      if (!Object.hasOwn(p, 'action')) return missing('action');
      return { ok: true };
    }
    default:
      return ITEM_KEYS.has(t) ? { ok: true } : { ok: true, other: true };
  }
}

/** Why Codex's decoder skips a parsed line, or undefined when it reads it. */
export function recordError(raw: Obj): string | undefined {
  const type = raw.type;
  if (typeof type !== 'string' || !RECORD_TYPES.has(type))
    return typeof type === 'string' ? `unknown variant \`${type}\`` : 'missing field `type`';
  if (!Object.hasOwn(raw, 'payload')) return 'missing field `payload`';
  if (typeof raw.timestamp !== 'string')
    return raw.timestamp === undefined ? 'missing field `timestamp`' : 'invalid type for `timestamp`';
  const o = raw.ordinal;
  if (o !== undefined && o !== null && !(typeof o === 'number' && Number.isSafeInteger(o) && o >= 0))
    return `invalid type: ${serdeKind(o)}, expected u64`;
  const p = raw.payload;
  switch (type) {
    case 'response_item': {
      if (raw.metadata !== undefined && raw.metadata !== null && !isObj(raw.metadata))
        return `invalid type: ${serdeKind(raw.metadata)}, expected struct CodexHarnessMetadata`;
      const d = decodeItem(p);
      return d.ok ? undefined : d.error;
    }
    case 'compacted':
      return compactedError(p);
    case 'session_meta':
      return sessionMetaError(p);
    case 'turn_context':
      if (!isObj(p)) return `invalid type: ${serdeKind(p)}, expected struct TurnContextItem`;
      if (p.cwd !== undefined && typeof p.cwd !== 'string')
        return `invalid type: ${serdeKind(p.cwd)}, expected path string`;
      return undefined;
    case 'event_msg':
      if (!isObj(p) || typeof p.type !== 'string') return 'missing field `type`';
      return undefined;
    default:
      return undefined;
  }
}

/** The fields session_meta cannot do without (SessionMeta's non-optional fields). */
export const SESSION_META_REQUIRED = ['id', 'timestamp', 'cwd', 'originator', 'cli_version'] as const;

export function sessionMetaError(p: unknown): string | undefined {
  if (!isObj(p)) return `invalid type: ${serdeKind(p)}, expected struct SessionMeta`;
  for (const k of SESSION_META_REQUIRED) {
    if (!Object.hasOwn(p, k)) return `missing field \`${k}\``;
    if (typeof p[k] !== 'string') return `invalid type: ${serdeKind(p[k])}, expected a string`;
  }
  const b = p.base_instructions;
  if (b !== undefined && b !== null && !isObj(b))
    return `invalid type: ${serdeKind(b)}, expected struct BaseInstructions`;
  return undefined;
}

export function compactedError(p: unknown): string | undefined {
  if (!isObj(p)) return `invalid type: ${serdeKind(p)}, expected struct CompactedItem`;
  if (typeof p.message !== 'string')
    return p.message === undefined ? 'missing field `message`' : 'invalid type for `message`';
  const rh = p.replacement_history;
  const md = p.replacement_history_metadata;
  if (rh !== undefined && rh !== null) {
    if (!Array.isArray(rh)) return `invalid type: ${serdeKind(rh)}, expected a sequence`;
    for (const item of rh) {
      const d = decodeItem(item);
      if (!d.ok) return d.error;
    }
  }
  if (md !== undefined && md !== null) {
    if (!Array.isArray(md)) return `invalid type: ${serdeKind(md)}, expected a sequence`;
    if (!Array.isArray(rh)) return 'replacement_history_metadata without replacement_history';
    if (md.length !== rh.length)
      return `replacement_history_metadata has ${md.length} entries for ${rh.length} history items`;
  }
  return undefined;
}
