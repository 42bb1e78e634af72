// last-prompt-leaf: the last `last-prompt` entry names the entry resume starts from. Measured on recordings of the
// real Claude Code 2.1.332 (recorded items 08a-08f, 09a-09c), which differ from claude-code-observed.md's "the
// branch named by the last last-prompt.leafUuid wins" where the name is wrong:
// - it names no entry (or one that exists only in a subagent file, 09b): Claude Code resumes from the last entry of
//   the file; it does not fall back to an older `last-prompt`, and timestamps play no part (08c: a fork appended
//   last with older timestamps wins);
// - it names an entry of a subagent's own conversation mixed into the main file (09a): resume fails, "No
//   conversation found with session ID". (A main-conversation entry flagged `isSidechain` is main-chain-not-sidechain's.)
// The safe fix names the entry Claude Code resumes (the first case: no change in behaviour) or the main
// conversation's newest tip (the second), and leaves the subagent's entries alone.
// - it repeats an earlier line byte for byte (a restored copy of the file appended to it, differential harness
//   seeds 41, 44, 49 and 83) and names an entry that later turns continue: Claude Code resumes the named entry, or
//   the file's last row when that row descends from it, and sends none of those turns (seed 49: toolu_termA1 not
//   sent; seed 83: toolu_T3 not sent). The unsafe fix moves out every `last-prompt` that
//   repeats an earlier line, so the last one left is the file's own.
import {
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isMainTreeEntry,
  newestTip,
  reachesMainConversation,
  type StorageView,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'last-prompt-leaf',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'The last `last-prompt` names an entry of the main conversation.',
    docs: {
      detects:
        "the last `last-prompt` names no entry, an entry of a subagent's conversation, or (a restored copy) an entry later turns continue",
      fix: "safe (name the entry Claude Code resumes, or the main conversation's newest tip); unsafe (move out repeated `last-prompt` lines)",
      severity: { 'claude-code': 'error (a subagent entry, a restored copy) / warn' },
    },
    severity: { 'claude-code': 'warn', api: 'off' },
    fixable: 'safe',
    messages: {
      missing:
        '`leafUuid` {{leaf}} names no entry in this file; Claude Code resumes from the last entry of the file (line {{tipLine}}), and does not fall back to an earlier `last-prompt`.',
      missingNoTip:
        '`leafUuid` {{leaf}} names no entry in this file, and no other line of it is an entry Claude Code could resume from.',
      restored:
        'This `last-prompt` repeats line {{first}} byte for byte (a restored copy of the file appended to it) and names line {{line}}; Claude Code resumes from line {{leafLine}}, which later turns continue (line {{tipLine}} among them), and sends none of them.',
      subagent:
        '`leafUuid` {{leaf}} names an entry of a subagent\'s own conversation (line {{line}}) mixed into this file, so Claude Code cannot resume the session: "No conversation found with session ID".',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const chain = model.chain();
    const last = chain.lastPromptLeaves[chain.lastPromptLeaves.length - 1];
    if (!last) return;
    const named = chain.byUuid.get(last.leafUuid);
    const at = { entry: last.entry, pointer: '/leafUuid' } as const;
    // The entry it names may be on a line left unread for its length: not known to be missing.
    if (!named && model.unreadLineHolding('uuid', last.leafUuid) !== undefined) return;
    if (!named) {
      const leaf = chain.leaf;
      if (!leaf) {
        ctx.report({ messageId: 'missingNoTip', at, data: { leaf: last.leafUuid } });
        return;
      }
      ctx.report({
        messageId: 'missing',
        at,
        data: { leaf: last.leafUuid, tipLine: leaf.line },
        related: [{ line: leaf.line, message: 'where Claude Code resumes' }],
        fix:
          leaf.uuid !== undefined && isMainTreeEntry(leaf)
            ? nameLeaf(model, last.entry, leaf.uuid, leaf.line, 'the entry Claude Code resumes')
            : undefined,
      });
      return;
    }
    const repeated = restoredCopy(model, named, last.entry.line);
    if (repeated) {
      ctx.report({
        messageId: 'restored',
        severity: 'error',
        at,
        data: { first: repeated.first, line: named.line, leafLine: chain.leaf!.line, tipLine: repeated.tip.line },
        related: [
          { line: repeated.first, message: 'the line it repeats' },
          { line: repeated.tip.line, message: 'a later turn that is not sent' },
        ],
        fix: repeated.fix,
      });
      return;
    }
    if (!named.isSidechain || reachesMainConversation(named, chain)) return;
    const tip = newestTip(model.entries, chain.byUuid, chain.children);
    ctx.report({
      messageId: 'subagent',
      severity: 'error',
      at,
      data: { leaf: last.leafUuid, line: named.line },
      related: [
        { line: named.line, message: 'the subagent entry it names' },
        ...(tip ? [{ line: tip.line, message: "the main conversation's newest tip" }] : []),
      ],
      fix:
        tip?.uuid !== undefined
          ? nameLeaf(model, last.entry, tip.uuid, tip.line, "the main conversation's newest tip")
          : undefined,
    });
  },
});

function nameLeaf(
  model: StorageView,
  entry: Entry,
  uuid: string,
  line: number,
  what: string,
): FixDescriptor | undefined {
  return new FixPlan(model).set(entry, '/leafUuid', uuid).fix('safe', `name ${what} (line ${line})`);
}

/** Whether `e` is one of the walked steps. */
function onWalk(walked: readonly { entry: Entry }[], e: Entry): boolean {
  return walked.some((s) => s.entry === e);
}

/**
 * When line `lineNo` (the last `last-prompt`) repeats an earlier line byte for byte, Claude Code resumes the entry it
 * names or a row below it (the chain's leaf) and a user/assistant entry descends from the leaf: the first line it repeats,
 * the newest such descendant, and the fix that moves out every `last-prompt` repeating an earlier line.
 */
function restoredCopy(
  model: StorageView,
  named: Entry,
  lineNo: number,
): { first: number; tip: Entry; fix: FixDescriptor | undefined } | undefined {
  const chain = model.chain();
  // Claude Code resumes the named entry, or the file's last row when that row descends from it (a copy that ends
  // past the `last-prompt`'s turn): the turns below the resumed entry are not sent.
  const resumed = chain.leaf;
  if (!resumed || !onWalk(chain.walked, named)) return undefined;
  const { lines } = model.file;
  const text = (n: number): string | undefined => {
    const l = lines[n - 1];
    return l?.lineNo === n ? Buffer.from(l.bytes).toString('latin1') : undefined;
  };
  const seen = new Map<string, number>();
  const repeats: number[] = [];
  let first: number | undefined;
  for (const lp of chain.lastPromptLeaves) {
    const t = text(lp.entry.line);
    if (t === undefined) continue;
    const earlier = seen.get(t);
    if (earlier === undefined) seen.set(t, lp.entry.line);
    else {
      repeats.push(lp.entry.line);
      if (lp.entry.line === lineNo) first = earlier;
    }
  }
  if (first === undefined) return undefined;
  // The newest user/assistant entry below the resumed one (children lists are live entries only).
  let tip: Entry | undefined;
  const stack = [...(chain.children.get(resumed.uuid!) ?? [])];
  const visited = new Set<Entry>();
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (visited.has(e) || !isMainTreeEntry(e)) continue;
    visited.add(e);
    if ((e.type === 'user' || e.type === 'assistant') && (!tip || e.line > tip.line)) tip = e;
    stack.push(...(chain.children.get(e.uuid!) ?? []));
  }
  if (!tip) return undefined;
  const plan = new FixPlan(model);
  for (const n of repeats) plan.deleteLine(n);
  const fix = plan.fix(
    'unsafe',
    `move out the repeated \`last-prompt\` ${repeats.length === 1 ? 'line' : 'lines'} ${repeats.join(', ')}`,
  );
  return { first, tip, fix };
}
