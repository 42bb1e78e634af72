// tool-result-has-use: every tool_result answers a tool_use of the previous assistant message. The API rejects an
// orphan result (E2, typical after compaction dropped the call); Claude Code 2.1.332 drops it silently on resume.
// The fix removes the block, and the entry when nothing is left in it. When the result entry no longer hangs off the
// call it answers (its `sourceToolAssistantUUID`), the call is off the chain resume walks: it vanishes, or is pulled
// into another turn that reuses its message.id (recordings 15o, 15p). Then the fix hangs the result back below its
// call, as Claude Code wrote it, and both are sent again.
import {
  Anthropic,
  appendTo,
  blocksOf,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  HeldReports,
  type RelatedLine,
  showValue,
  type TranscriptModel,
} from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'tool-result-has-use',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
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
    const conv = Anthropic.conversation(model.apiView().merged);
    // The orphans of one stored entry go in one fix (shared by their reports), so the entry is removed whole when
    // they are all it holds.
    const reports = new HeldReports(ctx);
    const indexesByLine = new Map<number, number[]>();
    const fixByLine = new Map<number, FixDescriptor | undefined>();
    const fixFor = (line: number) => (): FixDescriptor | undefined => {
      if (fixByLine.has(line)) return fixByLine.get(line);
      const indexes = indexesByLine.get(line);
      const entry = model.entryAtLine(line);
      const back = entry ? relinkToSource(model, entry) : undefined;
      const fix = back ? back : indexes && entry ? removalFix(entry, indexes) : undefined;
      fixByLine.set(line, fix);
      return fix;
    };
    // Whether the removals, all together, leave the file without a message: asked once, when the fixes are made.
    let leavesNone: boolean | undefined;
    const removalFix = (entry: Entry, indexes: number[]): FixDescriptor | undefined => {
      const what = indexes.length === 1 ? 'the orphan tool_result' : `the ${indexes.length} orphan tool_results`;
      // Removing the last message of the file leaves a session with none: only the backup then holds what it said.
      leavesNone ??= removesEveryMessage(model, indexesByLine);
      return new FixPlan(model)
        .removeBlocks(new Map([[entry, indexes]]))
        .fix(
          leavesNone ? 'unsafe' : 'safe',
          leavesNone ? `remove ${what}, and with them every message of the file` : `remove ${what}`,
        );
    };

    for (let k = 0; k < conv.length; k++) {
      const m = conv[k]!;
      if (m.role !== 'user') continue;
      const results = Anthropic.blocksOfType(m, 'tool_result');
      if (results.length === 0) continue;
      const prev = k > 0 ? conv[k - 1] : undefined;
      const offered = new Set<unknown>(
        prev?.role === 'assistant' ? prev.blocks.filter((b) => b.block.type === 'tool_use').map((b) => b.block.id) : [],
      );
      for (const result of results) {
        if (offered.has(result.block.tool_use_id)) continue;
        // Its call may be on a line too long to read (valid-json reports it): not known to be missing.
        const raw = result.block.tool_use_id;
        if (typeof raw === 'string' && model.unreadLineHolding('id', raw) !== undefined) continue;
        const { line, blockIndex } = result.origin;
        if (blockIndex !== undefined) {
          appendTo(indexesByLine, line, blockIndex);
        }
        const related: RelatedLine[] =
          typeof raw === 'string'
            ? (Anthropic.toolIndex(model).uses.get(raw) ?? []).slice(0, 3).map((site) => ({
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

/**
 * Whether removing the orphans (by line, their block indexes) removes every user and assistant entry of the file:
 * each one left either has no line among them or has blocks that are not orphans.
 */
function removesEveryMessage(model: TranscriptModel, orphansByLine: ReadonlyMap<number, readonly number[]>): boolean {
  for (const e of model.entries) {
    if ((e.type !== 'user' && e.type !== 'assistant') || model.isShadowed(e)) continue;
    const orphans = orphansByLine.get(e.line);
    const content = (e.raw.message as { content?: unknown } | undefined)?.content;
    if (orphans === undefined || !Array.isArray(content) || orphans.length < content.length) return false;
  }
  return true;
}

/**
 * The fix that hangs a result entry back below the entry holding its call (`sourceToolAssistantUUID`), when that entry
 * holds the call, is not on the chain resume walks, hangs below the result's present parent (so the history above is the
 * same) and not below the result itself (a loop).
 */
function relinkToSource(model: TranscriptModel, entry: Entry): FixDescriptor | undefined {
  const source = entry.raw.sourceToolAssistantUUID;
  if (typeof source !== 'string' || entry.parentUuid === source) return undefined;
  const { byUuid, walked } = model.chain();
  const call = byUuid.get(source);
  // Off the walk, the call is lost or pulled into another turn by its message.id (15o, 15q).
  if (call?.type !== 'assistant' || walked.some((st) => st.entry === call)) return undefined;
  const ids = new Set(
    blocksOf(call)
      .filter((b) => b.type === 'tool_use')
      .map((b) => b.id),
  );
  if (!blocksOf(entry).some((b) => b.type === 'tool_result' && ids.has(b.tool_use_id))) return undefined;
  // The call must hang below the result's present parent (the history above stays), and not below the result.
  const seen = new Set<Entry>();
  let reachesOldParent = false;
  for (let cur: Entry | undefined = call; cur && !seen.has(cur); ) {
    if (cur === entry) return undefined;
    if (cur.uuid === entry.parentUuid) reachesOldParent = true;
    seen.add(cur);
    cur = typeof cur.parentUuid === 'string' ? byUuid.get(cur.parentUuid) : undefined;
  }
  if (!reachesOldParent) return undefined;
  return new FixPlan(model)
    .set(entry, '/parentUuid', source)
    .mark(entry, 'tool-result-has-use', { originalParentUuid: entry.parentUuid ?? null })
    .fix('safe', `hang the result back below its call (line ${call.line}, its sourceToolAssistantUUID)`);
}
