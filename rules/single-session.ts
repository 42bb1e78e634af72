// single-session: a Claude Code session file holds one session's conversation. Two files joined into one (`cat
// a.jsonl >> b.jsonl`, a copy restored into the wrong file) hold two conversation trees whose entries name two
// sessionIds, and Claude Code 2.1.332 resumes whichever ends last under this session's id, without a word: measured
// with the oracle, the corpus's plain.jsonl with multi.jsonl appended, resumed as plain's session, sent multi's
// conversation and none of plain's. A resumed session's lineage is one tree whose later entries may carry a new
// sessionId (siteboon/claudecodeui#1022), so only trees that no parentUuid (or a compaction's logicalParentUuid)
// joins, and that share no sessionId, are two sessions. Entries marked isSidechain (a subagent's) are not counted.
import { CHAIN_TYPES, defineRule, type Entry } from '../src/sdk/index.js';

/** A conversation tree of the file: its entries' sessionIds, and its first and last entries in file order. */
interface Tree {
  sessionIds: Set<string>;
  first: Entry;
  last: Entry;
  count: number;
}

const UUID_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;

export default defineRule({
  meta: {
    id: 'single-session',
    type: 'problem',
    view: 'storage',
    description: "A session file holds one session's conversation, not two files joined.",
    docs: { detects: "entries of another session's conversation, joined to no entry of this one" },
    severity: { 'claude-code': 'error', api: 'off' },
    messages: {
      resumed:
        "{{lines}} another session ({{other}}): {{entries}} joined to no entry of session {{own}}, two files joined into one. Claude Code resumes this conversation, which ends last in the file, under session {{own}}, and sends none of that session's turns. Move these lines to a file of their own ({{other}}.jsonl in the same folder).",
      ignored:
        '{{lines}} another session ({{other}}): {{entries}} joined to no entry of session {{own}}, two files joined into one. Claude Code does not send them (session {{own}} ends later in the file); they are lost to both sessions until moved to a file of their own ({{other}}.jsonl in the same folder).',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const trees = conversationTrees(model.entries, model.chain().byUuid);
    if (trees.length < 2) return;
    // A file named for neither session (renamed by hand) is taken to be the first tree's.
    const named = ownSessionId(model.file.path, trees);
    const own = trees.some((t) => t.sessionIds.has(named)) ? named : [...trees[0]!.sessionIds][0]!;
    const ownTrees = trees.filter((t) => t.sessionIds.has(own));
    const ownIds = new Set(ownTrees.flatMap((t) => [...t.sessionIds]));
    const leaf = model.chain().leaf;
    for (const tree of trees) {
      if ([...tree.sessionIds].some((id) => ownIds.has(id))) continue;
      const resumed = leaf !== undefined && holdsLeaf(tree, leaf);
      const first = tree.first.line;
      const last = lastLineOf(model.entries, tree);
      ctx.report({
        messageId: resumed ? 'resumed' : 'ignored',
        at: { entry: tree.first, pointer: '/sessionId' },
        data: {
          lines: first === last ? `Line ${first} holds` : `Lines ${first}-${last} hold`,
          other: [...tree.sessionIds].join(', '),
          entries: tree.count === 1 ? '1 entry' : `${tree.count} entries`,
          own,
        },
        related: ownTrees[0] ? [{ line: ownTrees[0].first.line, message: `session ${own} starts here` }] : [],
      });
    }
  },
});

/** This file's session: its name's uuid, or else the session of the first tree. */
function ownSessionId(path: string, trees: readonly Tree[]): string {
  const name = UUID_NAME.exec(path.split(/[\\/]/).pop() ?? '');
  if (name) return name[1]!.toLowerCase();
  return [...trees[0]!.sessionIds][0]!;
}

/** The main conversation's entries (with a uuid and a sessionId, not sidechains) grouped into trees, in file order. */
function conversationTrees(entries: readonly Entry[], byUuid: ReadonlyMap<string, Entry>): Tree[] {
  const root = new Map<Entry, Entry>();
  const find = (e: Entry): Entry => {
    let r = e;
    for (let next = root.get(r); next !== undefined && next !== r; next = root.get(r)) r = next;
    // Path compression: every entry walked now points at the root.
    for (let x = e; x !== r; ) {
      const next = root.get(x)!;
      root.set(x, r);
      x = next;
    }
    return r;
  };
  const members: Entry[] = [];
  for (const e of entries) {
    if (!CHAIN_TYPES.has(e.type) || e.uuid === undefined || e.isSidechain) continue;
    if (typeof e.raw.sessionId !== 'string') continue;
    members.push(e);
    root.set(e, e);
  }
  for (const e of members) {
    for (const link of [e.parentUuid, e.raw.logicalParentUuid]) {
      const parent = typeof link === 'string' ? byUuid.get(link) : undefined;
      if (parent === undefined || !root.has(parent)) continue;
      const a = find(e);
      const b = find(parent);
      if (a !== b) root.set(a.index < b.index ? b : a, a.index < b.index ? a : b);
    }
  }
  const trees = new Map<Entry, Tree>();
  for (const e of members) {
    const r = find(e);
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

/** Whether the conversation resume starts from (its leaf) is this tree's: the leaf's session is one of it. */
function holdsLeaf(tree: Tree, leaf: Entry): boolean {
  return typeof leaf.raw.sessionId === 'string' && tree.sessionIds.has(leaf.raw.sessionId.toLowerCase());
}

/** The last line of the tree's sessions: its last entry, or a later line of one of its sessions (a `last-prompt`). */
function lastLineOf(entries: readonly Entry[], tree: Tree): number {
  for (let i = entries.length - 1; i > tree.last.index; i--) {
    const sessionId = entries[i]!.raw.sessionId;
    if (typeof sessionId === 'string' && tree.sessionIds.has(sessionId.toLowerCase())) return entries[i]!.line;
  }
  return tree.last.line;
}
