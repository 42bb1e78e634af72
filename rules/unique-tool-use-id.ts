// unique-tool-use-id: a tool_use id may appear once in a request. The API rejects a repeat (E3, a burst of reports
// around v2.1.19); Claude Code 2.1.332 drops the later tool_use and its result on resume.
import { defineRule } from '../src/rule-api.js';
import type { ApiBlock } from '../src/model/api-view.js';
import { blocksOfType, conversation } from '../src/rules-support/request-structure.js';

export default defineRule({
  meta: {
    id: 'unique-tool-use-id',
    type: 'problem',
    view: 'request',
    description: 'No tool_use id is used twice in the request.',
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      dropped:
        'tool_use id {{id}} was already used on line {{first}}; on resume Claude Code drops this later tool_use and its result.',
      notUnique:
        'tool_use id {{id}} was already used on line {{first}}; the API rejects the request: `tool_use` ids must be unique.',
    },
  },
  check(ctx) {
    const first = new Map<string, ApiBlock>();
    for (const m of conversation(ctx.model.apiView().merged)) {
      if (m.role !== 'assistant') continue;
      for (const use of blocksOfType(m, 'tool_use')) {
        const id = use.block.id;
        if (typeof id !== 'string') continue;
        const earlier = first.get(id);
        if (!earlier) {
          first.set(id, use);
          continue;
        }
        ctx.report({
          messageId: ctx.target === 'claude-code' ? 'dropped' : 'notUnique',
          data: { id, first: earlier.origin.line },
          line: use.origin.line,
          blockIndex: use.origin.blockIndex,
          related: [{ line: earlier.origin.line, message: `first tool_use with id ${id}` }],
        });
      }
    }
  },
});
