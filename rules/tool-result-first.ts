// tool-result-first: in a user message, tool_result blocks come before anything else. Claude Code hoists them when
// it merges several entries into one message, but a single entry written as [text, tool_result] is sent as it is,
// and the API rejects it on every retry (observed: the same body 6 times, then exit 1).
import type { ApiBlock } from '../src/model/api-view.js';
import { defineRule } from '../src/rule-api.js';
import { conversation, showValue } from '../src/rules-support/request-structure.js';

const withArticle = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

export default defineRule({
  meta: {
    id: 'tool-result-first',
    type: 'problem',
    view: 'request',
    description: 'In a user message, tool_result blocks come before any other block.',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      notFirst:
        'tool_result for {{id}} comes after {{before}} block in its user message; Claude Code sends it unchanged and the API rejects it with 400 "tool_result blocks must come first" on every retry.',
    },
  },
  check(ctx) {
    for (const m of conversation(ctx.model.apiView().merged)) {
      if (m.role !== 'user') continue;
      let before: ApiBlock | undefined;
      for (const b of m.blocks) {
        if (b.origin.synthetic) continue;
        if (b.block.type !== 'tool_result') {
          before ??= b;
          continue;
        }
        if (!before) continue;
        // One report per message: the first misplaced result (moving them all first is one fix).
        ctx.report({
          messageId: 'notFirst',
          data: { id: showValue(b.block.tool_use_id), before: withArticle(showValue(before.block.type)) },
          line: b.origin.line,
          blockIndex: b.origin.blockIndex,
          related: before.origin.line !== b.origin.line ? [{ line: before.origin.line, message: 'the block it follows' }] : [],
        });
        break;
      }
    }
  },
});
