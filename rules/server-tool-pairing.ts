// server-tool-pairing: a server-side tool call (`server_tool_use`, `mcp_tool_use`) and its result block
// (`web_search_tool_result`, `mcp_tool_result`, ...) belong in the same assistant message. Claude Code 2.1.332 writes
// them as two split parts of one response and pairs them after the merge; measured on recordings of the real CLI
// (recorded items 04a, 04b): a call without its result is removed silently before sending (the model no longer sees
// the search it made), while a result whose call is gone (its tool_use_id names no call in the message) is still
// sent, which the API's own pairing check refuses (wording unverified). The safe fix removes the lone part.
import { Anthropic, type ApiBlock, asText, defineRule, PlannedReports, storedSite } from '../src/sdk/index.js';

const SERVER_CALLS = new Set(['server_tool_use', 'mcp_tool_use']);

/** A server tool's result block: `*_tool_result` (not the client `tool_result`), naming its call by tool_use_id. */
const isServerResult = (b: ApiBlock): boolean =>
  typeof b.block.type === 'string' && b.block.type !== 'tool_result' && b.block.type.endsWith('_tool_result');

export default defineRule({
  meta: {
    id: 'server-tool-pairing',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description:
      'Every server tool call has its result block in the same assistant message, and every such result its call.',
    docs: {
      detects: 'a `server_tool_use` without its `*_tool_result` in the same message, or such a result without its call',
      fix: 'safe (remove the lone block)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      callWithoutResult:
        '{{type}} {{id}} has no result block in the same assistant message; on resume Claude Code removes the call silently (the model no longer sees it), and the API rejects it as stored: "`server_tool_use` block with id `{{id}}` was found without a corresponding `*_tool_result` block" (wording unverified).',
      resultWithoutCall:
        '{{type}} for {{id}} has no server tool call with that id in the same assistant message; Claude Code sends it as it is, and the API refuses a result whose call is missing.',
    },
  },
  check(ctx) {
    // The lone blocks of one message go in one fix (a part left with nothing is removed, its children re-linked).
    const reports = new PlannedReports(ctx);
    for (const m of ctx.model.apiView().merged) {
      if (m.role !== 'assistant') continue;
      // The advisor tool's pairing is no-internal-blocks' (advisorUnpaired).
      const blocks = m.blocks.filter(
        (b) => !b.origin.synthetic && b.block.name !== 'advisor' && b.block.type !== 'advisor_tool_result',
      );
      const calls = new Set(blocks.filter((b) => SERVER_CALLS.has(b.block.type as string)).map((b) => b.block.id));
      const results = new Set(blocks.filter(isServerResult).map((b) => b.block.tool_use_id));
      const remove = (b: ApiBlock) => {
        const site = storedSite(ctx.model, b);
        const plan = site ? reports.plan(m).removeSite(site) : undefined;
        return plan && { plan, description: `remove the lone ${asText(b.block.type)} block` };
      };
      for (const b of blocks) {
        const type = asText(b.block.type);
        const at = { request: b, pointer: Anthropic.blockPointer(b) };
        if (SERVER_CALLS.has(type) && !results.has(b.block.id)) {
          reports.add({ messageId: 'callWithoutResult', data: { type, id: asText(b.block.id) }, at }, remove(b));
        } else if (isServerResult(b) && !calls.has(b.block.tool_use_id)) {
          reports.add(
            { messageId: 'resultWithoutCall', data: { type, id: asText(b.block.tool_use_id) }, at },
            remove(b),
          );
        }
      }
    }
    reports.send();
  },
});
