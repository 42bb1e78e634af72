// split-assistant-message's fixes: a fresh message.id for a later group (or a subagent's parts), or the id of the
// response a mislabelled part sits in. Each part keeps its original id in the marker field.
import {
  appendTo,
  asText,
  assistantMessageId,
  type Entry,
  type FixDescriptor,
  FixPlan,
  shortHash,
  type TranscriptModel,
} from '../../src/sdk/index.js';

export const RULE_ID = 'split-assistant-message';

/** A reported group: its report waits until the loop has seen all its parts, which the fix renames together. */
export interface Pending {
  id: string;
  parts: Entry[];
}

/** The assistant entries of each message.id, in file order, per model (made once, for the fix of a reported group). */
const partsById = new WeakMap<TranscriptModel, Map<string, Entry[]>>();

/**
 * Whether a part repeats a part of its id before `before` (an earlier group's: the group's own parts may repeat one
 * another): the same request, named (a missing requestId proves nothing), and the same content.
 */
function repeatsEarlierPart(model: TranscriptModel, id: string, part: Entry, before: number): boolean {
  const requestId = part.raw.requestId;
  if (typeof requestId !== 'string') return false;
  let byId = partsById.get(model);
  if (!byId) {
    byId = new Map();
    const { entries } = model;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const eid = assistantMessageId(e);
      if (eid === undefined) continue;
      appendTo(byId, eid, e);
    }
    partsById.set(model, byId);
  }
  // The same response: its request and content (a later version writes the message with other fields beside them).
  const content = asText((part.raw.message as { content?: unknown }).content);
  return (byId.get(id) ?? []).some(
    (e) =>
      e.index < before &&
      e.raw.requestId === requestId &&
      asText((e.raw.message as { content?: unknown }).content) === content,
  );
}

/** A fresh message.id for a later group, derived from the old id and the group's first part (deterministic). */
function freshMessageId(id: string, first: Entry): string {
  return `msg_tl_${shortHash(id, first.uuid ?? String(first.line))}`;
}

/**
 * Give every part of the later group the fresh id; the marker field on each keeps the original. Not for a group with
 * a part that repeats an earlier part of its id (the same request and content: a history written twice, as a copy of
 * the session does). That part is the same response again, and a fresh id would make its calls second copies of the
 * first ones, whose results pair with the first: tool-use-has-result then gives them the "interrupted" result, and
 * the resumed request loses the real ones (a corpus file: 45 of its 65 results).
 */
export function renameFix(model: TranscriptModel, p: Pending, what = 'the later group'): FixDescriptor | undefined {
  const groupStart = p.parts.reduce((min, part) => Math.min(min, part.index), Number.POSITIVE_INFINITY);
  if (p.parts.some((part) => repeatsEarlierPart(model, p.id, part, groupStart))) return undefined;
  const fresh = freshMessageId(p.id, p.parts[0]!);
  const plan = new FixPlan(model);
  for (const part of p.parts) plan.set(part, '/message/id', fresh).mark(part, RULE_ID, { originalMessageId: p.id });
  return plan.fix(
    'unsafe',
    `give ${what} of message.id ${p.id} (${p.parts.length} part${p.parts.length === 1 ? '' : 's'}) the fresh id ${fresh}`,
  );
}

/** Give a single mislabelled part the id of the response it sits in (`enclosing`); its own id was `id`. */
export function enclosingFix(
  model: TranscriptModel,
  part: Entry,
  enclosing: string,
  id: string,
): FixDescriptor | undefined {
  return new FixPlan(model)
    .set(part, '/message/id', enclosing)
    .mark(part, RULE_ID, { originalMessageId: id })
    .fix('unsafe', `give the part the message.id ${enclosing} of the response it sits in`);
}
