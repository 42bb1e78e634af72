// Edits that keep the uuid/parentUuid tree whole, written in Claude Code's own storage format: removing an entry
// re-links its children to its parent; an inserted entry gets a fresh uuid, hangs below its anchor, takes over the
// anchor's children, copies the session fields, and carries a marker naming transcript-lint and the rule.
import { createHash } from 'node:crypto';
import type { Entry } from '../model/entries.js';
import type { TranscriptModel } from '../model/index.js';
import type { Edit } from './edits.js';

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

const linksCache = new WeakMap<TranscriptModel, StoredLinks>();

export function storedLinks(model: TranscriptModel): StoredLinks {
  const cached = linksCache.get(model);
  if (cached) return cached;
  const links: StoredLinks = { children: new Map(), byUuid: new Map(), lastPrompts: [] };
  for (const e of model.entries) {
    if (e.uuid !== undefined) links.byUuid.set(e.uuid, e);
    if (e.type === 'last-prompt' && typeof e.raw.leafUuid === 'string') links.lastPrompts.push(e);
    if (typeof e.parentUuid !== 'string') continue;
    const list = links.children.get(e.parentUuid);
    if (list) list.push(e);
    else links.children.set(e.parentUuid, [e]);
  }
  linksCache.set(model, links);
  return links;
}

export function childrenOf(model: TranscriptModel, uuid: string): Entry[] {
  return storedLinks(model).children.get(uuid) ?? [];
}

/** Delete an entry; its children hang off its parent instead. */
export function removeEntry(model: TranscriptModel, entry: Entry): Edit[] {
  return removeEntries(model, [entry]);
}

/**
 * Delete several entries in one fix. Each child of a deleted entry hangs off its nearest ancestor that stays (so
 * deleting a part and the result hanging off it leaves no dangling parent), and a `last-prompt` naming a deleted
 * entry names that ancestor instead, so resume does not move to another branch.
 */
export function removeEntries(model: TranscriptModel, entries: Iterable<Entry>): Edit[] {
  const links = storedLinks(model);
  const gone = new Set(entries);
  const survivor = (start: Entry): string | null => {
    const seen = new Set<Entry>();
    let cur: Entry | undefined = start;
    while (cur && gone.has(cur) && !seen.has(cur)) {
      seen.add(cur);
      const p: string | null | undefined = cur.parentUuid;
      if (typeof p !== 'string') return null;
      const next = links.byUuid.get(p);
      if (!next || !gone.has(next)) return p;
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
    if (typeof parent === 'string' && !gone.has(lp)) edits.push({ kind: 'set', line: lp.line, pointer: '/leafUuid', value: parent });
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
}

/** The new entry itself: links, the rule's body, a derived uuid, a timestamp near `near`, session fields, marker. */
function newEntry(
  near: Entry,
  parentUuid: string | null,
  deltaMs: number,
  options: InsertOptions,
): { value: Record<string, unknown>; uuid: string } {
  const uuid = derivedUuid(options.ruleId, near.uuid ?? String(near.line), options.seed ?? '');
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

/** Insert a new entry right after `anchor` in the file and in the tree; it takes over the anchor's children. */
export function insertAfterEntry(model: TranscriptModel, anchor: Entry, options: InsertOptions): { edits: Edit[]; uuid: string } {
  const { value, uuid } = newEntry(anchor, anchor.uuid ?? null, 1, options);
  const edits: Edit[] = [{ kind: 'insertAfter', line: anchor.line, value }];
  if (anchor.uuid !== undefined) {
    for (const child of childrenOf(model, anchor.uuid)) {
      if (options.keepChildren?.(child)) continue;
      edits.push({ kind: 'set', line: child.line, pointer: '/parentUuid', value: uuid });
    }
  }
  return { edits, uuid };
}

/** Insert a new root entry before `first`, which then hangs below it. */
export function insertRootBefore(_model: TranscriptModel, first: Entry, options: InsertOptions): { edits: Edit[]; uuid: string } {
  const { value, uuid } = newEntry(first, null, -1, options);
  return {
    uuid,
    edits: [
      { kind: 'insertAfter', line: first.line - 1, value },
      { kind: 'set', line: first.line, pointer: '/parentUuid', value: uuid },
    ],
  };
}

function shiftedTimestamp(entry: Entry, deltaMs: number): Record<string, string> {
  const t = typeof entry.raw.timestamp === 'string' ? Date.parse(entry.raw.timestamp) : NaN;
  return Number.isNaN(t) ? {} : { timestamp: new Date(t + deltaMs).toISOString() };
}

