// tool-id-format: tool_use ids and tool names in the shapes providers enforce. The first-party API issues
// `toolu_…` ids; Bedrock requires tool_use ids of 1-64 characters from [a-zA-Z0-9_-], and tool names must match
// ^[a-zA-Z0-9_-]{1,64}$. Ids and names written by other agents or proxies (dots, colons, long ids) break there.
import { Anthropic, defineRule, showValue } from '../src/sdk/index.js';

const ID_CHARSET = /^[a-zA-Z0-9_-]+$/;
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const BEDROCK_MAX_ID = 64;

export default defineRule({
  meta: {
    id: 'tool-id-format',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description:
      'tool_use ids match [a-zA-Z0-9_-]+ (at most 64 characters for Bedrock) and tool names match ^[a-zA-Z0-9_-]{1,64}$.',
    docs: { detects: 'a tool_use id outside `^[a-zA-Z0-9_-]+$` (bedrock: also over 64 chars); a bad tool name' },
    severity: { 'claude-code': 'warn', api: 'warn', bedrock: 'error' },
    messages: {
      idCharset:
        'tool_use id {{id}} is not made of [a-zA-Z0-9_-] only; Bedrock rejects it (toolUseId must match [a-zA-Z0-9_-]+), as may proxies that check ids.',
      idLength:
        'tool_use id {{id}} is {{length}} characters long; Bedrock rejects tool_use ids longer than 64 characters.',
      name: 'tool name {{name}} (tool_use {{id}}) does not match ^[a-zA-Z0-9_-]{1,64}$; providers that enforce the tool name pattern (Bedrock, MCP-normalising clients) reject it.',
    },
  },
  check(ctx) {
    for (const m of Anthropic.conversation(ctx.model.apiView().merged)) {
      if (m.role !== 'assistant') continue;
      for (const use of Anthropic.blocksOfType(m, 'tool_use')) {
        const { id, name } = use.block;
        const at = { request: use };
        if (typeof id === 'string') {
          if (!ID_CHARSET.test(id)) ctx.report({ messageId: 'idCharset', data: { id: showValue(id) }, at });
          if (ctx.target === 'bedrock' && id.length > BEDROCK_MAX_ID) {
            ctx.report({ messageId: 'idLength', data: { id: showValue(id), length: id.length }, at });
          }
        }
        if (typeof name === 'string' && !NAME.test(name)) {
          ctx.report({ messageId: 'name', data: { name: showValue(name), id: showValue(id) }, at });
        }
      }
    }
  },
});
