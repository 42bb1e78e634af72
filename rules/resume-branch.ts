// resume-branch: the file forks and resume does not continue the newest branch. How Claude Code 2.1.332 picks the
// leaf (spec: claude-code-observed.md "How resume picks and rebuilds the chain"; the ancestor case checked with the
// oracle): it takes the branch tip that comes last in the file; when the last `last-prompt` names an entry that is
// not on that tip's chain, it resumes from the named entry instead, and the newer branch is not sent.
//
// What counts as a branch tip, so that the shapes Claude Code writes on one branch never fire: a main-conversation
// entry with no main-conversation children. A tip is "on the resumed branch" when its nearest user/assistant ancestor
// is on the active chain (as rebuilt, with split parts and their results spliced in): parallel tool results hanging
// off their own parts, attachments and progress entries hanging off the chain, are covered that way. Tips that come
// before the resumed leaf in the file (the pre-compaction tail, a branch abandoned by a rewind) are older branches.
// Two resumes at once (two terminals, oracle: the last `last-prompt` wins and the other terminal's turn is not sent)
// leave two branches whose lines interleave after their fork: reported as concurrentBranch.
// "Newer" is file order only: another session's lines joined into the file end in a tip too, later in the file but not
// a branch of this session's (seed 248, fixtures/sessions/claude-code/restored-behind-compaction fixed: session
// 2bdfd9d7's reply, written days before, joined to no entry of the file); single-session reports those, not this rule.
import {
  type Chain,
  defineRule,
  type Entry,
  firstAbove,
  isMainTreeEntry,
  isReadable,
  type StorageView,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'resume-branch',
    type: 'suggestion',
    view: 'storage',
    formats: ['claude-code'],
    description: 'Resume continues the newest branch of a forked session.',
    docs: { detects: 'the file forks and resume will not pick the newest branch' },
    severity: { 'claude-code': 'warn', api: 'off' },
    messages: {
      concurrentBranch:
        "Two resumes of this session wrote at once (two terminals): after line {{forkLine}} their lines interleave. Resume continues the branch ending here, named by the last `last-prompt` (line {{promptLine}}); the other resume's turns, ending at line {{tipLine}}, are not sent.",
      olderBranch:
        'The file forks and resume continues the branch ending here (named by the `last-prompt` on line {{promptLine}}), not the branch that ends later in the file, at line {{tipLine}}, so what that branch holds is not sent.',
    },
  },
  check(ctx) {
    const chain = ctx.model.chain();
    const leaf = chain.leaf;
    if (chain.leafSource !== 'last-prompt' || !leaf) return;
    const prompt = [...chain.lastPromptLeaves]
      .reverse()
      .find((lp) => lp.exists && chain.byUuid.get(lp.leafUuid) === leaf);

    const { entries } = ctx.model;
    const isTip = tipTest(ctx.model);
    const covered = new Set<Entry>(chain.active);
    for (const step of chain.walked) covered.add(step.entry);
    const anchorOf = anchorFinder(chain, entries);

    const concurrent = concurrentTip(entries, chain, covered, isTip, anchorOf);
    if (concurrent) {
      ctx.report({
        messageId: 'concurrentBranch',
        at: { entry: leaf },
        data: { tipLine: concurrent.tip.line, forkLine: concurrent.fork.line, promptLine: prompt?.entry.line ?? '?' },
        related: [
          { line: concurrent.tip.line, message: "tip of the other resume's branch, not sent" },
          { line: concurrent.fork.line, message: 'both branches continue this entry' },
          ...(prompt ? [{ line: prompt.entry.line, message: '`last-prompt` that picks the resumed branch' }] : []),
        ],
      });
      return;
    }

    // Claude Code's own pick: when the named entry lies on the chain of the newest tip, it resumes that tip.
    let newest: Entry | undefined;
    for (let i = entries.length - 1; i >= 0 && !newest; i--) if (isTip(entries[i]!)) newest = entries[i];
    if (!newest || newest === leaf || isAncestor(leaf, newest, chain, entries)) return;
    for (let i = entries.length - 1; i >= 0; i--) {
      const tip = entries[i]!;
      if (tip.line <= leaf.line) break;
      if (!isTip(tip)) continue;
      const anchor = anchorOf(tip);
      if (anchor && covered.has(anchor)) continue;
      if (otherSessionAlone(tip, leaf, anchor, chain, entries)) continue;
      ctx.report({
        messageId: 'olderBranch',
        at: { entry: leaf },
        data: { tipLine: tip.line, promptLine: prompt?.entry.line ?? '?' },
        related: [
          { line: tip.line, message: 'tip of the branch later in the file, not resumed' },
          ...(prompt ? [{ line: prompt.entry.line, message: '`last-prompt` that picks the resumed branch' }] : []),
        ],
      });
      return;
    }
  },
});

/**
 * A tip of another session (its sessionId not the resumed entry's) whose entries up to its nearest message reach no
 * entry of the resumed entry's session: not a fork of this session but another session's lines in the file.
 */
function otherSessionAlone(
  tip: Entry,
  leaf: Entry,
  anchor: Entry | undefined,
  chain: Chain,
  entries: readonly Entry[],
): boolean {
  const own = leaf.raw.sessionId;
  const sessionOf = (e: Entry): unknown => e.raw.sessionId;
  if (typeof own !== 'string' || typeof sessionOf(tip) !== 'string' || sessionOf(tip) === own) return false;
  const seen = new Set<Entry>();
  for (let cur: Entry | undefined = anchor ?? tip; cur && !seen.has(cur); cur = parentEntry(cur, chain, entries)) {
    if (sessionOf(cur) === own) return false;
    seen.add(cur);
  }
  return true;
}

/**
 * A branch not resumed that grew at the same time as the resumed one: after their fork (the branch's nearest entry on
 * the resumed chain), a user/assistant entry of the resumed chain comes before the branch's tip and another after the
 * branch's first entry, so the two branches' lines interleave. Branches written one after the other (a rewind, a
 * newer branch appended after the resumed one) do not overlap.
 */
function concurrentTip(
  entries: readonly Entry[],
  chain: Chain,
  covered: ReadonlySet<Entry>,
  isTip: (e: Entry) => boolean,
  anchorOf: (e: Entry) => Entry | undefined,
): { tip: Entry; fork: Entry } | undefined {
  const turns = [...covered]
    .filter((e) => e.type === 'user' || e.type === 'assistant')
    .map((e) => e.line)
    .sort((a, b) => a - b);
  const forkOf = forkFinder(entries, chain, covered);
  for (let i = entries.length - 1; i >= 0; i--) {
    const tip = entries[i]!;
    if (!isTip(tip) || covered.has(tip)) continue;
    const anchor = anchorOf(tip);
    if (!anchor || covered.has(anchor)) continue;
    const found = forkOf(tip);
    if (!found) continue;
    const { fork, first } = found;
    // The turns after the fork: one before the tip, and one after the branch's first entry.
    const next = turns[firstAbove(turns, fork.line, (n) => n)];
    if (next !== undefined && next < tip.line && turns[turns.length - 1]! > first) return { tip, fork };
  }
  return undefined;
}

/**
 * Where an entry off the resumed chain joins it: the first covered entry up its parents (the fork), and the lowest
 * line of the entries walked before it (the branch's first entry). Undefined when the walk ends without reaching a
 * covered entry (a missing parent, a loop). Memoised by entry index: all the branches together walk each entry once.
 */
function forkFinder(
  entries: readonly Entry[],
  chain: Chain,
  covered: ReadonlySet<Entry>,
): (from: Entry) => { fork: Entry; first: number } | undefined {
  const n = entries.length;
  const isCovered = new Uint8Array(n);
  for (const e of covered) isCovered[e.index] = 1;
  // Per entry index: 0 not walked yet, 1 on the walk under way, 2 joins at forkAt (first line firstAt), 3 joins none.
  const state = new Uint8Array(n);
  const forkAt = new Int32Array(n);
  const firstAt = new Float64Array(n);
  // The chain's parent by entry index is the entry byUuid holds for the parent's uuid: what parentEntry looks up.
  const parentIndex = chain.parentIndex;
  const parentOf = (e: Entry): Entry | undefined => {
    if (!parentIndex) return parentEntry(e, chain, entries);
    const at = parentIndex[e.index]!;
    return at < 0 ? undefined : entries[at];
  };
  const path: Entry[] = [];
  return (from) => {
    path.length = 0;
    let cur: Entry | undefined = from;
    let fork = -1;
    let first = Number.POSITIVE_INFINITY;
    while (cur && state[cur.index] !== 1) {
      const i = cur.index;
      if (isCovered[i] === 1) {
        fork = i;
        break;
      }
      if (state[i] === 2) {
        fork = forkAt[i]!;
        first = firstAt[i]!;
        break;
      }
      if (state[i] === 3) break;
      path.push(cur);
      state[i] = 1;
      cur = parentOf(cur);
    }
    // Each entry of the path joins where the walk ended, its first line the lowest from it up to there.
    for (let k = path.length - 1; k >= 0; k--) {
      const i = path[k]!.index;
      if (fork < 0) {
        state[i] = 3;
        continue;
      }
      first = Math.min(first, path[k]!.line);
      state[i] = 2;
      forkAt[i] = fork;
      firstAt[i] = first;
    }
    const i = from.index;
    return state[i] === 2 ? { fork: entries[forkAt[i]!]!, first: firstAt[i]! } : undefined;
  };
}

/** A main-conversation entry with no main-conversation children (sidechain children do not count, as in Claude Code). */
function tipTest(model: StorageView): (e: Entry) => boolean {
  const chain = model.chain();
  const { entries } = model;
  const withMainChild = mainChildren(entries, chain);
  return (e) => {
    if (!isMainTreeEntry(e) || model.isShadowed(e) || !isReadable(e)) return false;
    if (withMainChild && entries[e.index] === e) return withMainChild[e.index] === 0;
    return !(chain.children.get(e.uuid!) ?? []).some(isMainTreeEntry);
  };
}

/**
 * By entry index, 1 for an entry with a main-conversation child, from the chain's indexes when it keeps them: a live
 * entry's children are the live entries whose effective parent index is its own (what chain.children gives for its
 * uuid). Asking chain.children of every entry cost a lookup by uuid each: 220 ms of the 1 GB bench session.
 */
function mainChildren(entries: readonly Entry[], chain: Chain): Uint8Array | undefined {
  const { parentIndex, live } = chain;
  if (!parentIndex || !live) return undefined;
  const out = new Uint8Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const p = parentIndex[i]!;
    if (p >= 0 && live[i] === 1 && isMainTreeEntry(entries[i]!)) out[p] = 1;
  }
  return out;
}

function parentEntry(e: Entry, chain: Chain, entries: readonly Entry[]): Entry | undefined {
  // The chain's parent by entry index is the entry byUuid holds for the effective parent's uuid.
  if (chain.parentIndex && entries[e.index] === e) {
    const at = chain.parentIndex[e.index]!;
    return at < 0 ? undefined : entries[at];
  }
  const p = chain.parentOf(e);
  return typeof p === 'string' ? chain.byUuid.get(p) : undefined;
}

/** Whether `ancestor` is on the parent chain of `from` (iterative; a cycle ends the walk). */
function isAncestor(ancestor: Entry, from: Entry, chain: Chain, entries: readonly Entry[]): boolean {
  const seen = new Set<Entry>();
  for (let cur: Entry | undefined = from; cur && !seen.has(cur); cur = parentEntry(cur, chain, entries)) {
    if (cur === ancestor) return true;
    seen.add(cur);
  }
  return false;
}

/** The nearest user/assistant entry at or above an entry; memoised so that all tips together cost one pass. */
function anchorFinder(chain: Chain, entries: readonly Entry[]): (e: Entry) => Entry | undefined {
  const memo = new Map<Entry, Entry | undefined>();
  return (from) => {
    const path: Entry[] = [];
    const onPath = new Set<Entry>();
    let cur: Entry | undefined = from;
    let found: Entry | undefined;
    while (cur && !onPath.has(cur)) {
      if (memo.has(cur)) {
        found = memo.get(cur);
        break;
      }
      if (cur.type === 'user' || cur.type === 'assistant') {
        found = cur;
        break;
      }
      path.push(cur);
      onPath.add(cur);
      cur = parentEntry(cur, chain, entries);
    }
    for (const e of path) memo.set(e, found);
    return found;
  };
}
