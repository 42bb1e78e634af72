// tool-result-has-use: every tool_result answers a tool_use of the previous assistant message. The API rejects an
// orphan result (E2, typical after compaction dropped the call); Claude Code 2.1.332 drops it silently on resume.
// The fix removes the block, and the entry when nothing is left in it.
import {
  blocksOfType,
  conversation,
  defineRule,
  type FixDescriptor,
  FixPlan,
  HeldReports,
  type RelatedLine,
  showValue,
  toolIndex,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'tool-result-has-use',
    type: 'problem',
    view: 'request',
    description: 'Every tool_result answers a tool_use with its id in the previous assistant message.',
    docs: { detects: 'a `tool_result` whose id matches no `tool_use` in the previous assistant message' },
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
    const { model } = ctx;
    const conv = conversation(model.apiView().merged);
    // The orphans of one stored entry go in one fix (shared by their reports), so the entry is removed whole when
    // they are all it holds.
    const reports = new HeldReports(ctx);
    const indexesByLine = new Map<number, number[]>();
    const fixByLine = new Map<number, FixDescriptor | undefined>();
    const fixFor = (line: number) => (): FixDescriptor | undefined => {
      if (fixByLine.has(line)) return fixByLine.get(line);
      const indexes = indexesByLine.get(line);
      const entry = model.entryAtLine(line);
      const fix =
        indexes && entry
          ? new FixPlan(model)
              .removeBlocks(new Map([[entry, indexes]]))
              .fix(
                'safe',
                indexes.length === 1
                  ? 'remove the orphan tool_result'
                  : `remove the ${indexes.length} orphan tool_results`,
              )
          : undefined;
      fixByLine.set(line, fix);
      return fix;
    };

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
        if (offered.has(result.block.tool_use_id)) continue;
        const { line, blockIndex } = result.origin;
        if (blockIndex !== undefined) {
          const list = indexesByLine.get(line);
          if (list) list.push(blockIndex);
          else indexesByLine.set(line, [blockIndex]);
        }
        const raw = result.block.tool_use_id;
        const related: RelatedLine[] =
          typeof raw === 'string'
            ? (toolIndex(model).uses.get(raw) ?? []).slice(0, 3).map((site) => ({
                line: site.line,
                message: `a tool_use with id ${raw} is here, not in the previous assistant message`,
              }))
            : [];
        reports.hold(
          {
            messageId: ctx.target === 'claude-code' ? 'dropped' : 'unexpected',
            data: { id: showValue(raw) },
            at: { request: result },
            related,
          },
          fixFor(line),
        );
      }
    }
    reports.send();
  },
});
