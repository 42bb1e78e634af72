// tool-result-first: in a user message, tool_result blocks come before anything else. Claude Code hoists them when
// it merges several entries into one message, but a single entry written as [text, tool_result] is sent as it is,
// and the API rejects it on every retry (observed: the same body 6 times, then exit 1). The fix moves the
// tool_result blocks first within the stored entry, keeping the order of everything else.
import {
  Anthropic,
  type ApiBlock,
  type ApiMessage,
  defineRule,
  type FixDescriptor,
  FixPlan,
  isObject,
  messageOf,
  showValue,
  type TranscriptModel,
  withArticle,
} from '../src/sdk/index.js';

const isResult = (block: unknown): boolean => isObject(block) && block.type === 'tool_result';

/** The stored content with its tool_result blocks first, or undefined when it is already in order. */
function resultsFirst(content: unknown): unknown[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const firstOther = content.findIndex((b) => !isResult(b));
  if (firstOther === -1 || !content.slice(firstOther).some(isResult)) return undefined;
  return [...content.filter(isResult), ...content.filter((b) => !isResult(b))];
}

/** Reorder every entry of the message whose own content puts a tool_result after another block. */
function reorderFix(model: TranscriptModel, m: ApiMessage): FixDescriptor | undefined {
  const plan = new FixPlan(model);
  for (const entry of m.entries) {
    const reordered = resultsFirst(messageOf(entry)?.content);
    if (reordered) plan.setContent(entry, reordered);
  }
  return plan.fix('safe', 'move the tool_result blocks first');
}

export default defineRule({
  meta: {
    id: 'tool-result-first',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'In a user message, tool_result blocks come before any other block.',
    docs: { detects: 'a `tool_result` after other blocks in a user message' },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      notFirst:
        'tool_result for {{id}} comes after {{before}} block in its user message; Claude Code sends it unchanged and the API rejects it with 400 "tool_result blocks must come first" on every retry.',
    },
  },
  check(ctx) {
    for (const m of Anthropic.conversation(ctx.model.apiView().merged)) {
      if (m.role !== 'user') continue;
      let before: ApiBlock | undefined;
      for (const b of m.blocks) {
        if (b.origin.synthetic) continue;
        if (b.block.type !== 'tool_result') {
          before ??= b;
          continue;
        }
        if (!before) continue;
        // One report per message: the first misplaced result (moving them all first is one fix).
        ctx.report({
          messageId: 'notFirst',
          data: { id: showValue(b.block.tool_use_id), before: withArticle(showValue(before.block.type)) },
          at: { request: b },
          related:
            before.origin.line !== b.origin.line ? [{ line: before.origin.line, message: 'the block it follows' }] : [],
          fix: reorderFix(ctx.model, m),
        });
        break;
      }
    }
  },
});
