// The turns a record names: Codex 0.169.0 writes a turn's id into every record of it (`turn_id` in a turn_context,
// an event, a token_usage_record, an item's internal_chat_message_metadata_passthrough or retained_source), so the
// records of one turn name the same id, and a turn starts with a task_started and a turn_context that name it
// (fixtures/sessions/codex/recordings). A record whose turns no other line names was written by another session's
// writer (differential seed 128: another session's custom_tool_call written inside a line).
import { isObj } from './decode.js';

/** What the turn count reads of a model (its records), not the model's class: model.ts imports this file. */
interface RecordsOf {
  readonly records: readonly { readonly raw: unknown }[];
}

type Obj = Record<string, unknown>;

/** Every `turn_id` string in the record, at any depth. */
export function turnIdsOf(raw: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(raw)) for (const v of raw) turnIdsOf(v, into);
  else if (isObj(raw))
    for (const [k, v] of Object.entries(raw)) {
      if (k === 'turn_id' && typeof v === 'string' && v !== '') into.add(v);
      else if (typeof v === 'object' && v !== null) turnIdsOf(v, into);
    }
  return into;
}

const cache = new WeakMap<RecordsOf, Map<string, number>>();

/** How many of the file's records name each turn. */
function turnCounts(model: RecordsOf): Map<string, number> {
  let counts = cache.get(model);
  if (!counts) {
    counts = new Map();
    for (const r of model.records) for (const t of turnIdsOf(r.raw)) counts.set(t, (counts.get(t) ?? 0) + 1);
    cache.set(model, counts);
  }
  return counts;
}

/**
 * Whether `record` (one not among the file's records: the inner record of a damaged line) names turns and none of
 * them is named by a record of the file, while the file's records do name turns: another session's record.
 */
export function ofUnknownTurn(model: RecordsOf, record: Obj): boolean {
  const counts = turnCounts(model);
  const turns = turnIdsOf(record);
  return counts.size > 0 && turns.size > 0 && [...turns].every((t) => !counts.has(t));
}
