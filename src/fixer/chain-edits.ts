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

export function childrenOf(model: TranscriptModel, uuid: string): Entry[] {
  return model.entries.filter((e) => e.parentUuid === uuid);
}

/** Delete an entry; its children hang off its parent instead. */
export function removeEntry(model: TranscriptModel, entry: Entry): Edit[] {
  const edits: Edit[] = [{ kind: 'delete', line: entry.line }];
  if (entry.uuid === undefined) return edits;
  const parent = entry.parentUuid ?? null;
  for (const child of childrenOf(model, entry.uuid)) {
    if (child === entry) continue;
    edits.push({ kind: 'set', line: child.line, pointer: '/parentUuid', value: parent });
  }
  return edits;
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

/** Insert a new entry right after `anchor` in the file and in the tree. */
export function insertAfterEntry(model: TranscriptModel, anchor: Entry, options: InsertOptions): { edits: Edit[]; uuid: string } {
  const uuid = derivedUuid(options.ruleId, anchor.uuid ?? String(anchor.line), options.seed ?? '');
  const session: Record<string, unknown> = {};
  for (const f of SESSION_FIELDS) if (anchor.raw[f] !== undefined) session[f] = anchor.raw[f];
  const value: Record<string, unknown> = {
    parentUuid: anchor.uuid ?? null,
    isSidechain: anchor.isSidechain,
    ...options.body,
    uuid,
    ...timestampAfter(anchor),
    ...session,
    [MARKER_FIELD]: { rule: options.ruleId, inserted: true },
  };
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
export function insertRootBefore(model: TranscriptModel, first: Entry, options: InsertOptions): { edits: Edit[]; uuid: string } {
  const uuid = derivedUuid(options.ruleId, first.uuid ?? String(first.line), options.seed ?? '');
  const session: Record<string, unknown> = {};
  for (const f of SESSION_FIELDS) if (first.raw[f] !== undefined) session[f] = first.raw[f];
  const value: Record<string, unknown> = {
    parentUuid: null,
    isSidechain: first.isSidechain,
    ...options.body,
    uuid,
    ...timestampBefore(first),
    ...session,
    [MARKER_FIELD]: { rule: options.ruleId, inserted: true },
  };
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

const timestampAfter = (e: Entry): Record<string, string> => shiftedTimestamp(e, 1);
const timestampBefore = (e: Entry): Record<string, string> => shiftedTimestamp(e, -1);
