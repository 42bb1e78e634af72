// thinking-first: an assistant message that holds thinking must start with it. Claude Code puts a thinking PART
// first when it regroups split parts, but one entry written as [text, thinking, ...] is sent as it is, and the API
// rejects it (api-errors.md E6; claude-code-observed.md "thinking not first").
import {
  Anthropic,
  type ApiBlock,
  type ApiMessage,
  defineRule,
  type FixDescriptor,
  FixPlan,
  isBlankText,
  isThinkingBlock,
  storedSite,
  type StoredSite,
  type TranscriptModel,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'thinking-first',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'An assistant message that holds thinking starts with a thinking or redacted_thinking block.',
    docs: { detects: 'an assistant message with thinking whose first block is not thinking' },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    messages: {
      notFirst:
        'Assistant message holds thinking but starts with a `{{found}}` block; Claude Code sends it as is and the API rejects it on every retry: "If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found {{found}}."',
    },
  },
  check(ctx) {
    for (const m of ctx.model.apiView().merged) {
      if (m.role !== 'assistant') continue;
      const thinking = m.blocks.find((b) => isThinkingBlock(b) && !b.origin.synthetic);
      if (!thinking) continue;
      // Empty text is dropped before sending (no-empty-content reports it), so it does not count as the first block.
      const first = m.blocks.find((b) => !isBlankText(b));
      if (!first || isThinkingBlock(first)) continue;
      const found = typeof first.block.type === 'string' ? first.block.type : 'a block without a type';
      ctx.report({
        messageId: 'notFirst',
        data: { found },
        at: { request: thinking, pointer: Anthropic.blockPointer(thinking) },
        related: [{ line: first.origin.line, message: `the \`${found}\` block that comes first` }],
        fix: moveThinkingFirst(ctx.model, m, first),
      });
    }
  },
});

/**
 * The thinking blocks of the message move to the front of the entry that holds its first block, in the order the
 * message has them; the other blocks keep their order. Thinking taken from another part of a split response leaves
 * that part (which is removed, re-linked, if nothing is left in it). Unsafe: the signed blocks change places.
 */
function moveThinkingFirst(model: TranscriptModel, m: ApiMessage, first: ApiBlock): FixDescriptor | undefined {
  const target = storedSite(model, first);
  if (!target) return undefined;
  const thinking = m.blocks.filter((b) => isThinkingBlock(b) && !b.origin.synthetic);
  const sites: StoredSite[] = [];
  for (const b of thinking) {
    const site = storedSite(model, b);
    if (site?.kind !== 'element' || site.array !== '/message/content') return undefined;
    sites.push(site);
  }
  const moved = new Set(
    sites.filter((site) => site.entry === target.entry).map((site) => (site.kind === 'element' ? site.index : -1)),
  );

  const plan = new FixPlan(model);
  const stored = (target.entry.raw.message as { content: unknown }).content;
  const rest = Array.isArray(stored) ? stored.filter((_, i) => !moved.has(i)) : [{ type: 'text', text: stored }];
  plan.set(target.entry, '/message/content', [...thinking.map((b) => b.block), ...rest]);
  for (const site of sites) if (site.entry !== target.entry) plan.removeSite(site);
  return plan.fix('unsafe', 'move the thinking blocks to the front of the message');
}
