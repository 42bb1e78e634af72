// final-assistant-whitespace: a request that ends with an assistant message (a prefill) may not end in whitespace
// (api-errors.md E11). On resume Claude Code sends a new prompt after it, so it is harmless there
// (claude-code-observed.md: "trailing whitespace in final assistant text ... Not changed").
import { Anthropic, defineRule, FixPlan, isBlankText, storedSite } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'final-assistant-whitespace',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'A request that ends with an assistant message does not end its last text with whitespace.',
    docs: { detects: 'the request ends with an assistant message whose last text ends in whitespace' },
    severity: { 'claude-code': 'off', api: 'error' },
    fixable: 'safe',
    messages: {
      trailingWhitespace:
        'The request ends with an assistant message whose text ends in whitespace; the API rejects it: "messages: final assistant content cannot end with trailing whitespace".',
    },
  },
  check(ctx) {
    const final = Anthropic.finalMessage(ctx.model.apiView().merged);
    if (final?.role !== 'assistant') return;
    // Blank text blocks are no-empty-content's finding; the block that counts is the last one with text.
    const kept = final.blocks.filter((b) => !b.origin.synthetic && !isBlankText(b));
    const last = kept[kept.length - 1];
    if (last?.block.type !== 'text' || typeof last.block.text !== 'string') return;
    if (!/\s$/.test(last.block.text)) return;
    // The fix trims the text where it is stored: the block's `text`, or the whole content when it is a string.
    const site = storedSite(ctx.model, last);
    const pointer = site?.kind === 'element' ? `${site.array}/${site.index}/text` : '/message/content';
    ctx.report({
      messageId: 'trailingWhitespace',
      at: { request: last, pointer: Anthropic.blockPointer(last) },
      fix:
        site &&
        new FixPlan(ctx.model)
          .set(site.entry, pointer, last.block.text.trimEnd())
          .fix('safe', 'trim the trailing whitespace'),
    });
  },
});
