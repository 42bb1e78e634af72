// openai/function-name: every function name in a request matches ^[a-zA-Z0-9_-]{1,64}$, in the tools it declares
// and in the calls of its history alike (openai-openapi `FunctionObject.name`: "Must be a-z, A-Z, 0-9, or contain
// underscores and dashes, with a maximum length of 64."). The API's answers, verbatim (the param varies):
// "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern
// '^[a-zA-Z0-9_-]+$'." (ragapp PR #210), "Invalid 'messages[9].tool_calls[0].function.name': ..." (mcp-use PR #94),
// "Invalid 'tools[11].function.name': string too long. Expected a string with maximum length 64, but got a string
// with length 74 instead." (home-assistant/core#121325). A message's participant `name` has the same pattern
// ("Invalid 'messages[3].name': string does not match pattern. ...", crazyyanchao/llmcompiler#1). No fix: a renamed
// function is not the one your code dispatches on.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

const PATTERN = /^[a-zA-Z0-9_-]+$/;
const MAX = 64;

export default defineRule({
  meta: {
    id: 'openai/function-name',
    type: 'problem',
    view: 'openai-chat',
    description:
      'Every function name (declared in `tools` or `functions`, called in the history) and every message `name` matches ^[a-zA-Z0-9_-]{1,64}$.',
    docs: {
      detects:
        'a function name in `tools`, `functions`, `tool_calls`, `function_call` or a function message, or a message `name`, outside `^[a-zA-Z0-9_-]{1,64}$`',
    },
    severity: { openai: 'error' },
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      pattern:
        "Invalid '{{param}}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
      tooLong:
        "Invalid '{{param}}': string too long. Expected a string with maximum length 64, but got a string with length {{length}} instead.",
      missing: "'{{param}}' is missing: a function needs a name.",
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      /** A participant's name (`messages[i].name` of a non-function message) has the pattern but no known limit. */
      const check = (
        value: unknown,
        param: string,
        at: { line: number; pointer: string },
        participant = false,
      ): void => {
        if (typeof value !== 'string') {
          if (!participant) ctx.report({ messageId: 'missing', at, data: { param } });
          return;
        }
        if (!PATTERN.test(value)) ctx.report({ messageId: 'pattern', at, data: { param } });
        else if (value.length > MAX && !participant)
          ctx.report({ messageId: 'tooLong', at, data: { param, length: value.length } });
      };
      checkDeclared(c, check);
      c.messages.forEach((m, i) => {
        if (!OpenAI.isJsonObject(m)) return;
        const role = OpenAI.roleOf(m);
        if (role === 'function' || Object.hasOwn(m, 'name'))
          check(m.name, c.param(i, '/name'), c.at(i, '/name'), role !== 'function');
        for (const call of OpenAI.toolCallsOf(m)) {
          const body = call.value[call.type];
          if (!OpenAI.isJsonObject(body)) continue;
          const rest = `/tool_calls/${call.index}/${call.type}/name`;
          check(body.name, c.param(i, rest), c.at(i, rest));
        }
        if (role === 'assistant' && OpenAI.isJsonObject(m.function_call))
          check(m.function_call.name, c.param(i, '/function_call/name'), c.at(i, '/function_call/name'));
      });
    }
  },
});

type Check = (value: unknown, param: string, at: { line: number; pointer: string }) => void;

/** The names of the request's `tools` and legacy `functions`. */
function checkDeclared(c: OpenAI.Conversation, check: Check): void {
  const tools = c.get('tools');
  if (Array.isArray(tools))
    tools.forEach((t, k) => {
      if (!OpenAI.isJsonObject(t)) return;
      const type = typeof t.type === 'string' ? t.type : 'function';
      if (!OpenAI.isJsonObject(t[type])) return;
      check((t[type] as OpenAI.Json).name, `tools[${k}].${type}.name`, c.field(`/tools/${k}/${type}/name`));
    });
  const functions = c.get('functions');
  if (Array.isArray(functions))
    functions.forEach((f, k) => {
      if (OpenAI.isJsonObject(f)) check(f.name, `functions[${k}].name`, c.field(`/functions/${k}/name`));
    });
}
