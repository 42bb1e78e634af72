// openai/content-shape: every message's content is what its role takes (openai-python
// `chat_completion_*_message_param.py`, openai-openapi `ChatCompletionRequest*Message`):
// - system, developer, tool: a string, or a non-empty array of `text` parts ("For developer messages, only type
//   `text` is supported." and the same for system and tool);
// - user: a string, or a non-empty array of `text`, `image_url`, `input_audio` and `file` parts;
// - assistant: a string, an array of `text` parts or exactly one `refusal` part, or null — content is "Required
//   unless `tool_calls` or `function_call` is specified";
// - function (legacy): a string or null.
// The API's answers, verbatim: "Invalid value for 'content': expected a string, got null." (run-llama/llama_index PR
// #17921; vercel/ai PR #14950: OpenAI rejects `content: null` "when `tool_calls` is absent"), "Invalid type for
// 'messages[1].content': expected one of a string or array of objects, but got an object instead." (vercel/ai#2358),
// "Invalid value: 'image'. Supported values are: 'text' and 'image_url'." for a part type (aallam/openai-kotlin#320).
// In fine-tuning data an empty string is flagged too (the cookbook checker's `missing_content`; a warning). No fix.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

const PARTS: Record<string, readonly string[]> = {
  system: ['text'],
  developer: ['text'],
  tool: ['text'],
  user: ['text', 'image_url', 'input_audio', 'file'],
  assistant: ['text', 'refusal'],
};

const list = (types: readonly string[]): string =>
  types.length === 1
    ? `'${types[0]}'`
    : `${types
        .slice(0, -1)
        .map((t) => `'${t}'`)
        .join(', ')} and '${types.at(-1)}'`;

export default defineRule({
  meta: {
    id: 'openai/content-shape',
    type: 'problem',
    view: 'openai-chat',
    description:
      "Every message's content is a string or parts of the types its role takes; assistant content may be null only with tool calls.",
    docs: {
      detects:
        'content missing, null without tool calls, of the wrong type, an empty array, or a part its role does not take (an image in a developer message)',
      severity: { openai: 'error (empty fine-tuning content: warn)' },
    },
    severity: { openai: 'error' },
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      nullContent:
        '{{role}} message content is null; the API answers: "Invalid value for \'content\': expected a string, got null."',
      missing: '{{role}} message has no content; a {{role}} message needs it{{unless}}.',
      wrongType:
        "Invalid type for '{{param}}': expected one of a string or array of objects, but got {{detail}} instead.",
      emptyArray: "'{{param}}' is an empty array; content parts need at least one part.",
      partType:
        "Invalid value: '{{type}}'. Supported values are: {{allowed}} ({{role}} messages take {{allowed}} parts only).",
      partNotObject: "'{{param}}' is {{detail}}, not a content part object.",
      refusalMix: "An assistant message's content parts are one or more `text` parts, or exactly one `refusal` part.",
      functionContent:
        "Invalid type for '{{param}}': a function message's content is a string or null, not {{detail}}.",
      empty:
        "{{role}} message content is empty (the cookbook checker's `missing_content`); the example teaches nothing there.",
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const finetune = c.kind === 'finetune' || c.kind === 'preference';
      c.messages.forEach((m, i) => {
        const role = OpenAI.roleOf(m);
        if (role === undefined || !(OpenAI.CHAT_ROLES as readonly string[]).includes(role)) return; // roles reports it
        const msg = m as OpenAI.Json;
        const calls = OpenAI.makesCalls(msg);
        const at = (rest = '') => c.at(i, rest);
        const param = (rest = '/content') => c.param(i, rest);
        if (!Object.hasOwn(msg, 'content')) {
          if (role === 'assistant' && calls) return;
          ctx.report({
            messageId: 'missing',
            at: at(),
            data: { role, unless: role === 'assistant' ? ' unless it has tool_calls or a function_call' : '' },
          });
          return;
        }
        const content = msg.content;
        if (content === null) {
          if ((role === 'assistant' && calls) || role === 'function') return;
          ctx.report({ messageId: 'nullContent', at: at('/content'), data: { role } });
          return;
        }
        if (typeof content === 'string') {
          if (finetune && content === '' && !(role === 'assistant' && calls))
            ctx.report({ messageId: 'empty', at: at('/content'), data: { role }, severity: 'warn' });
          return;
        }
        if (role === 'function') {
          ctx.report({
            messageId: 'functionContent',
            at: at('/content'),
            data: { param: param(), detail: OpenAI.describeJson(content) },
          });
          return;
        }
        if (!Array.isArray(content)) {
          ctx.report({
            messageId: 'wrongType',
            at: at('/content'),
            data: { param: param(), detail: OpenAI.describeJson(content) },
          });
          return;
        }
        if (content.length === 0) {
          ctx.report({ messageId: 'emptyArray', at: at('/content'), data: { param: param() } });
          return;
        }
        const allowed = PARTS[role]!;
        let refusals = 0;
        content.forEach((part, k) => {
          const rest = `/content/${k}`;
          if (!OpenAI.isJsonObject(part)) {
            ctx.report({
              messageId: 'partNotObject',
              at: at(rest),
              data: { param: param(rest), detail: OpenAI.describeJson(part) },
            });
            return;
          }
          const type = typeof part.type === 'string' ? part.type : String(part.type);
          if (type === 'refusal') refusals++;
          if (!allowed.includes(type))
            ctx.report({ messageId: 'partType', at: at(`${rest}/type`), data: { type, allowed: list(allowed), role } });
        });
        if (role === 'assistant' && refusals > 0 && content.length > 1)
          ctx.report({ messageId: 'refusalMix', at: at('/content') });
      });
    }
  },
});
