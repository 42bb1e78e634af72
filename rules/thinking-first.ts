// thinking-first: an assistant message that holds thinking must start with it. Claude Code puts a thinking PART
// first when it regroups split parts, but one entry written as [text, thinking, ...] is sent as it is, and the API
// rejects it (api-errors.md E6; claude-code-observed.md "thinking not first").
import { defineRule } from '../src/rule-api.js';
import { blockPointer, isBlankText, isThinkingBlock } from '../src/rules-support/content.js';

export default defineRule({
  meta: {
    id: 'thinking-first',
    type: 'problem',
    view: 'request',
    description: 'An assistant message that holds thinking starts with a thinking or redacted_thinking block.',
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
        line: thinking.origin.line,
        blockIndex: thinking.origin.blockIndex,
        pointer: blockPointer(thinking),
        related: [{ line: first.origin.line, message: `the \`${found}\` block that comes first` }],
      });
    }
  },
});
