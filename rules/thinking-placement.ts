// thinking-placement: thinking belongs at the start of an assistant message and never ends a request. The API
// rejects a request whose final assistant message ends with thinking (api-errors.md E7); thinking in an earlier
// assistant turn is replayed reasoning and is accepted. Claude Code drops assistant messages that hold only thinking
// (filterOrphanedThinkingOnlyMessages) and strips trailing thinking from the last message
// (filterTrailingThinkingFromLastAssistant), claude-code-internals.md §1.2 step 7 and §1.8. Thinking in a user message
// (a prompt, or beside a tool_result) is not repaired: measured on recordings of the real CLI (recorded items 06a,
// 06b), Claude Code sends it as it is, the API rejects it, the same body goes out 6 times and the resume fails, so
// that case is an error for Claude Code too.
import {
  Anthropic,
  type ApiBlock,
  type ApiMessage,
  asText,
  defineRule,
  isBlankText,
  isThinkingBlock,
  PlannedReports,
  storedSite,
} from '../src/sdk/index.js';

const FINAL_BLOCK_ERROR = '"The final block in an assistant message cannot be `thinking`."';

export default defineRule({
  meta: {
    id: 'thinking-placement',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description:
      'No thinking in user messages, no assistant message of thinking alone, and no request ending with thinking.',
    docs: {
      detects: 'thinking in a user message; an assistant message that ends with, or holds only, thinking',
      severity: { 'claude-code': 'error (in a user message) / warn' },
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      inUser:
        '`{{type}}` block in a user message; only assistant messages may hold thinking, so the API rejects the request, and Claude Code sends it unchanged on every retry: the resume fails.',
      thinkingOnly:
        'Assistant message holds only thinking (the rest of that response was never recorded); Claude Code drops the message on resume.',
      thinkingOnlyFinal:
        'The request ends with an assistant message that holds only thinking; the API rejects it (' +
        FINAL_BLOCK_ERROR +
        ') and Claude Code drops the message on resume.',
      trailingThinking:
        'The request ends with an assistant message whose last block is thinking; the API rejects it (' +
        FINAL_BLOCK_ERROR +
        ') and Claude Code strips the trailing thinking on resume.',
    },
  },
  check(ctx) {
    const { merged } = ctx.model.apiView();
    const final = Anthropic.finalMessage(merged);
    // Each finding's fix removes its block; all of one message's removals go in one fix (a part left with nothing
    // is removed and its children re-linked; a user message left with nothing keeps "(no content)").
    const reports = new PlannedReports(ctx);
    const at = (b: ApiBlock) => ({ request: b, pointer: Anthropic.blockPointer(b) });
    const removal = (m: ApiMessage, b: ApiBlock) => {
      const site = storedSite(ctx.model, b);
      const plan = site ? reports.plan(m).removeSite(site) : undefined;
      return plan && { plan, description: 'remove the thinking block' };
    };

    for (const m of merged) {
      if (m.role === 'user') {
        for (const b of m.blocks) {
          if (!b.origin.synthetic && isThinkingBlock(b))
            reports.add(
              { messageId: 'inUser', severity: 'error', data: { type: asText(b.block.type) }, at: at(b) },
              removal(m, b),
            );
        }
        reports.existing(m)?.keepUserTurn(m);
        continue;
      }
      if (m.role !== 'assistant') continue;
      // Blank text is dropped before sending (no-empty-content reports it); it neither ends nor fills a message.
      const kept = m.blocks.filter((b) => !b.origin.synthetic && !isBlankText(b));
      if (kept.length === 0) continue;
      const isFinal = m === final;
      if (kept.every(isThinkingBlock)) {
        // Earlier in the request the API accepts such a message; only Claude Code's resume drops it.
        if (!isFinal && ctx.target !== 'claude-code') continue;
        for (const b of kept)
          reports.add({ messageId: isFinal ? 'thinkingOnlyFinal' : 'thinkingOnly', at: at(b) }, removal(m, b));
        continue;
      }
      if (!isFinal) continue;
      let end = kept.length;
      while (end > 0 && isThinkingBlock(kept[end - 1]!)) end--;
      const last = kept[end - 1];
      for (const b of kept.slice(end)) {
        reports.add(
          {
            messageId: 'trailingThinking',
            at: at(b),
            related: last ? [{ line: last.origin.line, message: 'the last block that is not thinking' }] : undefined,
          },
          removal(m, b),
        );
      }
    }
    reports.send();
  },
});
