// error-result-text-only: an is_error tool_result may hold only text blocks. Claude Code reduces such a result to
// its text before sending (sanitizeErrorToolResultContent: otherwise "a resumed session with an image-in-error
// tool_result 400s forever", claude-code-internals.md §1.2 step 7); a plain request carrying it is rejected.
import { defineRule } from '../src/rule-api.js';
import { isObject } from '../src/model/entries.js';
import { requestBlocks } from '../src/rules-support/content.js';

export default defineRule({
  meta: {
    id: 'error-result-text-only',
    type: 'problem',
    view: 'request',
    description: 'An is_error tool_result holds only text.',
    severity: { 'claude-code': 'off', api: 'error' },
    fixable: 'safe',
    messages: {
      nonText:
        'Error tool_result {{id}} holds {{types}} content; the API accepts only text in an is_error tool_result and rejects the request (Claude Code reduces it to its text).',
    },
  },
  check(ctx) {
    for (const site of requestBlocks(ctx.model.apiView().merged)) {
      const b = site.block;
      if (site.message.role !== 'user' || b.type !== 'tool_result' || b.is_error !== true || !Array.isArray(b.content)) continue;
      const types = new Set<string>();
      for (const c of b.content as unknown[]) {
        const type = isObject(c) ? c.type : undefined;
        if (type !== 'text') types.add(typeof type === 'string' ? `\`${type}\`` : 'untyped');
      }
      if (types.size === 0) continue;
      ctx.report({
        messageId: 'nonText',
        data: { id: String(b.tool_use_id), types: [...types].join(', ') },
        line: site.line,
        blockIndex: site.blockIndex,
        pointer: site.pointer,
      });
    }
  },
});
