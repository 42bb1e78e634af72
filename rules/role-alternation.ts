// role-alternation: user and assistant messages alternate. Claude Code merges adjacent user messages but sends two
// adjacent assistant messages as they are; the first-party API combines same-role turns, Bedrock rejects them (E15).
import { Anthropic, defineRule } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'role-alternation',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'User and assistant messages alternate in the compiled request.',
    docs: { detects: 'two adjacent messages with the same role after merging' },
    severity: { 'claude-code': 'off', api: 'warn', bedrock: 'error' },
    messages: {
      consecutive:
        'This {{role}} message directly follows another {{role}} message (line {{previous}}); the first-party API merges them into one turn, but Bedrock rejects the request: "A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again."',
    },
  },
  check(ctx) {
    const conv = Anthropic.conversation(ctx.model.apiView().merged);
    for (let k = 1; k < conv.length; k++) {
      const m = conv[k]!;
      const prev = conv[k - 1]!;
      if (m.role !== prev.role) continue;
      const previous = Anthropic.lastLineOf(prev);
      ctx.report({
        messageId: 'consecutive',
        data: { role: m.role, previous: ctx.model.displayLine(previous) },
        at: { line: Anthropic.firstLineOf(m) },
        related: [{ line: previous, message: `the previous ${prev.role} message` }],
      });
    }
  },
});
