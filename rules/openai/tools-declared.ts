// openai/tools-declared: every function the history calls is declared in the request's `tools` (legacy: every
// `function_call` in its `functions`), when the request declares any. No OpenAI error for an undeclared call was
// found (the API seems to take it), but the model is then shown a call to a tool it cannot call again, and a
// fine-tuning example teaches it to call a tool that does not exist: a warning. No fix (declare it, or rename it).
import { defineRule, OpenAI } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'openai/tools-declared',
    type: 'suggestion',
    view: 'openai-chat',
    description:
      "Every function the history calls is declared in the request's tools (or legacy functions), when it declares any.",
    docs: { detects: 'a `tool_calls` (or `function_call`) name that `tools` (or `functions`) does not declare' },
    severity: { openai: 'warn' },
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      tool: 'Function {{name}} is called here but not declared in `tools` ({{declared}}).',
      function: 'Function {{name}} is called here but not declared in `functions` ({{declared}}).',
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const declared = OpenAI.declaredFunctions(c.request?.value);
      const show = (names: Set<string>): string => (names.size === 0 ? 'none' : [...names].join(', '));
      c.messages.forEach((m, i) => {
        if (declared.tools)
          for (const call of OpenAI.toolCallsOf(m))
            if (call.name !== undefined && !declared.tools.has(call.name))
              ctx.report({
                messageId: 'tool',
                at: c.at(i, `/tool_calls/${call.index}/${call.type}/name`),
                data: { name: call.name, declared: show(declared.tools) },
              });
        const fc = OpenAI.roleOf(m) === 'assistant' ? (m as OpenAI.Json).function_call : undefined;
        if (
          declared.functions &&
          OpenAI.isJsonObject(fc) &&
          typeof fc.name === 'string' &&
          !declared.functions.has(fc.name)
        )
          ctx.report({
            messageId: 'function',
            at: c.at(i, '/function_call/name'),
            data: { name: fc.name, declared: show(declared.functions) },
          });
      });
    }
  },
});
