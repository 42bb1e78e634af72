// thinking-config: the messages agree with the request's `thinking` setting (api-errors.md §4 "Thinking").
// - With thinking enabled (`enabled` or `adaptive`), a request that ends inside an assistant turn (its last message
//   is an assistant message, or the tool results answering one) must start that turn with a thinking block (E5).
//   The turn is the run of assistant messages and tool-result user messages since the last user message that is
//   not tool results: its first assistant message is where the model thought, so that is where thinking must be
//   (a tool loop without interleaved thinking has no thinking in its later assistant messages). A request that
//   ends with a new user prompt may omit the thinking of earlier turns.
// - With thinking disabled or not set, the final message may not be an assistant message holding thinking (E7).
// Only a request has the setting, so the rule never fires on a Claude Code session or a bare message list.
import {
  Anthropic,
  type ApiMessage,
  asText,
  defineRule,
  FixPlan,
  isObject,
  isThinkingBlock,
  storedSite,
} from '../src/sdk/index.js';

/** A user message that carries tool results (it continues the assistant's turn rather than starting a new one). */
const continuesTurn = (m: ApiMessage): boolean => m.role === 'user' && m.blocks[0]?.block.type === 'tool_result';

/** The first assistant message of the turn the request ends in, if it ends inside one. */
export function currentTurnStart(conv: readonly ApiMessage[]): ApiMessage | undefined {
  let first: ApiMessage | undefined;
  for (let i = conv.length - 1; i >= 0; i--) {
    const m = conv[i]!;
    if (m.role === 'assistant') first = m;
    else if (!continuesTurn(m)) break;
  }
  return first;
}

export default defineRule({
  meta: {
    id: 'thinking-config',
    type: 'problem',
    view: 'request',
    description:
      'With thinking enabled, the assistant turn a request ends in starts with thinking; with thinking disabled or not set, the final assistant message holds no thinking.',
    docs: {
      detects:
        'requests only: thinking enabled but the final assistant turn does not start with thinking, or disabled while it holds thinking',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    formats: ['request'],
    messages: {
      notThinkingFirst:
        'Thinking is enabled and the request ends inside an assistant turn whose first message starts with a `{{found}}` block, not thinking; the API rejects it: "Expected `thinking` or `redacted_thinking`, but found `{{found}}`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks)."',
      thinkingWhileDisabled:
        '{{setting}} and the final assistant message holds a `{{type}}` block; the API rejects it: "When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."',
    },
  },
  check(ctx) {
    const request = ctx.model.plain?.request;
    if (!request) return;
    const thinking = request.thinking;
    const type = isObject(thinking) ? thinking.type : undefined;
    const enabled = type === 'enabled' || type === 'adaptive';
    const disabled = thinking === undefined || thinking === null || type === 'disabled';
    const conv = Anthropic.conversation(ctx.model.apiView().merged);

    if (enabled) {
      const start = currentTurnStart(conv);
      const first = start?.blocks.find((b) => !b.origin.synthetic);
      // A message that holds thinking elsewhere is thinking-first's finding (which can move it).
      if (!start || !first || start.blocks.some(isThinkingBlock)) return;
      const found = typeof first.block.type === 'string' ? first.block.type : 'untyped';
      ctx.report({
        messageId: 'notThinkingFirst',
        data: { found },
        at: { request: first, pointer: Anthropic.blockPointer(first) },
      });
      return;
    }

    if (!disabled) return; // an unknown setting: entry-shape or the API judges it
    const final = Anthropic.finalMessage(conv);
    if (final?.role !== 'assistant') return;
    const held = final.blocks.filter((b) => !b.origin.synthetic && isThinkingBlock(b));
    const shown = held[0];
    if (!shown) return;
    // The model does not read thinking when thinking is off: removing it from the prefill loses nothing.
    const plan = new FixPlan(ctx.model);
    for (const b of held) {
      const site = storedSite(ctx.model, b);
      if (site) plan.removeSite(site);
    }
    const fix = plan.fix('safe', `remove the thinking from the final assistant message`);
    ctx.report({
      messageId: 'thinkingWhileDisabled',
      data: {
        setting:
          thinking === undefined || thinking === null ? 'The request does not enable thinking' : 'Thinking is disabled',
        type: asText(shown.block.type),
      },
      at: { request: shown, pointer: Anthropic.blockPointer(shown) },
      fix,
    });
  },
});
