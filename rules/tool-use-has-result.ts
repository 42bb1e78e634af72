// tool-use-has-result: every tool_use needs a tool_result in the very next user message. The API rejects the
// request otherwise (E1, the most reported resume error); Claude Code 2.1.332 papers over it on resume by dropping
// the call mid-history, or by appending an "interrupted" error result when the call ends the transcript.
import { defineRule, type RelatedLine } from '../src/rule-api.js';
import { blocksOfType, conversation, showValue, toolIndex } from '../src/rules-support/request-structure.js';

export default defineRule({
  meta: {
    id: 'tool-use-has-result',
    type: 'problem',
    view: 'request',
    description: 'Every tool_use has a tool_result with its id in the next user message.',
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      dropped:
        'tool_use {{id}} ({{name}}) has no tool_result in the next user message; on resume Claude Code silently drops the call, so the model no longer sees that it was made.',
      interrupted:
        'tool_use {{id}} ({{name}}) ends the transcript without a tool_result; on resume Claude Code appends an is_error result saying the call was interrupted and its outcome is unknown.',
      missing:
        'tool_use {{id}} ({{name}}) has no tool_result in the next message; the API rejects the request: `tool_use` ids were found without `tool_result` blocks immediately after: {{id}}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    },
  },
  check(ctx) {
    const conv = conversation(ctx.model.apiView().merged);
    for (let k = 0; k < conv.length; k++) {
      const m = conv[k]!;
      if (m.role !== 'assistant') continue;
      const uses = blocksOfType(m, 'tool_use').filter((b) => typeof b.block.id === 'string');
      if (uses.length === 0) continue;
      const next = conv[k + 1];
      const answered = new Set<unknown>(
        next?.role === 'user' ? next.blocks.filter((b) => b.block.type === 'tool_result').map((b) => b.block.tool_use_id) : [],
      );
      for (const use of uses) {
        const id = use.block.id as string;
        if (answered.has(id)) continue;
        const messageId = ctx.target !== 'claude-code' ? 'missing' : next ? 'dropped' : 'interrupted';
        const related: RelatedLine[] = (toolIndex(ctx.model).results.get(id) ?? [])
          .filter((site) => site.line !== use.origin.line)
          .slice(0, 3)
          .map((site) => ({ line: site.line, message: `a tool_result for ${id} is here, not in the next message` }));
        ctx.report({
          messageId,
          data: { id, name: showValue(use.block.name) },
          line: use.origin.line,
          blockIndex: use.origin.blockIndex,
          related,
        });
      }
    }
  },
});
