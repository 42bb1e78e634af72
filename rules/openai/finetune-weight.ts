// openai/finetune-weight: `weight` is 0 or 1, and only on assistant messages. The fine-tuning guide: "To skip
// fine-tuning on specific assistant messages, a weight key can be added disable fine-tuning on that message ... The
// allowed values for weight are currently 0 or 1." (openai-openapi `FineTuneChatCompletionRequestAssistantMessage`:
// `weight: integer, enum [0, 1]`, defined on the assistant message only). A weight on another message is outside the
// schema (whether the API refuses it was not verified: a warning); it is removed (safe: only assistant messages are
// ever trained on, so it meant nothing). A weight of another value is left to the user.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'openai/finetune-weight',
    type: 'problem',
    view: 'openai-chat',
    description: 'In fine-tuning data, `weight` is 0 or 1, and only assistant messages carry one.',
    docs: {
      detects: "a fine-tuning `weight` other than 0 or 1, or a weight on a message that is not an assistant's",
      severity: { openai: 'error (on another role: warn)' },
      fix: 'safe (remove a weight from a non-assistant message)',
    },
    severity: { openai: 'error' },
    fixable: 'safe',
    formats: ['openai-finetune'],
    messages: {
      value: 'weight is {{value}}; "The allowed values for weight are currently 0 or 1."',
      role: 'weight on a {{role}} message: only assistant messages are trained on, and only they take a weight.',
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const edits = new OpenAI.ChatEdits(c);
      c.messages.forEach((m, i) => {
        if (!OpenAI.isJsonObject(m) || !Object.hasOwn(m, 'weight')) return;
        const role = OpenAI.roleOf(m);
        const at = c.at(i, '/weight');
        if (role !== 'assistant') {
          ctx.report({
            messageId: 'role',
            at,
            data: { role: role ?? 'role-less' },
            severity: 'warn',
            fix: { applicability: 'safe', description: 'remove the weight', edits: [edits.remove(i, '/weight')] },
          });
          return;
        }
        if (m.weight !== 0 && m.weight !== 1)
          ctx.report({ messageId: 'value', at, data: { value: JSON.stringify(m.weight) } });
      });
    }
  },
});
