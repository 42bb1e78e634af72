// Edits that keep the uuid/parentUuid tree whole, written in Claude Code's own storage format: removing an entry
// re-links its children to its parent; an inserted entry gets a fresh uuid, hangs below its anchor, takes over the
// anchor's children, copies the session fields, and carries a marker naming transcript-lint and the rule. An insert
// leaves the rest of the walk as it was: where it starts (leaf and root) and where dangling parents are bridged.
import { createHash } from 'node:crypto';
import { BRIDGE_GAP_MS, newestTip, timeOfValue } from '../model/queries.js';
import { assistantMessageId, CHAIN_TYPES, type Entry, isSyntheticApiError } from '../model/entries.js';
import { ChildLists } from '../model/child-lists.js';
import type { TranscriptStorage } from '../model/index.js';
import type { Edit } from './edits.js';
import { appendTo } from '../model/arrays.js';

/** The marker field on every entry transcript-lint writes. */
export const MARKER_FIELD = 'transcriptLint';

const SESSION_FIELDS = ['userType', 'entrypoint', 'cwd', 'sessionId', 'version', 'gitBranch', 'slug'] as const;

/** A stable uuid (v4 layout) derived from what the entry is for, so that fixing is deterministic. */
export function derivedUuid(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The tree as stored (parentUuid as written, before any relink), built once per model. */
export interface StoredLinks {
  /** Entries per stored parentUuid, in file order. */
  children: Map<string, Entry[]>;
  /** The entry holding each uuid (the later line wins, as in Claude Code). */
  byUuid: Map<string, Entry>;
  /** `last-prompt` entries, which name a leaf by uuid. */
  lastPrompts: Entry[];
}

const linksCache = new WeakMap<TranscriptStorage, StoredLinks>();

export function storedLinks(model: TranscriptStorage): StoredLinks {
  const cached = linksCache.get(model);
  if (cached) return cached;
  const links = linksFromChain(model) ?? buildLinks(model);
  linksCache.set(model, links);
  return links;
}

/**
 * The same links from what the chain keeps by entry index, when it does: its byUuid is this map (built the same
 * way), and the children are a view over its stored parents (every entry, not only live ones), with a map only for
 * the parents that name no entry.
 */
function linksFromChain(model: TranscriptStorage): StoredLinks | undefined {
  const { entries } = model;
  const chain = model.chain();
  const { storedParent } = chain;
  if (storedParent === undefined || storedParent.length !== entries.length) return undefined;
  const lastPrompts: Entry[] = [];
  const dangling = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.type === 'last-prompt' && typeof e.raw.leafUuid === 'string') lastPrompts.push(e);
    if (typeof e.parentUuid !== 'string' || storedParent[e.index] !== -1) continue;
    appendTo(dangling, e.parentUuid, e);
  }
  const every = new Uint8Array(entries.length).fill(1);
  const stored = (e: Entry): string | null | undefined => e.parentUuid;
  const children = new ChildLists(entries, chain.byUuid, every, storedParent, stored, dangling);
  return { children, byUuid: chain.byUuid, lastPrompts };
}

function buildLinks(model: TranscriptStorage): StoredLinks {
  const links: StoredLinks = { children: new Map(), byUuid: new Map(), lastPrompts: [] };
  for (const e of model.entries) {
    if (e.uuid !== undefined) links.byUuid.set(e.uuid, e);
    if (e.type === 'last-prompt' && typeof e.raw.leafUuid === 'string') links.lastPrompts.push(e);
    if (typeof e.parentUuid !== 'string') continue;
    appendTo(links.children, e.parentUuid, e);
  }
  return links;
}

export function childrenOf(model: TranscriptStorage, uuid: string): Entry[] {
  return storedLinks(model).children.get(uuid) ?? [];
}

/** Delete an entry; its children hang off its parent instead. */
export function removeEntry(model: TranscriptStorage, entry: Entry): Edit[] {
  return removeEntries(model, [entry]);
}

/**
 * Delete several entries in one fix. Each child of a deleted entry hangs off its nearest ancestor that stays (so
 * deleting a part and the result hanging off it leaves no dangling parent), and a `last-prompt` naming a deleted
 * entry names that ancestor instead, so resume does not move to another branch.
 */
export function removeEntries(model: TranscriptStorage, entries: Iterable<Entry>): Edit[] {
  const links = storedLinks(model);
  const gone = new Set(entries);
  let bridges: Map<Entry, Entry> | undefined;
  // Where resume bridges a walked entry whose parent is gone: the entry the walk reached next.
  const bridgedTo = (e: Entry): Entry | undefined => {
    if (!bridges) {
      bridges = new Map();
      const { walked } = model.chain();
      for (let i = 1; i < walked.length; i++)
        if (walked[i]!.link === 'bridged') bridges.set(walked[i]!.entry, walked[i - 1]!.entry);
    }
    return bridges.get(e);
  };
  const survivor = (start: Entry): string | null => {
    const seen = new Set<Entry>();
    let cur: Entry | undefined = start;
    while (cur && gone.has(cur) && !seen.has(cur)) {
      seen.add(cur);
      const p: string | null | undefined = cur.parentUuid;
      if (typeof p !== 'string') return null;
      let next = links.byUuid.get(p);
      if (!next) {
        // A parent that names no entry, which resume bridges to an earlier entry (within 5 s): the child takes
        // that entry, since with the dangling uuid resume would bridge from the child's own time, and a child
        // more than 5 s later would start the history there.
        next = bridgedTo(cur);
        if (!next?.uuid) return p;
        if (!gone.has(next)) return next.uuid;
      } else if (!gone.has(next)) return p;
      cur = next;
    }
    return null;
  };
  const edits: Edit[] = [];
  const replacement = new Map<string, string | null>();
  for (const entry of [...gone].sort((a, b) => a.line - b.line)) {
    edits.push({ kind: 'delete', line: entry.line });
    if (entry.uuid === undefined) continue;
    const parent = survivor(entry);
    replacement.set(entry.uuid, parent);
    for (const child of links.children.get(entry.uuid) ?? []) {
      if (!gone.has(child)) edits.push({ kind: 'set', line: child.line, pointer: '/parentUuid', value: parent });
    }
  }
  for (const lp of links.lastPrompts) {
    const parent = replacement.get(lp.raw.leafUuid as string);
    if (typeof parent === 'string' && !gone.has(lp))
      edits.push({ kind: 'set', line: lp.line, pointer: '/leafUuid', value: parent });
  }
  return edits;
}

/**
 * The edit that writes transcript-lint's marker field on a changed entry. An existing marker is kept and extended
 * (its `rule` becomes a list when a second rule changes the entry), so no earlier record is lost.
 */
export function markerEdit(entry: Entry, ruleId: string, fields: Record<string, unknown>): Edit {
  const existing = entry.raw[MARKER_FIELD];
  let value: Record<string, unknown>;
  if (existing === null || typeof existing !== 'object' || Array.isArray(existing)) {
    value = { rule: ruleId, ...fields };
  } else {
    const old = existing as Record<string, unknown>;
    const rules = Array.isArray(old.rule) ? [...(old.rule as unknown[])] : old.rule === undefined ? [] : [old.rule];
    if (!rules.includes(ruleId)) rules.push(ruleId);
    value = { ...old, ...fields, rule: rules.length === 1 ? rules[0] : rules };
  }
  return { kind: 'set', line: entry.line, pointer: `/${MARKER_FIELD}`, value };
}

export interface InsertOptions {
  ruleId: string;
  /** What the entry is (type, message, ...): session fields, links and the marker are added here. */
  body: Record<string, unknown>;
  /** Extra seed for the uuid, when one anchor gets several entries. */
  seed?: string;
  /** Children of the anchor that stay where they are (e.g. results of the same call). */
  keepChildren?: (child: Entry) => boolean;
  /** The uuid the entry must have (an entry others already name, brought back); derived when absent. */
  uuid?: string;
}

/** The new entry itself: links, the rule's body, a derived uuid, a timestamp near `near`, session fields, marker. */
export function newEntry(
  near: Entry,
  parentUuid: string | null,
  deltaMs: number,
  options: InsertOptions,
): { value: Record<string, unknown>; uuid: string } {
  const uuid = options.uuid ?? derivedUuid(options.ruleId, near.uuid ?? String(near.line), options.seed ?? '');
  const session: Record<string, unknown> = {};
  for (const f of SESSION_FIELDS) if (near.raw[f] !== undefined) session[f] = near.raw[f];
  const value: Record<string, unknown> = {
    parentUuid,
    isSidechain: near.isSidechain,
    ...options.body,
    uuid,
    ...shiftedTimestamp(near, deltaMs),
    ...session,
    [MARKER_FIELD]: { rule: options.ruleId, inserted: true },
  };
  return { value, uuid };
}

/** An inserted entry: its edits and uuid, or undefined when it would change the walk elsewhere (see below). */
export type Inserted = { edits: Edit[]; uuid: string } | undefined;

/** A parentUuid an insert rewrites, and what to. */
interface Relink {
  entry: Entry;
  parent: string | null;
}

/**
 * Insert a new entry right after `anchor` in the file and in the tree; it takes over the anchor's children, but for
 * those the caller keeps and a child whose link to the anchor closes a loop on the walk (the walk stops there, so
 * moving it would put the new entry into the loop and make it where the walk starts). Undefined when the insert
 * would move where resume starts (`keepsNewestTip`) or take over a bridge that cannot be pinned (`pinBridges`).
 */
export function insertAfterEntry(model: TranscriptStorage, anchor: Entry, options: InsertOptions): Inserted {
  const { value, uuid } = newEntry(anchor, anchor.uuid ?? null, 1, options);
  const relinks: Relink[] = [];
  if (anchor.uuid !== undefined) {
    const closing = walkFacts(model).loopClosers;
    for (const child of childrenOf(model, anchor.uuid)) {
      if (!options.keepChildren?.(child) && !closing.has(child)) relinks.push({ entry: child, parent: uuid });
    }
  }
  const pins = pinBridges(model, value, anchor.line);
  if (!pins) return undefined;
  const adopts = relinks.some((r) => !r.entry.isSidechain);
  if (
    !keepsNewestTip(model, [...relinks, ...pins], { after: anchor.line, parent: anchor.uuid ?? null, adopts, anchor })
  )
    return undefined;
  const edits: Edit[] = [{ kind: 'insertAfter', line: anchor.line, value }, ...relinks.map(relinkEdit)];
  return { edits: [...edits, ...pinEdits(pins, options.ruleId)], uuid };
}

/**
 * Insert a new root entry before `first`, which then hangs below it. In the file it goes before `first`, or higher
 * up when that gap lies between two parts of one response (a user entry there would split the response, for
 * Claude Code and for split-assistant-message). Undefined when it would move where resume starts or take over a
 * bridge that cannot be pinned.
 */
export function insertRootBefore(model: TranscriptStorage, first: Entry, options: InsertOptions): Inserted {
  const { value, uuid } = newEntry(first, null, -1, options);
  const after = gapOutsideResponses(model, first.line - 1);
  const pins = pinBridges(model, value, after, first);
  if (!pins) return undefined;
  const relink: Relink = { entry: first, parent: uuid };
  if (!keepsNewestTip(model, [relink, ...pins], { after, parent: null, adopts: !first.isSidechain })) return undefined;
  return {
    uuid,
    edits: [{ kind: 'insertAfter', line: after, value }, relinkEdit(relink), ...pinEdits(pins, options.ruleId)],
  };
}

const relinkEdit = (r: Relink): Edit => ({ kind: 'set', line: r.entry.line, pointer: '/parentUuid', value: r.parent });

/** What the insert helpers check the walk against, worked out once per model. */
interface WalkFacts {
  /** The branch tip that comes last in the file. */
  tip: Entry | undefined;
  /** Entries on the walk whose own parent link the walk does not follow because it closes a loop. */
  loopClosers: Set<Entry>;
  /** The positions on the walk of the entries it reached by bridging (usually none): each insert checks only these. */
  bridgedSteps: number[];
}

const factsCache = new WeakMap<TranscriptStorage, WalkFacts>();

function walkFacts(model: TranscriptStorage): WalkFacts {
  const cached = factsCache.get(model);
  if (cached) return cached;
  const chain = model.chain();
  const onWalk = new Set(chain.walked.map((s) => s.entry));
  const loopClosers = new Set<Entry>();
  for (const step of chain.walked) {
    if (step.link === 'parent' || step.link === 'preserved-segment') continue;
    const p = chain.parentOf(step.entry);
    const parent = typeof p === 'string' ? chain.byUuid.get(p) : undefined;
    if (parent && onWalk.has(parent)) loopClosers.add(step.entry);
  }
  const bridged = new Set(chain.bridged);
  const bridgedSteps = chain.walked.flatMap((step, i) => (bridged.has(step.entry) ? [i] : []));
  const facts = { tip: newestTip(model.entries, chain.byUuid, chain.children), loopClosers, bridgedSteps };
  factsCache.set(model, facts);
  return facts;
}

/**
 * Resume starts from the branch tip that comes last in the file (or from a `last-prompt` leaf, unless that tip
 * descends from it): after the relinks and the new entry (inserted after line `after`, below `parent`, with children
 * or not), that tip must be the same entry, or the new entry when it hangs below the old tip (`anchor`).
 */
function keepsNewestTip(
  model: TranscriptStorage,
  relinks: readonly Relink[],
  inserted: { after: number; parent: string | null; adopts: boolean; anchor?: Entry },
): boolean {
  const chain = model.chain();
  const before = walkFacts(model).tip;
  // The child lists the relinks touch, over the chain's own (newestTip only reads them); a placeholder child stands
  // for the new entry.
  const changed = new Map<string, Entry[]>();
  const listOf = (uuid: string): Entry[] => changed.get(uuid) ?? chain.children.get(uuid) ?? [];
  const placeholder = { isSidechain: false } as Entry;
  const move = (entry: Entry, from: string | null | undefined, to: string | null): void => {
    if (typeof from === 'string')
      changed.set(
        from,
        listOf(from).filter((c) => c !== entry),
      );
    if (typeof to === 'string') changed.set(to, [...listOf(to), entry]);
  };
  for (const r of relinks) move(r.entry, chain.parentOf(r.entry), r.parent);
  if (typeof inserted.parent === 'string' && !inserted.anchor?.isSidechain)
    move(placeholder, undefined, inserted.parent);
  const children = new (class extends Map<string, Entry[]> {
    override get(uuid: string): Entry[] | undefined {
      return changed.get(uuid) ?? chain.children.get(uuid);
    }
  })();
  const existing = newestTip(model.entries, chain.byUuid, children);
  const newIsTip = !inserted.adopts && !inserted.anchor?.isSidechain;
  const after = newIsTip && (!existing || existing.line <= inserted.after) ? placeholder : existing;
  return after === before || (after === placeholder && before !== undefined && before === inserted.anchor);
}

/**
 * The gap (insert after this line) at or above `gap` that lies between no two parts (same message.id) of one
 * response in the file: the spans of the responses are merged, and a gap inside one moves above it.
 */
function gapOutsideResponses(model: TranscriptStorage, gap: number): number {
  const spans = new Map<string, { from: number; to: number }>();
  const { byUuid } = model.chain();
  for (const e of model.entries) {
    if (e.isSidechain || isSyntheticApiError(e) || (e.uuid !== undefined && byUuid.get(e.uuid) !== e)) continue;
    const id = assistantMessageId(e);
    if (id === undefined) continue;
    const span = spans.get(id);
    if (span) span.to = e.line;
    else spans.set(id, { from: e.line, to: e.line });
  }
  // A gap g is inside a span when from <= g < to. With the spans by latest start first, one pass finds the gap.
  let g = gap;
  for (const s of [...spans.values()].sort((a, b) => b.from - a.from)) if (s.from <= g && g < s.to) g = s.from - 1;
  return g;
}

/**
 * Claude Code bridges a dangling parent (or one closing a loop) to the latest main-chain entry that is not newer
 * than the entry and not on the walk yet (bridgeFinder, src/formats/claude-code/chain.ts). A new entry can be that
 * entry, and then the walk runs into it and loops (the fuzzer found an inserted tool result taking over such a
 * bridge). For every bridge the walk takes that the new entry (inserted after line `after`) could take over, the
 * bridge is written as the bridged entry's parentUuid (pinned), so the walk does not change; not for `relinked`,
 * which the insert itself hangs below the new entry. Undefined when a pinned link would close a stored loop.
 */
function pinBridges(
  model: TranscriptStorage,
  inserted: Record<string, unknown>,
  after: number,
  relinked?: Entry,
): Relink[] | undefined {
  if (inserted.isSidechain === true || typeof inserted.type !== 'string' || !CHAIN_TYPES.has(inserted.type)) return [];
  const chain = model.chain();
  const pins: Relink[] = [];
  const walked = chain.walked;
  for (const i of walkFacts(model).bridgedSteps) {
    const entry = walked[i]!.entry;
    if (entry === relinked) continue;
    // A bridged step links to the entry before it on the walk; a bridge that found nothing ends the walk there.
    const target = walked[i]!.link === 'bridged' ? walked[i - 1]!.entry : null;
    if (!takesOver(inserted, after, entry, target)) continue;
    if (target && closesLoop(model, entry, target)) return undefined;
    pins.push({ entry, parent: target ? target.uuid! : null });
  }
  return pins;
}

/** The pinned links, each with the old parentUuid kept in the entry's marker. */
function pinEdits(pins: readonly Relink[], ruleId: string): Edit[] {
  return pins.flatMap((p) => [
    relinkEdit(p),
    markerEdit(p.entry, ruleId, { originalParentUuid: p.entry.raw.parentUuid ?? null }),
  ]);
}

/**
 * Whether the bridge from `from` would go to the inserted entry instead of `target` (the order of bridgeFinder; a
 * bridge spans at most BRIDGE_GAP_MS, so with no target the new entry takes over only when it is that close).
 */
function takesOver(inserted: Record<string, unknown>, after: number, from: Entry, target: Entry | null): boolean {
  const at = timeOfValue(from.raw.timestamp);
  if (at === undefined) return after < from.line && (target === null || after >= target.line);
  const t = timeOfValue(inserted.timestamp);
  if (t === undefined || t > at || at - t > BRIDGE_GAP_MS) return false;
  const targetAt = target ? timeOfValue(target.raw.timestamp) : undefined;
  return target === null || targetAt === undefined || t > targetAt || (t === targetAt && after >= target.line);
}

/** Whether a stored link from `entry` to `target` would close a loop (`target` descends from `entry`). */
function closesLoop(model: TranscriptStorage, entry: Entry, target: Entry): boolean {
  const { byUuid } = storedLinks(model);
  const seen = new Set<Entry>();
  for (let cur: Entry | undefined = target; cur && !seen.has(cur); ) {
    if (cur === entry) return true;
    seen.add(cur);
    cur = typeof cur.parentUuid === 'string' ? byUuid.get(cur.parentUuid) : undefined;
  }
  return false;
}

function shiftedTimestamp(entry: Entry, deltaMs: number): Record<string, string> {
  const t = typeof entry.raw.timestamp === 'string' ? Date.parse(entry.raw.timestamp) : NaN;
  return Number.isNaN(t) ? {} : { timestamp: new Date(t + deltaMs).toISOString() };
}
