// tool-result-has-use: every tool_result answers a tool_use of the previous assistant message. The API rejects an
// orphan result (E2, typical after compaction dropped the call); Claude Code 2.1.332 drops it silently on resume.
// The fix removes the block, and the entry when nothing is left in it.
import { blocksOfType, conversation, defineRule, removeBlocksAcross, showValue, toolIndex, type ApiBlock, type FixDescriptor, type RelatedLine } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'tool-result-has-use',
    type: 'problem',
    view: 'request',
    description: 'Every tool_result answers a tool_use with its id in the previous assistant message.',
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      dropped:
        'tool_result for {{id}} answers no tool_use in the previous assistant message; on resume Claude Code silently drops it, and what it recorded is lost.',
      unexpected:
        'tool_result for {{id}} answers no tool_use in the previous assistant message; the API rejects the request: unexpected `tool_use_id` found in `tool_result` blocks: {{id}}. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    },
  },
  check(ctx) {
    const conv = conversation(ctx.model.apiView().merged);
    const orphans: ApiBlock[] = [];
    for (let k = 0; k < conv.length; k++) {
      const m = conv[k]!;
      if (m.role !== 'user') continue;
      const results = blocksOfType(m, 'tool_result');
      if (results.length === 0) continue;
      const prev = k > 0 ? conv[k - 1] : undefined;
      const offered = new Set<unknown>(
        prev?.role === 'assistant' ? prev.blocks.filter((b) => b.block.type === 'tool_use').map((b) => b.block.id) : [],
      );
      for (const result of results) {
        if (!offered.has(result.block.tool_use_id)) orphans.push(result);
      }
    }

    // The orphans of one stored entry go in one fix (shared by their reports), so the entry is removed whole when
    // they are all it holds.
    const indexesByLine = new Map<number, number[]>();
    for (const o of orphans) {
      if (o.origin.blockIndex === undefined) continue;
      const list = indexesByLine.get(o.origin.line);
      if (list) list.push(o.origin.blockIndex);
      else indexesByLine.set(o.origin.line, [o.origin.blockIndex]);
    }
    const fixByLine = new Map<number, FixDescriptor>();
    for (const [line, indexes] of indexesByLine) {
      const entry = ctx.model.entryAtLine(line);
      if (!entry) continue;
      fixByLine.set(line, {
        applicability: 'safe',
        description: indexes.length === 1 ? 'remove the orphan tool_result' : `remove the ${indexes.length} orphan tool_results`,
        edits: removeBlocksAcross(ctx.model, new Map([[entry, indexes]])),
      });
    }

    for (const result of orphans) {
      const raw = result.block.tool_use_id;
      const id = showValue(raw);
      const fix = fixByLine.get(result.origin.line);
      const related: RelatedLine[] =
        typeof raw === 'string'
          ? (toolIndex(ctx.model).uses.get(raw) ?? [])
              .slice(0, 3)
              .map((site) => ({ line: site.line, message: `a tool_use with id ${raw} is here, not in the previous assistant message` }))
          : [];
      ctx.report({
        messageId: ctx.target === 'claude-code' ? 'dropped' : 'unexpected',
        data: { id },
        line: result.origin.line,
        blockIndex: result.origin.blockIndex,
        related,
        ...(fix ? { fix } : {}),
      });
    }
  },
});
