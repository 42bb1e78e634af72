// error-result-text-only: an is_error tool_result may hold only text blocks. Claude Code reduces such a result to
// its text before sending (sanitizeErrorToolResultContent: otherwise "a resumed session with an image-in-error
// tool_result 400s forever", claude-code-internals.md §1.2 step 7); a plain request carrying it is rejected.
import { Anthropic, asText, defineRule, isObject, placeholder, PlannedReports } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'error-result-text-only',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'An is_error tool_result holds only text.',
    docs: { detects: 'an `is_error` tool_result with non-text content' },
    severity: { 'claude-code': 'off', api: 'error' },
    fixable: 'safe',
    messages: {
      nonText:
        'Error tool_result {{id}} holds {{types}} content; the API accepts only text in an is_error tool_result and rejects the request (Claude Code reduces it to its text).',
    },
  },
  check(ctx) {
    // The fix keeps the text blocks (a placeholder when there are none); one fix per message.
    const reports = new PlannedReports(ctx);
    for (const site of Anthropic.requestBlocks(ctx.model.apiView().merged)) {
      const b = site.block;
      if (site.message.role !== 'user' || b.type !== 'tool_result' || b.is_error !== true || !Array.isArray(b.content))
        continue;
      const types = new Set<string>();
      const texts: unknown[] = [];
      for (const c of b.content as unknown[]) {
        const type = isObject(c) ? c.type : undefined;
        if (type === 'text') texts.push(c);
        else types.add(typeof type === 'string' ? `\`${type}\`` : 'untyped');
      }
      if (types.size === 0) continue;
      const list = [...types].join(', ');
      const stored = Anthropic.storedPointer(ctx.model, site);
      const content =
        texts.length > 0
          ? texts
          : [
              {
                type: 'text',
                text: placeholder(`removed ${list} content from an error result, which may hold only text`),
              },
            ];
      const plan = stored && reports.plan(site.message).set(stored.entry, `${stored.pointer}/content`, content);
      reports.add(
        {
          messageId: 'nonText',
          data: { id: asText(b.tool_use_id), types: list },
          at: { request: site.outer, pointer: site.pointer },
        },
        plan && { plan, description: 'keep only the text of the error result' },
      );
    }
    reports.send();
  },
});
