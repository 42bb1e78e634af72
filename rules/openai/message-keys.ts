// openai/message-keys: every message holds only the fields of its role (openai-python
// `chat_completion_*_message_param.py`; fine-tuning adds `weight` on assistant messages). The API once refused
// others ("Additional properties are not allowed ('id' was unexpected) - 'messages.0'", 2023: adamrushy/OpenAISwift#99,
// transitive-bullshit/agentic#531); Chat Completions now seems to take them (microsoft/agent-framework PR #2344: the
// Responses API refuses them, "Unknown parameter: 'input[1].metadata'."), and the cookbook checker reports them as
// `message_unrecognized_key` (its own list forgets tool_calls and tool_call_id: openai-cookbook#1549). A warning. The
// unsafe fix removes the field: the API never reads it, but your own tooling may.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

const FIELDS: Record<string, readonly string[]> = {
  system: ['role', 'content', 'name'],
  developer: ['role', 'content', 'name'],
  user: ['role', 'content', 'name'],
  assistant: ['role', 'content', 'name', 'refusal', 'audio', 'tool_calls', 'function_call'],
  tool: ['role', 'content', 'tool_call_id'],
  function: ['role', 'content', 'name'],
};

export default defineRule({
  meta: {
    id: 'openai/message-keys',
    type: 'suggestion',
    view: 'openai-chat',
    description: 'Every message holds only the fields of its role.',
    docs: {
      detects: "a message field its role does not have (`timestamp`, `id`: the checker's `message_unrecognized_key`)",
      fix: 'unsafe (remove the field)',
    },
    severity: { openai: 'warn' },
    fixable: 'unsafe',
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      unknown:
        '`{{key}}` is not a field of a {{role}} message ({{allowed}}); the API once refused it ("Additional properties are not allowed (\'{{key}}\' was unexpected)"), and the cookbook checker reports it as `message_unrecognized_key`.',
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const finetune = c.kind === 'finetune' || c.kind === 'preference';
      c.messages.forEach((m, i) => {
        const role = OpenAI.roleOf(m);
        const fields = role === undefined ? undefined : FIELDS[role];
        if (!fields) return;
        // `weight` in fine-tuning data is finetune-weight's (on any role).
        const allowed = finetune ? [...fields, 'weight'] : fields;
        for (const key of Object.keys(m as OpenAI.Json)) {
          if (allowed.includes(key)) continue;
          const rest = `/${OpenAI.pointerToken(key)}`;
          const at = c.at(i, rest);
          ctx.report({
            messageId: 'unknown',
            at,
            data: { key, role: role!, allowed: fields.map((f) => `\`${f}\``).join(', ') },
            fix: { applicability: 'unsafe', description: `remove \`${key}\``, edits: [{ kind: 'remove', ...at }] },
          });
        }
      });
    }
  },
});
