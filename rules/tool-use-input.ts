// tool-use-input: a tool_use's `input` is a JSON object. Anything else (a string left by a torn stream, an array,
// null, a missing field) makes the API reject the request with a 400 on every resume.
import { defineRule } from '../src/rule-api.js';
import { isObject } from '../src/model/entries.js';
import { blocksOfType, conversation, showValue } from '../src/rules-support/request-structure.js';

function describe(input: unknown): string {
  if (input === undefined) return 'missing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'an array';
  if (typeof input === 'string') return 'a string';
  return `a ${typeof input}`;
}

export default defineRule({
  meta: {
    id: 'tool-use-input',
    type: 'problem',
    view: 'request',
    description: 'Every tool_use input is a JSON object.',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'unsafe',
    messages: {
      notObject:
        'The input of tool_use {{id}} ({{name}}) is {{kind}}, not a JSON object; the API rejects the request with 400 on every resume.',
    },
  },
  check(ctx) {
    for (const m of conversation(ctx.model.apiView().merged)) {
      if (m.role !== 'assistant') continue;
      for (const use of blocksOfType(m, 'tool_use')) {
        if (isObject(use.block.input)) continue;
        ctx.report({
          messageId: 'notObject',
          data: { id: showValue(use.block.id), name: showValue(use.block.name), kind: describe(use.block.input) },
          line: use.origin.line,
          blockIndex: use.origin.blockIndex,
          ...(use.origin.blockIndex !== undefined ? { pointer: `/message/content/${use.origin.blockIndex}/input` } : {}),
        });
      }
    }
  },
});
