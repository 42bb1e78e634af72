// tool-result-content: a tool_result's `content` is a string or a list of blocks. Anything else (an object, a bare
// block that is not in a list, a number) is not what the API takes. Claude Code 2.1.332 does not send it as stored:
// it sends the compact JSON text of an object (`{"stdout":"e1","exit":0}` becomes '{"stdout":"e1","exit":0}', a bare
// text block becomes '{"type":"text","text":"e1"}', not a list) and the string form of a number ('42'), measured
// on recordings of the real CLI (recorded items 03a-03c). So on resume nothing is rejected, but the model reads JSON
// where the tool wrote a value. The safe fix writes the string Claude Code sends.
import { Anthropic, asText, defineRule, PlannedReports, storedSite } from '../src/sdk/index.js';

const RULE_ID = 'tool-result-content';

/** What Claude Code sends for a content value that is neither a string nor a list. */
export function sentAs(content: unknown): string {
  return typeof content === 'object' ? asText(content) : String(content);
}

function kindOf(content: unknown): string {
  if (typeof content === 'object') {
    const type = (content as { type?: unknown }).type;
    return typeof type === 'string' ? `a bare \`${type}\` block (not in a list)` : 'an object';
  }
  return `a ${typeof content}`;
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'Every tool_result content is a string or a list of blocks.',
    docs: {
      detects: '`tool_result.content` that is neither a string nor a list (an object, a number)',
      fix: 'safe (write the text Claude Code sends)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      notTextOrList:
        'The content of tool_result {{id}} is {{kind}}; Claude Code sends it as the text {{sent}} (the model reads JSON, not the value), and the API rejects it as stored (`tool_result.content` must be a string or a list).',
    },
  },
  check(ctx) {
    // One plan per message, so the reports of one entry share their edits.
    const reports = new PlannedReports(ctx);
    for (const m of ctx.model.apiView().merged) {
      if (m.role !== 'user') continue;
      for (const b of m.blocks) {
        if (b.origin.synthetic || b.block.type !== 'tool_result') continue;
        const content = b.block.content;
        if (content === undefined || content === null || typeof content === 'string' || Array.isArray(content))
          continue;
        const sent = sentAs(content);
        const site = storedSite(ctx.model, b);
        const plan =
          site?.kind === 'element'
            ? reports.plan(m).set(site.entry, `${site.array}/${site.index}/content`, sent)
            : undefined;
        const shown = sent.length > 60 ? `${JSON.stringify(sent.slice(0, 57))}...` : JSON.stringify(sent);
        reports.add(
          {
            messageId: 'notTextOrList',
            data: { id: asText(b.block.tool_use_id), kind: kindOf(content), sent: shown },
            at: { request: b, pointer: Anthropic.blockPointer(b, 'content') },
          },
          plan && { plan, description: 'write the content as the text Claude Code sends' },
        );
      }
    }
    reports.send();
  },
});
