// no-internal-blocks: only block types the Messages API accepts, where it accepts them. A top-level tool_reference
// in a user message is sent as is by Claude Code 2.1.332 and rejected (claude-code-observed.md; inside a tool_result
// it is fine). Advisor blocks need the advisor tool in the request (Claude Code strips them otherwise,
// claude-code-internals.md §1.4), and an advisor call needs its result in the same message (api-errors.md E16).
// Block types the API does not know at all (Claude Code internals such as connector_text) are rejected.
import {
  Anthropic,
  type ApiBlock,
  type ApiMessage,
  asText,
  defineRule,
  type Entry,
  isThinkingType,
  placeholder,
  PlannedReports,
  storedSite,
} from '../src/sdk/index.js';

/** Block types the API accepts in a user message. */
const USER_TYPES = new Set(['text', 'image', 'document', 'search_result', 'tool_result', 'container_upload']);
/** Block types the API accepts in an assistant message, besides server tool results (`*_tool_result`). */
const ASSISTANT_TYPES = new Set([
  'text',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'server_tool_use',
  'mcp_tool_use',
  'mcp_tool_result',
  'compaction',
]);
/** Server tool results (web_search_tool_result, web_fetch_tool_result, code_execution_tool_result, ...). */
const isServerToolResult = (type: string): boolean =>
  /^[a-z0-9_]+_tool_result$/.test(type) &&
  type !== 'tool_result' &&
  type !== 'advisor_tool_result' &&
  type !== 'mcp_tool_result';
/** Block types a tool_result's content may hold. */
const RESULT_CONTENT_TYPES = new Set(['text', 'image', 'document', 'search_result', 'tool_reference']);

const ADVISOR_RESULT = 'advisor_tool_result';
const isAdvisorCall = (b: ApiBlock['block']): boolean => b.type === 'server_tool_use' && b.name === 'advisor';

export default defineRule({
  meta: {
    id: 'no-internal-blocks',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description:
      'Every block is of a type the API accepts where it stands: no top-level tool_reference, advisor blocks or unknown types.',
    docs: {
      detects: 'block types the API does not accept where they stand (top-level `tool_reference`, unknown types, ...)',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      toolReference:
        '`tool_reference` block at the top level of a user message (it belongs inside a tool_result); Claude Code sends it as is and the API rejects the request on every retry.',
      wrongRole:
        '`{{type}}` block in {{article}} {{role}} message; the API accepts it only in {{other}} messages and rejects the request.',
      unknown:
        '`{{type}}` is not a content block type the API accepts; Claude Code sends it as is and the API rejects the request.',
      badResultContent:
        '`{{type}}` block inside a tool_result, which may hold only text, image, document, search_result and tool_reference blocks; the API rejects the request.',
      advisor:
        'Advisor block (`{{type}}`); the API accepts advisor blocks only in a request that enables the advisor tool, and rejects this one.',
      advisorUnpaired:
        'Advisor call {{id}} has no advisor_tool_result in the same message; the API rejects it ("advisor tool use without corresponding advisor_tool_result").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const { merged } = model.apiView();
    const claudeCode = ctx.target === 'claude-code';
    // Each finding's fix removes its block; all of one message's removals go in one fix.
    const reports = new PlannedReports(ctx);
    type Report = Parameters<typeof reports.add>[0];
    const flag = (m: ApiMessage, b: ApiBlock, descriptor: Report): void => {
      const site = storedSite(model, b);
      const plan = site ? reports.plan(m).removeSite(site) : undefined;
      reports.add(descriptor, plan && { plan, description: `remove the \`${asText(b.block.type)}\` block` });
    };
    /** Blocks inside a tool_result, per stored tool_result, decided once all are known. */
    const nested = new Map<string, { m: ApiMessage; outer: ApiBlock; indexes: number[]; types: string[] }>();

    for (const m of merged) {
      if (m.role !== 'assistant') continue;
      const advisorResults = new Set(
        m.blocks.filter((b) => b.block.type === ADVISOR_RESULT).map((b) => b.block.tool_use_id),
      );
      for (const b of m.blocks) {
        if (b.origin.synthetic) continue;
        const at = { request: b, pointer: Anthropic.blockPointer(b) };
        if (isAdvisorCall(b.block) && !advisorResults.has(b.block.id)) {
          // Claude Code removes a server tool call whose result is not in the same message: the call is lost.
          flag(m, b, {
            messageId: 'advisorUnpaired',
            data: { id: asText(b.block.id) },
            at,
            severity: claudeCode ? 'warn' : undefined,
          });
        } else if (!claudeCode && (isAdvisorCall(b.block) || b.block.type === ADVISOR_RESULT)) {
          flag(m, b, { messageId: 'advisor', data: { type: asText(b.block.type) }, at });
        }
      }
    }

    for (const site of Anthropic.requestBlocks(merged, { nested: true })) {
      const type = site.block.type;
      if (typeof type !== 'string') continue; // a block without a type is entry-shape's finding
      const at = { request: site.outer, pointer: site.pointer };
      const m = site.message;
      if (site.nestedIndex !== undefined) {
        if (RESULT_CONTENT_TYPES.has(type)) continue;
        const descriptor: Report = { messageId: 'badResultContent', data: { type }, at };
        const key = `${site.line}/${site.blockIndex}`;
        const stored = storedSite(model, site.outer);
        if (stored?.kind !== 'element') {
          reports.add(descriptor);
          continue;
        }
        let group = nested.get(key);
        if (!group) nested.set(key, (group = { m, outer: site.outer, indexes: [], types: [] }));
        group.indexes.push(site.nestedIndex);
        group.types.push(type);
        reports.add(descriptor, {
          plan: reports.plan(m),
          description: `remove the \`${type}\` block from the tool_result`,
        });
        continue;
      }
      const role = m.role;
      if (role === 'user') {
        if (USER_TYPES.has(type) || isThinkingType(type)) continue; // thinking here is thinking-placement's finding
        if (type === 'tool_reference') flag(m, site.outer, { messageId: 'toolReference', at });
        else if (acceptedInAssistant(type) || type === ADVISOR_RESULT) {
          flag(m, site.outer, {
            messageId: 'wrongRole',
            data: { type, article: 'a', role: 'user', other: 'assistant' },
            at,
          });
        } else flag(m, site.outer, { messageId: 'unknown', data: { type }, at });
      } else if (role === 'assistant') {
        if (acceptedInAssistant(type) || type === ADVISOR_RESULT) continue;
        if (USER_TYPES.has(type)) {
          flag(m, site.outer, {
            messageId: 'wrongRole',
            data: { type, article: 'an', role: 'assistant', other: 'user' },
            at,
          });
        } else flag(m, site.outer, { messageId: 'unknown', data: { type }, at });
      }
    }

    // A tool_result left with nothing holds a placeholder naming what was removed instead of an empty content.
    for (const { m, outer, indexes, types } of nested.values()) {
      const stored = storedSite(model, outer) as { entry: Entry; array: string; index: number };
      const plan = reports.plan(m);
      const content = `${stored.array}/${stored.index}/content`;
      if (indexes.length >= (outer.block.content as unknown[]).length) {
        const what = [...new Set(types)].map((t) => `\`${t}\``).join(', ');
        plan.set(stored.entry, content, [
          { type: 'text', text: placeholder(`removed ${what} content that a tool_result cannot hold`) },
        ]);
      } else {
        for (const j of indexes) plan.removeElement(stored.entry, content, j);
      }
    }
    for (const m of merged) reports.existing(m)?.keepUserTurn(m);
    reports.send();
  },
});

function acceptedInAssistant(type: string): boolean {
  return ASSISTANT_TYPES.has(type) || isServerToolResult(type);
}
