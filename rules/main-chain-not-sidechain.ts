// main-chain-not-sidechain: `isSidechain:true` on entries of the main conversation in a main session file. Observed
// with Claude Code 2.1.332 (spec: claude-code-observed.md, behaviour table; the no-last-prompt case checked with the
// oracle the same way):
// - on the entry resume starts from (named by the last `last-prompt`): resume fails, "No conversation found with
//   session ID";
// - on the newest entry of the main conversation when no `last-prompt` names a leaf: that entry is skipped and resume
//   continues from its parent, so it is lost;
// - on an entry in the middle of the active chain: no effect today (warn).
// A subagent transcript (every entry is a sidechain, or the file is named agent-*.jsonl) is not a main file. A
// `last-prompt` naming an entry of a subagent's own conversation mixed into the main file is last-prompt-leaf's (09a).
import {
  CHAIN_TYPES,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isReadable,
  reachesMainConversation,
  type StorageView,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'main-chain-not-sidechain',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'Entries of the main conversation in a main session file are not marked `isSidechain:true`.',
    docs: { detects: '`isSidechain: true` on the entry resume starts from, or on main-chain entries' },
    severity: { 'claude-code': 'error', api: 'off' },
    fixable: 'safe',
    messages: {
      leaf: 'The entry resume starts from (named by the `last-prompt` on line {{promptLine}}) is marked `isSidechain:true`, so Claude Code cannot resume the session: "No conversation found with session ID".',
      skippedTip:
        'The newest entry of the main conversation is marked `isSidechain:true`, so Claude Code skips it on resume and continues from the entry before it: this entry is lost.',
      midChain:
        'This entry of the main conversation is marked `isSidechain:true`; Claude Code 2.1.332 ignores the flag mid-chain, but it hides the whole session once the entry becomes the one resume starts from.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    if (!isMainFile(model.file.path, model.entries)) return;
    const chain = model.chain();

    let start: Entry | undefined;
    if (chain.leafSource === 'last-prompt' && chain.leaf) {
      // A leaf in a subagent's own conversation (mixed into the file) is last-prompt-leaf's: clearing the flags there
      // would make Claude Code resume the subagent's conversation instead (recording 09a).
      if (chain.leaf.isSidechain && !reachesMainConversation(chain.leaf, chain)) return;
      if (chain.leaf.isSidechain) {
        start = chain.leaf;
        const prompt = [...chain.lastPromptLeaves]
          .reverse()
          .find((lp) => lp.exists && chain.byUuid.get(lp.leafUuid) === chain.leaf);
        ctx.report({
          messageId: 'leaf',
          at: { entry: chain.leaf, pointer: '/isSidechain' },
          data: { promptLine: prompt?.entry.line ?? '?' },
          related: prompt ? [{ line: prompt.entry.line, message: '`last-prompt` naming this entry' }] : [],
          fix: clearFlag(model, chain.leaf),
        });
      }
    } else {
      const tip = flaggedNewestTip(model);
      if (tip) {
        start = tip;
        ctx.report({
          messageId: 'skippedTip',
          at: { entry: tip, pointer: '/isSidechain' },
          fix: clearFlag(model, tip),
        });
      }
    }

    for (const step of chain.walked) {
      const e = step.entry;
      if (!e.isSidechain || e === start || e === chain.leaf) continue;
      ctx.report({
        messageId: 'midChain',
        severity: 'warn',
        at: { entry: e, pointer: '/isSidechain' },
        fix: clearFlag(model, e),
      });
    }
  },
});

/** Clearing the flag puts the entry back in the main conversation, where it hangs. */
const clearFlag = (model: StorageView, e: Entry): FixDescriptor =>
  new FixPlan(model).set(e, '/isSidechain', false).fix('safe', 'set isSidechain to false')!;

/** A main session file: not named agent-*.jsonl and holding at least one chain entry that is not a sidechain. */
function isMainFile(path: string, entries: readonly Entry[]): boolean {
  const base = path.split(/[\\/]/).pop() ?? '';
  if (/^agent-.*\.jsonl$/i.test(base)) return false;
  return entries.some((e) => CHAIN_TYPES.has(e.type) && e.uuid !== undefined && !e.isSidechain);
}

/**
 * Without a `last-prompt`, the entry that comes last in the file with no children is where the main conversation
 * ends. When it is flagged as a sidechain although it hangs off the main conversation (a real sidechain starts at its
 * own root), Claude Code passes it over.
 */
function flaggedNewestTip(model: StorageView): Entry | undefined {
  const { entries } = model;
  const chain = model.chain();
  const memo = new Map<Entry, boolean>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (!CHAIN_TYPES.has(e.type) || e.uuid === undefined || model.isShadowed(e)) continue;
    if (chain.children.has(e.uuid) || !isReadable(e)) continue;
    if (!e.isSidechain) return undefined;
    // A real sidechain written into the main file (older versions) starts at its own root: pass over its tips.
    if (reachesMainConversation(e, chain, memo)) return e;
  }
  return undefined;
}
