// The uuid/parentUuid tree and the active chain, as Claude Code 2.1.332 rebuilds it on resume
// (spec: claude-code-observed.md "How resume picks and rebuilds the chain"; claude-code-internals.md §1.7). Where the
// oracle recordings (fixtures/sessions/claude-code/recorded) say otherwise than the spec, this
// file follows the recordings: a dangling parent is bridged only across a gap of at most 5 s, whatever the entry;
// a `last-prompt` naming no entry gives the file's last row; split parts are pulled in per turn. Where a recording
// and claude-code-observed.md differ on the leaf of a file without `last-prompt` (the spec: the tip last in the file),
// the recording wins: the newest descendant of the last row (fixtures/sessions/claude-code/resume-leaf).
import {
  assistantMessageId,
  isCompactBoundary,
  isObject,
  isToolResultEntry,
  isUserPrompt,
} from '../../model/entries.js';
import { isMainTreeEntry, isReadable, newestTip, timeOf, withinBridgeGap } from '../../model/queries.js';
import { ChildLists } from '../../model/child-lists.js';
import { SingleEntryLists } from '../../model/single-lists.js';
import type { Chain, ChainStep, Entry, LeafSource } from '../../model/types.js';
import { appendTo, firstAbove } from '../../model/arrays.js';

export function buildChain(entries: readonly Entry[]): Chain {
  // Every per-entry fact below is kept by entry index (Entry.index is the position in `entries`), so that the walk and
  // the splice look nothing up by uuid string twice.
  const n = entries.length;
  // byUuid's keys are in the order of each uuid's first line, its values the survivors (the later line wins).
  const byUuid = new Map<string, Entry>();
  let withUuid = 0;
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    if (e.uuid === undefined) continue;
    byUuid.set(e.uuid, e);
    withUuid++;
  }
  /** 1 for the entry that holds its uuid for Claude Code (the last line with it), 0 for any other. */
  const live = new Uint8Array(n);
  /** The index of the first entry with the same uuid (where the survivor sits), -1 without a uuid. */
  const first = new Int32Array(n).fill(-1);
  // The survivor of each uuid is live and, unless its uuid is on other lines too, first of its uuid.
  let repeated: Map<string, Entry[]> | undefined;
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    if (e.uuid === undefined) continue;
    first[i] = i;
    if (byUuid.size === withUuid || byUuid.get(e.uuid) === e) live[i] = 1;
    else (repeated ??= new Map()).set(e.uuid, []);
  }
  if (repeated) {
    // Lists only for the uuids on several lines (a session with one repeated entry has a few, not one per entry).
    for (const e of entries) if (e.uuid !== undefined) repeated.get(e.uuid)?.push(e);
    for (const list of repeated.values()) {
      const at = list[0]!.index;
      for (const e of list) first[e.index] = at;
    }
  }
  const allByUuid: Map<string, Entry[]> = new SingleEntryLists(byUuid, repeated);

  const { relinks, pruned, tailRelinked } = preservedSegmentRelinks(entries, byUuid, first);
  const parentOf =
    relinks.size === 0
      ? (e: Entry): string | null | undefined => e.parentUuid
      : (e: Entry): string | null | undefined => (relinks.has(e) ? relinks.get(e) : e.parentUuid);

  // Each entry's parent as an entry index, looked up once here for the walk and the chain rules.
  const storedParent = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = entries[i]!.parentUuid;
    if (typeof p !== 'string') continue;
    // Most often the parent is the entry just before; when that entry is its uuid's survivor (live) it is the one
    // byUuid holds, and comparing two strings already in the cache spares a lookup.
    if (i > 0 && live[i - 1] === 1 && entries[i - 1]!.uuid === p) {
      storedParent[i] = i - 1;
      continue;
    }
    const found = byUuid.get(p);
    if (found !== undefined) storedParent[i] = found.index;
  }
  let parentIndex = storedParent;
  if (relinks.size > 0) {
    parentIndex = storedParent.slice();
    for (const [e, p] of relinks) {
      const found = typeof p === 'string' ? byUuid.get(p) : undefined;
      parentIndex[e.index] = found === undefined ? -1 : found.index;
    }
  }

  // Children by entry index; only the parents that name no entry are looked up by uuid.
  const dangling = new Map<string, Entry[]>();
  for (let i = 0; i < n; i++) {
    if (live[i] === 0 || parentIndex[i] !== -1) continue;
    const e = entries[i]!;
    const p = parentOf(e);
    if (typeof p !== 'string') continue;
    appendTo(dangling, p, e);
  }
  const children: Map<string, Entry[]> = new ChildLists(entries, byUuid, live, parentIndex, parentOf, dangling);

  const lastPromptLeaves = entries
    .filter((e) => e.type === 'last-prompt' && typeof e.raw.leafUuid === 'string')
    .map((e) => {
      const leafUuid = e.raw.leafUuid as string;
      return { entry: e, leafUuid, exists: byUuid.has(leafUuid) };
    });

  const { leaf, leafSource } = chooseLeaf(
    entries,
    byUuid,
    children,
    lastPromptLeaves,
    parentOf,
    relinks.size > 0,
    pruned,
  );
  const chain: Chain = {
    byUuid,
    allByUuid,
    children,
    leaf,
    leafSource,
    lastPromptLeaves,
    walked: [],
    active: [],
    rootReason: 'empty',
    bridged: [],
    parentOf,
    live,
    storedParent,
    parentIndex,
    pruned,
  };
  if (!leaf) return chain;

  walk(chain, entries, leaf, relinks, pruned, tailRelinked);
  chain.active = spliceSplitResponses(
    chain.walked.map((s) => s.entry),
    entries,
    live,
    first,
    storedParent,
  );
  return chain;
}

/**
 * Claude Code 2.1.332's leaf choice, read from its transcript loader and checked with recordings:
 * - Without a preserved-segment relink (no compaction that keeps a tail): the entry named by the last `last-prompt`,
 *   replaced by the last main-conversation row of the file when that row descends from it (the row, not the newest
 *   childless tip: a restored copy appended to the file ends the file with old rows). Without such an entry: the last
 *   row; and when the file has no `last-prompt` at all and the newest row is not the last, the descendant of the last
 *   row with the newest timestamp (an older copy appended after the session resumes the session's newest turn).
 * - With a relink, or when that entry reaches no user or assistant message: the messages nearest each childless entry
 *   that have no user or assistant child; of several, the one the last `last-prompt` names, else the last row's, else
 *   (the last row deleted with the compacted history) the childless entry below them with the newest timestamp
 *   (differential harness seed 248); of one, the last row when it descends from that message (its prompt's
 *   attachments: differential harness seed 234).
 */
function chooseLeaf(
  entries: readonly Entry[],
  byUuid: Map<string, Entry>,
  children: Map<string, Entry[]>,
  lastPromptLeaves: Chain['lastPromptLeaves'],
  parentOf: (e: Entry) => string | null | undefined,
  relinked: boolean,
  pruned: (e: Entry) => boolean,
): { leaf?: Entry; leafSource: LeafSource } {
  const lookup = (u: string | null | undefined): Entry | undefined => {
    const e = typeof u === 'string' ? byUuid.get(u) : undefined;
    return e && !pruned(e) ? e : undefined;
  };
  const lastRow = lastMainRow(entries, byUuid);
  const last = lastPromptLeaves[lastPromptLeaves.length - 1];
  const named = last ? lookup(last.leafUuid) : undefined;
  if (!relinked) {
    let leaf: Entry | undefined = named;
    let leafSource: LeafSource = named ? 'last-prompt' : 'last-tip';
    if (named && lastRow && lastRow !== named && descendsFrom(lastRow, named, lookup, parentOf)) leaf = lastRow;
    if (!leaf && lastRow) {
      const anyLastPrompt = entries.some((e) => e.type === 'last-prompt' && e.raw.leafUuid !== undefined);
      leaf =
        anyLastPrompt || newestRow(entries) === lastRow ? lastRow : newestDescendant(lastRow, byUuid, lookup, parentOf);
      leafSource = 'last-tip';
    }
    if (leaf && reachesMessage(leaf, byUuid, parentOf)) return { leaf, leafSource };
  }
  const below = messageLeaves(byUuid, children, lookup, parentOf, pruned);
  const leaves = [...below.keys()];
  if (leaves.length === 1) {
    // The file's last row below that message (its prompt's attachments, written before a crash) is resumed with it
    // (differential harness seed 234: a compacted session ending at a prompt and its attachments; Claude Code 2.1.332
    // sent the prompt's user-rendered attachment text).
    const leaf = lastRow && descendsFrom(lastRow, leaves[0]!, lookup, parentOf) ? lastRow : leaves[0];
    return { leaf, leafSource: leaves[0] === named ? 'last-prompt' : 'last-tip' };
  }
  if (leaves.length > 1) {
    if (named && leaves.includes(named)) return { leaf: named, leafSource: 'last-prompt' };
    if (lastRow && !pruned(lastRow) && reachesMessage(lastRow, byUuid, parentOf))
      return { leaf: lastRow, leafSource: 'last-tip' };
    // The file's last row was deleted with the compacted history (a restored copy of older lines): the childless
    // entry with the newest timestamp, whatever its place in the file. Differential harness seed 248, recorded with
    // 2.1.332: the last `last-prompt` and the last row were restored copies; Claude Code resumed a continuation's
    // attachments (the newest), not another session's reply written after them; given a newer timestamp, that
    // reply was resumed; with the restored copies removed, the reply (then the last row) was resumed.
    const tip = newestOf([...below.values()].flat());
    if (tip) return { leaf: tip, leafSource: 'last-tip' };
  }
  const tip = messageTip(entries, byUuid, children, parentOf);
  if (tip) return { leaf: tip, leafSource: 'last-tip' };
  // Every entry has a child only when the links form a cycle: start from the last entry of the file.
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (isMainTreeEntry(e) && byUuid.get(e.uuid!) === e && isReadable(e)) return { leaf: e, leafSource: 'last-tip' };
  }
  return { leafSource: 'none' };
}

/**
 * The tip newestTip finds, unless the parent links from it reach no user or assistant message (then the last such
 * tip before it in the file): Claude Code did not resume from attachments whose parent was lost (recorded, 2.1.332).
 */
function messageTip(
  entries: readonly Entry[],
  byUuid: Map<string, Entry>,
  children: Map<string, Entry[]>,
  parentOf: (e: Entry) => string | null | undefined,
): Entry | undefined {
  const tip = newestTip(entries, byUuid, children);
  if (!tip || reachesMessage(tip, byUuid, parentOf)) return tip;
  for (let i = tip.index - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!isMainTreeEntry(e) || byUuid.get(e.uuid!) !== e || !isReadable(e)) continue;
    if ((children.get(e.uuid!) ?? []).some((c) => !c.isSidechain)) continue;
    if (reachesMessage(e, byUuid, parentOf)) return e;
  }
  return tip;
}

/** The last row of the main conversation in file order (not a sidechain, progress line or file snapshot). */
function lastMainRow(entries: readonly Entry[], byUuid: Map<string, Entry>): Entry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!isMainTreeEntry(e) || e.type === 'progress' || byUuid.get(e.uuid!) !== e || !isReadable(e)) continue;
    if (e.type === 'system' && e.raw.subtype === 'file_snapshot') continue;
    return e;
  }
  return undefined;
}

/** The first main-conversation row in file order with the newest timestamp (compared as strings). */
function newestRow(entries: readonly Entry[]): Entry | undefined {
  let best: Entry | undefined;
  let newest = '';
  for (const e of entries) {
    if (!isMainTreeEntry(e) || e.type === 'progress' || typeof e.raw.timestamp !== 'string') continue;
    if (e.raw.timestamp > newest) {
      best = e;
      newest = e.raw.timestamp;
    }
  }
  return best;
}

/** Whether the parent links from `from` reach `ancestor`. */
function descendsFrom(
  from: Entry,
  ancestor: Entry,
  lookup: (u: string | null | undefined) => Entry | undefined,
  parentOf: (e: Entry) => string | null | undefined,
): boolean {
  const seen = new Set<Entry>();
  let cur: Entry | undefined = from;
  while (cur && !seen.has(cur)) {
    if (cur === ancestor) return true;
    seen.add(cur);
    cur = lookup(parentOf(cur));
  }
  return false;
}

/**
 * Of the main-conversation entries that descend from `row`, the one with the newest timestamp (compared as strings,
 * a later uuid winning a tie), else `row` itself.
 */
function newestDescendant(
  row: Entry,
  byUuid: Map<string, Entry>,
  lookup: (u: string | null | undefined) => Entry | undefined,
  parentOf: (e: Entry) => string | null | undefined,
): Entry {
  const below = new Map<Entry, boolean>([[row, true]]);
  const reaches = (e: Entry): boolean => {
    const path: Entry[] = [];
    let cur: Entry | undefined = e;
    let found = false;
    while (cur) {
      const known = below.get(cur);
      if (known !== undefined) {
        found = known;
        break;
      }
      below.set(cur, false);
      path.push(cur);
      cur = lookup(parentOf(cur));
    }
    for (const p of path) below.set(p, found);
    return found;
  };
  let best = row;
  let newest = '';
  for (const e of byUuid.values()) {
    if (e.isSidechain || e === row || typeof e.raw.timestamp !== 'string' || e.raw.timestamp < newest) continue;
    if (!reaches(e)) continue;
    best = e;
    newest = e.raw.timestamp;
  }
  return best;
}

/** Of these entries, the one with the newest timestamp (compared as strings), the later in the file on a tie. */
function newestOf(list: readonly Entry[]): Entry | undefined {
  let best: Entry | undefined;
  let newest = '';
  for (const e of list) {
    const t = typeof e.raw.timestamp === 'string' ? e.raw.timestamp : '';
    if (best === undefined || t > newest || (t === newest && e.index > best.index)) {
      best = e;
      newest = t;
    }
  }
  return best;
}

/**
 * The user or assistant entries nearest each childless entry (walking up), that have no user or assistant child,
 * each with the childless entries below it; a walk that meets a missing parent or a loop gives none.
 */
function messageLeaves(
  byUuid: Map<string, Entry>,
  children: Map<string, Entry[]>,
  lookup: (u: string | null | undefined) => Entry | undefined,
  parentOf: (e: Entry) => string | null | undefined,
  pruned: (e: Entry) => boolean,
): Map<Entry, Entry[]> {
  const out = new Map<Entry, Entry[]>();
  for (const e of byUuid.values()) {
    if (!isMainTreeEntry(e) || e.type === 'progress' || pruned(e)) continue;
    if ((children.get(e.uuid!) ?? []).some((c) => !pruned(c))) continue;
    const seen = new Set<Entry>();
    let cur: Entry | undefined = e;
    while (cur && !seen.has(cur) && cur.type !== 'user' && cur.type !== 'assistant') {
      seen.add(cur);
      cur = lookup(parentOf(cur));
    }
    if (!cur || seen.has(cur) || !isReadable(cur)) continue;
    const kids = children.get(cur.uuid!) ?? [];
    if (kids.some((c) => !pruned(c) && (c.type === 'user' || c.type === 'assistant'))) continue;
    appendTo(out, cur, e);
  }
  return out;
}

/** Whether the parent links from `e` (itself included) reach a user or assistant entry before a missing parent. */
function reachesMessage(
  e: Entry,
  byUuid: Map<string, Entry>,
  parentOf: (e: Entry) => string | null | undefined,
): boolean {
  const seen = new Set<Entry>();
  let cur: Entry | undefined = e;
  while (cur && !seen.has(cur)) {
    if (cur.type === 'user' || cur.type === 'assistant') return true;
    seen.add(cur);
    const p = parentOf(cur);
    cur = typeof p === 'string' ? byUuid.get(p) : undefined;
  }
  return false;
}

/** A user or assistant entry whose message Claude Code cannot read is never chosen as the leaf (observed). */
function walk(
  chain: Chain,
  entries: readonly Entry[],
  leaf: Entry,
  relinks: Map<Entry, string | null>,
  pruned: (e: Entry) => boolean,
  /** Messages whose parent is deleted, relinked to the preserved tail (preservedSegmentRelinks). */
  tailRelinked: ReadonlySet<Entry>,
): void {
  const seen = new Seen(entries.length);
  const parentIndex = chain.parentIndex!;
  const bridgeTarget = bridgeFinder(entries, chain.byUuid, pruned);
  const steps: ChainStep[] = [];
  let cur: Entry | undefined = leaf;
  while (cur) {
    if (seen.has(cur)) break;
    seen.add(cur);
    const step: ChainStep = { entry: cur };
    steps.push(step);
    if (isCompactBoundary(cur)) {
      chain.compactBoundary = cur;
      chain.rootReason = 'compact-boundary';
      break;
    }
    if (tailRelinked.has(cur)) (chain.prunedParent ??= []).push(cur);
    const parent = chain.parentOf(cur);
    if (parent === null || parent === undefined) {
      chain.rootReason = parent === null ? 'null-parent' : 'no-parent-field';
      break;
    }
    const at: number = parentIndex[cur.index]!;
    let found: Entry | undefined = at >= 0 ? entries[at] : undefined;
    // A parent that Claude Code deleted with the compacted history: the walk goes on from the nearest ancestor that
    // survives (recorded with 2.1.332: a second terminal's compaction landed after this entry's turn, which was sent
    // on top of the compaction's preserved tail, without the deleted entries between).
    if (found && pruned(found)) {
      (chain.prunedParent ??= []).push(cur);
      const climbed = new Set<Entry>();
      while (found && pruned(found) && !climbed.has(found)) {
        climbed.add(found);
        const up: number = parentIndex[found.index]!;
        found = up >= 0 ? entries[up] : undefined;
      }
      if (found && pruned(found)) found = undefined;
      if (found && !seen.has(found)) {
        step.link = 'preserved-segment';
        cur = found;
        continue;
      }
    }
    // A parent already on the walk closes a cycle; Claude Code then treats it like a missing parent (observed).
    if (found && seen.has(found)) chain.cycleAt ??= cur;
    const next: Entry | undefined = found && !seen.has(found) ? found : undefined;
    if (next) {
      step.link = relinks.has(cur) ? 'preserved-segment' : 'parent';
      cur = next;
      continue;
    }
    // Dangling parent (or one closing a loop), whatever the entry (recordings 01a-01l; attachments, results and
    // assistant parts checked the same way): the walk is bridged to the main-chain entry with the latest timestamp
    // not after this one, when that entry is at most 5 s older (5.0 s bridged, 5.5 s cut); else the history starts
    // here, and everything before it (a compaction's summary and preserved tail too) is not sent.
    const bridge = bridgeTarget(cur, seen);
    chain.bridged.push(cur);
    if (!bridge || !withinBridgeGap(cur, bridge)) {
      if (!found) chain.truncatedAt = cur;
      chain.rootReason = found ? 'cycle' : 'dangling-parent';
      break;
    }
    step.link = 'bridged';
    cur = bridge;
  }
  steps.reverse();
  chain.walked = steps;
}

/**
 * The entry a dangling parent is bridged to (observed): the main-chain entry, anywhere in the file and of any chain
 * type, with the latest timestamp not after the dangling entry's own, that the walk has not visited yet. Entries
 * are sorted by time once so that each bridge is a binary search.
 */
function bridgeFinder(
  entries: readonly Entry[],
  byUuid: Map<string, Entry>,
  pruned: (e: Entry) => boolean,
): (from: Entry, seen: Seen) => Entry | undefined {
  let sorted: { t: number; e: Entry }[] | undefined;
  return (from, seen) => {
    const at = timeOf(from);
    if (at === undefined) {
      for (let i = from.index - 1; i >= 0; i--) {
        const e = entries[i]!;
        if (isMainTreeEntry(e) && byUuid.get(e.uuid!) === e && !seen.has(e) && !pruned(e)) return e;
      }
      return undefined;
    }
    sorted ??= entries
      .filter((e) => isMainTreeEntry(e) && byUuid.get(e.uuid!) === e && timeOf(e) !== undefined && !pruned(e))
      .map((e) => ({ t: timeOf(e)!, e }))
      .sort((a, b) => a.t - b.t || a.e.index - b.e.index);
    for (let i = firstAbove(sorted, at, (s) => s.t) - 1; i >= 0; i--) {
      const e = sorted[i]!.e;
      if (e !== from && !seen.has(e)) return e;
    }
    return undefined;
  };
}

/**
 * Claude Code's `applyPreservedSegmentRelinks`: for the last compact boundary with a preserved segment (and no later
 * boundary without one), the preserved head hangs off the summary (anchor) and the anchor's other children move to
 * the preserved tail; every entry before the boundary in the file that is not preserved is deleted (`pruned`: the
 * walk cannot bridge to it). The head hangs off the anchor even when the summary was never written (a crash between
 * the boundary and the summary): recorded with 2.1.332 (a compacted session cut after its boundary), only
 * the preserved tail was sent.
 */
function preservedSegmentRelinks(
  entries: readonly Entry[],
  byUuid: Map<string, Entry>,
  /** By entry index: the index of the first line with its uuid (Claude Code keeps a uuid where it first appeared). */
  first: Int32Array,
): { relinks: Map<Entry, string | null>; pruned: (e: Entry) => boolean; tailRelinked: Set<Entry> } {
  const relinks = new Map<Entry, string | null>();
  const tailRelinked = new Set<Entry>();
  const none = { relinks, pruned: () => false, tailRelinked };
  // The last boundary in Claude Code's Map order: by where each uuid first appeared, read from its last line
  // (differential harness seed 178: a restored copy of an earlier boundary, appended after a later one, is not the
  // last; resume applied the later boundary's preserved segment).
  let last: Entry | undefined;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (!isCompactBoundary(e) || byUuid.get(e.uuid!) !== e) continue;
    if (last === undefined || first[i]! > first[last.index]!) last = e;
  }
  const meta = last?.raw.compactMetadata;
  const boundary = isObject(meta) && isObject(meta.preservedSegment) ? last : undefined;
  if (!boundary) return none;
  const seg = (boundary.raw.compactMetadata as Record<string, unknown>).preservedSegment as Record<string, unknown>;
  const { headUuid, anchorUuid, tailUuid } = seg;
  if (typeof headUuid !== 'string' || typeof anchorUuid !== 'string' || typeof tailUuid !== 'string') return none;
  const head = byUuid.get(headUuid);
  const tail = byUuid.get(tailUuid);
  if (!head || !tail) return none;
  // Newer versions list the kept entries in order: each hangs off the one before it, the first off the anchor.
  const listed = (boundary.raw.compactMetadata as Record<string, unknown>).preservedMessages;
  const uuids =
    isObject(listed) && Array.isArray(listed.uuids) && listed.uuids.every((u) => typeof u === 'string')
      ? (listed.uuids as string[]).filter((u) => byUuid.has(u))
      : [];
  const kept = new Set<Entry>([head, tail]);
  if (uuids.length > 0) {
    uuids.forEach((u, i) => {
      const e = byUuid.get(u)!;
      kept.add(e);
      relinks.set(e, i === 0 ? anchorUuid : uuids[i - 1]!);
    });
  } else {
    relinks.set(head, anchorUuid);
  }
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.parentUuid === anchorUuid && !kept.has(e) && e.uuid !== undefined && byUuid.get(e.uuid) === e) {
      relinks.set(e, tailUuid);
    }
  }
  // Positions are those of each uuid's first line: a row written again after the boundary (a restored copy) is
  // deleted with the compacted history all the same.
  const at = first[boundary.index]!;
  const pruned = (e: Entry): boolean => first[e.index]! < at && !kept.has(e);
  // Then each user or assistant entry whose parent was deleted hangs off the preserved tail (the last kept entry);
  // other entries keep their parent. Differential harness seed 342, recorded with 2.1.332: another session's
  // compaction appended after this session's turns, this session's continuation then followed that compaction's
  // summary and preserved tail.
  const tailOf = uuids.length > 0 ? uuids[uuids.length - 1]! : tailUuid;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if ((e.type !== 'user' && e.type !== 'assistant') || relinks.has(e) || typeof e.parentUuid !== 'string') continue;
    if (e.uuid === undefined || byUuid.get(e.uuid) !== e || pruned(e)) continue;
    const parent = byUuid.get(e.parentUuid);
    if (parent !== undefined && pruned(parent)) {
      relinks.set(e, tailOf);
      tailRelinked.add(e);
    }
  }
  return { relinks, pruned, tailRelinked };
}

/**
 * Parallel tool calls are written as a linear chain of one-block assistant parts, with each result hanging off its
 * own part, so the walk sees only some of them. Claude Code regroups them (recoverOrphanedParallelToolResults and
 * the split-message merge), per turn (recordings 15a-15u, 14a): the parts of a response on the walk come first, in
 * file order, and the parts of that message.id that are off the walk follow them, in file order (sidechain parts
 * too), even when they come earlier in the file (15o, 15r). An off-walk part joins the turn of the latest on-walk group of its id that starts before it in the file
 * (else the first such group), so whole groups of two turns that share an id are never merged. After the parts come
 * the results hanging off them, in file (completion) order: those off the walk, and those on the walk in the same
 * turn; a result on the walk in another turn stays where it is. Timestamps play no part.
 */
function spliceSplitResponses(
  walked: Entry[],
  entries: readonly Entry[],
  /** By entry index: 1 for an entry whose uuid no later line took over (the others do not exist for Claude Code). */
  live: Uint8Array,
  /** By entry index: the index of the first line with its uuid, where the survivor sits. */
  first: Int32Array,
  /** By entry index: the index of the entry byUuid holds for its stored parentUuid, -1 for none. */
  storedParent: Int32Array,
): Entry[] {
  const position = (e: Entry): number => first[e.index]!;

  // A turn starts at each user prompt on the walk; a group is the on-walk parts of one message.id in one turn.
  /** By entry index: the turn of an entry on the walk, -1 off it. */
  const turnOf = new Int32Array(entries.length).fill(-1);
  const groupsById = new Map<string, SplitGroup[]>();
  /** By entry index: the group of a part on the walk. */
  const groupOf: (SplitGroup | undefined)[] = new Array(entries.length);
  let turn = 0;
  for (let i = 0; i < walked.length; i++) {
    const e = walked[i]!;
    if (isUserPrompt(e)) turn++;
    turnOf[e.index] = turn;
    const id = assistantMessageId(e);
    if (id === undefined) continue;
    let groups = groupsById.get(id);
    if (!groups) groupsById.set(id, (groups = []));
    // Groups of an id are made in walk order, so the current turn's, if any, is the last.
    let group = groups[groups.length - 1];
    if (!group || group.turn !== turn) groups.push((group = { turn, parts: [], offWalk: [], start: position(e) }));
    group.parts.push(e);
    group.start = Math.min(group.start, position(e));
    groupOf[e.index] = group;
  }
  if (groupsById.size === 0) return walked;

  // Tool results by the index of the entry their stored parentUuid names (a part is live, so it holds its uuid).
  const resultsByParent = new Map<number, Entry[]>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (live[e.index] === 0) continue;
    if (turnOf[e.index] === -1) {
      const id = assistantMessageId(e);
      const groups = id === undefined ? undefined : groupsById.get(id);
      if (groups) {
        const at = position(e);
        let home: SplitGroup | undefined;
        for (const g of groups) if (g.start < at && (!home || g.start > home.start)) home = g;
        (home ?? groups[0]!).offWalk.push(e);
      }
    }
    const parent = storedParent[e.index]!;
    if (parent === -1 || !isToolResultEntry(e)) continue;
    appendTo(resultsByParent, parent, e);
  }

  const emitted = new Seen(entries.length);
  const out: Entry[] = [];
  const emitAll = (list: readonly Entry[]): void => {
    for (let k = 0; k < list.length; k++) {
      const x = list[k]!;
      if (emitted.has(x)) continue;
      out.push(x);
      emitted.add(x);
    }
  };
  /** Into `into`: the results not yet emitted of the parts not yet emitted, that are off the walk or in `turn`. */
  const takeResults = (parts: readonly Entry[], turn: number, into: Entry[]): void => {
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      if (emitted.has(p)) continue;
      const list = resultsByParent.get(p.index);
      if (list === undefined) continue;
      for (let r = 0; r < list.length; r++) {
        const result = list[r]!;
        if (!emitted.has(result) && (turnOf[result.index] === -1 || turnOf[result.index] === turn)) into.push(result);
      }
    }
  };
  const byPosition = (a: Entry, b: Entry): number => position(a) - position(b);
  for (let i = 0; i < walked.length; i++) {
    const e = walked[i]!;
    if (emitted.has(e)) continue;
    const group = groupOf[e.index];
    if (!group) {
      out.push(e);
      emitted.add(e);
      continue;
    }
    // The group's parts (on the walk, then off it), each in file order, then their results in file order; made
    // without copies, as there is a group per response.
    group.parts.sort(byPosition);
    group.offWalk.sort(byPosition);
    const results: Entry[] = [];
    takeResults(group.parts, group.turn, results);
    takeResults(group.offWalk, group.turn, results);
    if (results.length > 1) results.sort(byPosition);
    emitAll(group.parts);
    emitAll(group.offWalk);
    emitAll(results);
  }
  return out;
}

/** A set of a file's entries, by entry index. */
class Seen {
  private readonly marks: Uint8Array;
  constructor(size: number) {
    this.marks = new Uint8Array(size);
  }
  has(e: Entry): boolean {
    return this.marks[e.index] === 1;
  }
  add(e: Entry): void {
    this.marks[e.index] = 1;
  }
}

/** The parts of one message.id on the walk in one turn, and the off-walk parts that join them. */
interface SplitGroup {
  turn: number;
  parts: Entry[];
  offWalk: Entry[];
  /** The file position of the group's first part. */
  start: number;
}
