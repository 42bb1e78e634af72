// Questions about a transcript that several rules, the chain walk and the fix builders ask: answered here once, so
// that every one of them asks the same way.
import { CHAIN_TYPES, isObject, messageOf } from './entries.js';
import type { Chain, Entry } from './types.js';

/**
 * Whether Claude Code can read the entry at all: a user or assistant entry needs a `message` whose content is a
 * string or an array of objects. Claude Code never resumes from, nor bridges to, an entry it cannot read.
 */
export function isReadable(e: Entry): boolean {
  if (e.type !== 'user' && e.type !== 'assistant') return true;
  const content = messageOf(e)?.content;
  return typeof content === 'string' || (Array.isArray(content) && content.every(isObject));
}

/** An entry of the main conversation's uuid tree: a chain type (or legacy `progress`) with a uuid, not a sidechain. */
export function isMainTreeEntry(e: Entry): boolean {
  return e.uuid !== undefined && !e.isSidechain && (CHAIN_TYPES.has(e.type) || e.type === 'progress');
}

/** A timestamp value in milliseconds, when it is a parseable string. */
export function timeOfValue(value: unknown): number | undefined {
  const t = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? undefined : t;
}

/** The entry's timestamp in milliseconds, when it has a parseable one. */
export function timeOf(e: Entry): number | undefined {
  return timeOfValue(e.raw.timestamp);
}

/**
 * The longest gap Claude Code 2.1.332 bridges a dangling parent across, from the entry back to the one it is bridged
 * to (bisected with the oracle: 5.0 s bridged, 5.5 s cut; the same for prompts, results, attachments, assistants).
 */
export const BRIDGE_GAP_MS = 5000;

/** Whether `from` may be bridged to `to`: at most BRIDGE_GAP_MS older, or either has no timestamp. */
export function withinBridgeGap(from: Entry, to: Entry): boolean {
  const a = timeOf(from);
  const b = timeOf(to);
  return a === undefined || b === undefined || a - b <= BRIDGE_GAP_MS;
}

/**
 * The newest tip of the main conversation: the last entry in the file (that a later line does not shadow, and that
 * Claude Code can read) with no child on the main tree. Where resume starts when no `last-prompt` says otherwise.
 */
export function newestTip(
  entries: readonly Entry[],
  byUuid: Map<string, Entry>,
  children: Map<string, Entry[]>,
): Entry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!isMainTreeEntry(e) || byUuid.get(e.uuid!) !== e || !isReadable(e)) continue;
    if (!(children.get(e.uuid!) ?? []).some((c) => !c.isSidechain)) return e;
  }
  return undefined;
}

/**
 * Whether walking up from an entry by its effective parents reaches a main-conversation entry (a chain type, not a
 * sidechain): false for a subagent's own conversation, whose root has a null parent. Memoised along each walk.
 */
export function reachesMainConversation(from: Entry, chain: Chain, memo = new Map<Entry, boolean>()): boolean {
  const path: Entry[] = [];
  const onPath = new Set<Entry>();
  let cur: Entry | undefined = from;
  let found = false;
  while (cur && !onPath.has(cur)) {
    const known = memo.get(cur);
    if (known !== undefined) {
      found = known;
      break;
    }
    if (!cur.isSidechain && CHAIN_TYPES.has(cur.type)) {
      found = true;
      break;
    }
    path.push(cur);
    onPath.add(cur);
    const parent = chain.parentOf(cur);
    cur = typeof parent === 'string' ? chain.byUuid.get(parent) : undefined;
  }
  for (const e of path) memo.set(e, found);
  return found;
}

/** A compaction's summary entry (`isCompactSummary` on a user entry). */
export function isCompactSummary(e: Entry): boolean {
  return e.type === 'user' && e.raw.isCompactSummary === true;
}

/**
 * Where a summary hangs, past the attachment entries between it and its boundary: when Claude Code 2.1.332 compacts
 * at the start of a turn, it writes the boundary, then that turn's `session_context` and `date` attachments, then the
 * summary under the last of them (recorded; resume walks through them to the boundary and sends the summary first).
 * `top` is the highest attachment of the run (the summary itself when it hangs off no attachment).
 */
export function aboveAttachments(
  summary: Entry,
  byUuid: ReadonlyMap<string, Entry>,
): { top: Entry; parentUuid: string } {
  let top = summary;
  let parentUuid = summary.parentUuid as string;
  const seen = new Set<Entry>([summary]);
  for (let parent = byUuid.get(parentUuid); parent?.type === 'attachment' && !seen.has(parent); ) {
    if (typeof parent.parentUuid !== 'string') break;
    seen.add(parent);
    top = parent;
    parentUuid = parent.parentUuid;
    parent = byUuid.get(parentUuid);
  }
  return { top, parentUuid };
}
