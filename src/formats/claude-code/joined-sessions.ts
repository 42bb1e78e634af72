// Another session's conversation in a Claude Code session file: two files joined into one (`cat a.jsonl >> b.jsonl`,
// a copy restored into the wrong file). Claude Code 2.1.332 resumes whichever conversation ends last, under the
// file's session id (measured: rules/single-session.ts). A resumed session's lineage is one tree whose later entries
// may carry a new sessionId (siteboon/claudecodeui#1022), so only trees that no parentUuid (or a compaction's
// logicalParentUuid) joins, and that share no sessionId, are two sessions. Entries marked isSidechain (a
// subagent's) are not counted. The single-session rule reports them; `transcript-lint split` moves them out.
import path from 'node:path';
import { CHAIN_TYPES } from '../../model/entries.js';
import type { TranscriptModel } from '../../model/index.js';
import type { Entry } from '../../model/types.js';
import type { JoinedSessions } from '../types.js';

/** Another session's conversation in the file. */
export interface JoinedSession {
  /** Its sessionIds (lower case): one, or several for a resumed lineage. */
  sessionIds: string[];
  /** Its first entry. */
  first: Entry;
  /** Every line of it: its entries, and the other lines that name one of its sessionIds (`last-prompt`, ...). */
  lines: number[];
  /** How many of its entries are in its conversation tree. */
  entries: number;
  /** Whether resume starts from it (its conversation ends last). */
  resumed: boolean;
  /**
   * Whether resume sends some of it though it starts from this session: its compaction, appended after this
   * session's turns, deleted them, and this session's later turns follow its summary and preserved tail.
   */
  sent: boolean;
}

export interface SessionsInFile {
  /** The file's own session: its name's uuid, or else the first conversation's session. */
  own: string;
  /** The line the own session's conversation starts on. */
  ownFirstLine: number | undefined;
  /** Whether the own session wrote lines but no conversation (no entry with a uuid of its own). */
  ownEmpty: boolean;
  others: JoinedSession[];
}

/** A conversation tree of the file: its entries' sessionIds, its first and last entries in file order. */
interface Tree {
  sessionIds: Set<string>;
  first: Entry;
  last: Entry;
  count: number;
}

const UUID_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

/** The sessions whose conversations the file holds besides its own (none for a file of one session). */
export function sessionsInFile(
  filePath: string,
  entries: readonly Entry[],
  byUuid: ReadonlyMap<string, Entry>,
  leaf: Entry | undefined,
  /** The entries resume sends (the chain's active entries), when known. */
  active: readonly Entry[] = [],
): SessionsInFile | undefined {
  const trees = conversationTrees(entries, byUuid);
  if (trees.length === 0) return undefined;
  const named = UUID_NAME.exec(filePath.split(/[\\/]/).pop() ?? '')?.[1]?.toLowerCase();
  // The file's own session wrote lines but no conversation (it crashed before its first prompt was written) and
  // another session's conversation follows: Claude Code resumes that one under the file's id (differential harness
  // seed 167: two queue-operation lines, then another session appended; resume sent the other conversation).
  const ownWithoutConversation =
    named !== undefined && !trees.some((t) => t.sessionIds.has(named)) && entries.some((e) => sessionOf(e) === named);
  if (trees.length < 2 && !ownWithoutConversation) return undefined;
  // A file named for neither session (renamed by hand) is taken to be the first conversation's.
  const own =
    named !== undefined && (ownWithoutConversation || trees.some((t) => t.sessionIds.has(named)))
      ? named
      : [...trees[0]!.sessionIds][0]!;
  const ownIds = new Set([own, ...trees.filter((t) => t.sessionIds.has(own)).flatMap((t) => [...t.sessionIds])]);
  const leafSession = typeof leaf?.raw.sessionId === 'string' ? leaf.raw.sessionId.toLowerCase() : undefined;
  const others: JoinedSession[] = [];
  for (const tree of trees) {
    if ([...tree.sessionIds].some((id) => ownIds.has(id))) continue;
    const lines: number[] = [];
    for (const e of entries) {
      const id = e.raw.sessionId;
      if (typeof id === 'string' && tree.sessionIds.has(id.toLowerCase())) lines.push(e.line);
    }
    others.push({
      sessionIds: [...tree.sessionIds],
      first: tree.first,
      lines,
      entries: tree.count,
      resumed: leafSession !== undefined && tree.sessionIds.has(leafSession),
      sent: active.some((e) => {
        const id = sessionOf(e);
        return id !== undefined && tree.sessionIds.has(id);
      }),
    });
  }
  if (others.length === 0) return undefined;
  const ownFirstLine =
    trees.find((t) => t.sessionIds.has(own))?.first.line ?? entries.find((e) => sessionOf(e) === own)?.line;
  return { own, ownFirstLine, ownEmpty: ownWithoutConversation, others };
}

/** For `split`: each other session's lines go to `<its sessionId>.jsonl` beside the file, the name Claude Code resumes. */
export function otherSessionsOf(filePath: string, model: TranscriptModel): JoinedSessions | undefined {
  const chain = model.chain();
  const sessions = sessionsInFile(filePath, model.entries, chain.byUuid, chain.leaf, chain.active);
  if (!sessions) return undefined;
  return {
    own: sessions.own,
    others: sessions.others.map((o) => ({
      sessionId: o.sessionIds[0]!,
      lines: o.lines,
      to: path.join(path.dirname(filePath), `${o.sessionIds[0]!}.jsonl`),
    })),
  };
}

const sessionOf = (e: Entry): string | undefined =>
  typeof e.raw.sessionId === 'string' ? e.raw.sessionId.toLowerCase() : undefined;

/**
 * The main conversation's entries (with a uuid and a sessionId, not sidechains) grouped into trees, in file order.
 * Kept by entry index (Entry.index is the position in `entries`): a map keyed by entry took 635 ms of the 1 GB
 * bench session's lint (600,000 entries).
 */
function conversationTrees(entries: readonly Entry[], byUuid: ReadonlyMap<string, Entry>): Tree[] {
  const n = entries.length;
  /** Each member's parent in the union-find, as an entry index; -1 for an entry that is no member. */
  const root = new Int32Array(n).fill(-1);
  const find = (i: number): number => {
    let r = i;
    while (root[r] !== r) r = root[r]!;
    // Path compression: every entry walked now points at the root.
    for (let x = i; x !== r; ) {
      const next = root[x]!;
      root[x] = r;
      x = next;
    }
    return r;
  };
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    if (!CHAIN_TYPES.has(e.type) || e.uuid === undefined || e.isSidechain) continue;
    if (typeof e.raw.sessionId !== 'string') continue;
    root[i] = i;
  }
  // The root with the lower index (the earlier line) stays the root.
  const join = (i: number, link: unknown): void => {
    const parent = typeof link === 'string' ? byUuid.get(link) : undefined;
    if (parent === undefined || root[parent.index] === -1) return;
    const a = find(i);
    const b = find(parent.index);
    if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
  };
  for (let i = 0; i < n; i++) {
    if (root[i] === -1) continue;
    const e = entries[i]!;
    join(i, e.parentUuid);
    join(i, e.raw.logicalParentUuid);
  }
  const trees = new Map<number, Tree>();
  for (let i = 0; i < n; i++) {
    if (root[i] === -1) continue;
    const e = entries[i]!;
    const r = find(i);
    const sessionId = (e.raw.sessionId as string).toLowerCase();
    const tree = trees.get(r);
    if (tree) {
      tree.sessionIds.add(sessionId);
      tree.last = e;
      tree.count++;
    } else {
      trees.set(r, { sessionIds: new Set([sessionId]), first: e, last: e, count: 1 });
    }
  }
  return mergeBySession([...trees.values()]);
}

/**
 * Trees of one session are one conversation (a compaction or a rewind can start a new root): trees that share a
 * sessionId are merged, in file order of their first entries.
 */
function mergeBySession(trees: Tree[]): Tree[] {
  const out: Tree[] = [];
  for (const tree of trees) {
    const same = out.find((t) => [...tree.sessionIds].some((id) => t.sessionIds.has(id)));
    if (!same) {
      out.push(tree);
      continue;
    }
    for (const id of tree.sessionIds) same.sessionIds.add(id);
    if (tree.last.index > same.last.index) same.last = tree.last;
    same.count += tree.count;
  }
  return out;
}
