// openai/roles: every message has a role the API takes. Chat Completions: system, developer, user, assistant, tool,
// and the deprecated function; anything else is refused with "Invalid value: 'error'. Supported values are:
// 'system', 'assistant', 'user', 'function', 'tool', and 'developer'." (param `messages[0].role`, code
// `invalid_value`; moeru-ai/airi#137). A fine-tuning example's messages are system, user, assistant, tool or function
// (openai-openapi `FineTuneChatRequestInput`: no developer; the cookbook checker's `unrecognized_role`, whose own list
// leaves out tool by mistake: openai-cookbook#1549). Whether the fine-tuning API refuses `developer` was not verified:
// a warning. No fix: which role a message should have is the user's call.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

const quoted = (roles: readonly string[]): string => roles.map((r) => `'${r}'`).join(', ');

export default defineRule({
  meta: {
    id: 'openai/roles',
    type: 'problem',
    view: 'openai-chat',
    description:
      'Every message has a role the API takes: system, developer, user, assistant, tool or (legacy) function; in fine-tuning data, no developer.',
    docs: {
      detects: "a message whose `role` is missing or not one of the API's (`unrecognized_role`, `message_missing_key`)",
      severity: { openai: 'error (developer in fine-tuning data: warn)' },
    },
    severity: { openai: 'error' },
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      unknown:
        "Invalid value: '{{role}}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.",
      finetune:
        "Role '{{role}}' is not one a fine-tuning example takes ({{roles}}; the cookbook checker's `unrecognized_role`).",
      missing: "Message has no role (the cookbook checker's `message_missing_key`); every message needs one.",
      notMessage: 'messages[{{index}}] is {{detail}}, not a message object.',
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const finetune = c.kind === 'finetune' || c.kind === 'preference';
      c.messages.forEach((m, i) => {
        if (!OpenAI.isJsonObject(m)) {
          ctx.report({ messageId: 'notMessage', at: c.at(i), data: { index: i, detail: OpenAI.describeJson(m) } });
          return;
        }
        if (!Object.hasOwn(m, 'role')) {
          ctx.report({ messageId: 'missing', at: c.at(i) });
          return;
        }
        const role = typeof m.role === 'string' ? m.role : JSON.stringify(m.role);
        const at = c.at(i, '/role');
        if (!(OpenAI.CHAT_ROLES as readonly string[]).includes(role))
          ctx.report(
            finetune
              ? { messageId: 'finetune', at, data: { role, roles: quoted(OpenAI.FINETUNE_ROLES) } }
              : { messageId: 'unknown', at, data: { role } },
          );
        else if (finetune && role === 'developer')
          ctx.report({
            messageId: 'finetune',
            at,
            data: { role, roles: quoted(OpenAI.FINETUNE_ROLES) },
            severity: 'warn',
          });
      });
    }
  },
});
