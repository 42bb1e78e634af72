// last-prompt-leaf: the last `last-prompt` entry names the entry resume starts from. Measured on recordings of the
// real Claude Code 2.1.332 (recorded items 08a-08f, 09a-09c), which differ from claude-code-observed.md's "the
// branch named by the last last-prompt.leafUuid wins" where the name is wrong:
// - it names no entry (or one that exists only in a subagent file, 09b): Claude Code acts as if there were no
//   `last-prompt` at all and resumes from the branch tip that is last in the file; it does not fall back to an older
//   `last-prompt`, and timestamps play no part (08c: a fork appended last with older timestamps wins);
// - it names an entry of a subagent's own conversation mixed into the main file (09a): resume fails, "No
//   conversation found with session ID". (A main-conversation entry flagged `isSidechain` is main-chain-not-sidechain's.)
// The safe fix names the entry Claude Code resumes (the first case: no change in behaviour) or the main
// conversation's newest tip (the second), and leaves the subagent's entries alone.
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
      detects: "the last `last-prompt` names no entry, or an entry of a subagent's conversation",
      fix: "safe (name the entry Claude Code resumes, or the main conversation's newest tip)",
      severity: { 'claude-code': 'error (a subagent entry) / warn' },
    },
    severity: { 'claude-code': 'warn', api: 'off' },
    fixable: 'safe',
    messages: {
      missing:
        '`leafUuid` {{leaf}} names no entry in this file; Claude Code resumes as if there were no `last-prompt`, from the branch tip last in the file (line {{tipLine}}), and does not fall back to an earlier `last-prompt`.',
      missingNoTip:
        '`leafUuid` {{leaf}} names no entry in this file, and no other line of it is an entry Claude Code could resume from.',
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
