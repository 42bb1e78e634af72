// compact-summary: a compaction that lost one of its two halves. Claude Code writes a `compact_boundary` (parent
// null) followed by the summary user entry (`isCompactSummary`, parent = the boundary); resume walks back to the
// boundary and sends the summary in place of the older history (spec: claude-code-observed.md, "Transcript format"
// and "How resume picks and rebuilds the chain"). Checked with the oracle: with the summary gone, the resumed history
// starts after the boundary with nothing standing for the older conversation; with the boundary gone, the summary's
// parent dangles and the whole pre-compact history is sent along with the summary. Re-checked on recordings of the
// real Claude Code 2.1.332 (issue 14, items 13a-13c): the last boundary deleted, everything since the previous
// compaction is sent and the summary becomes a text block of a user message; the first one deleted (behind the last
// boundary), no effect. The unsafe fix brings a deleted boundary back as Claude Code writes it (its uuid is the one the
// summary names; the old leaf as its logical parent and, when that is a plain reply, as its preserved segment): the
// request is then the one before the boundary was lost (13a).
import {
  aboveAttachments,
  assistantMessageId,
  blocksOf,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isCompactBoundary,
  isCompactSummary,
  type StorageView,
} from '../src/sdk/index.js';

const RULE_ID = 'compact-summary';

export default defineRule({
  meta: {
    id: 'compact-summary',
    type: 'problem',
    view: 'storage',
    description: 'Every compact boundary is followed by its summary, and every compact summary hangs off its boundary.',
    docs: {
      detects: 'a compact boundary with no summary after it, or a summary whose boundary is gone',
      fix: 'unsafe (bring the deleted boundary back)',
    },
    severity: { 'claude-code': 'warn', api: 'off' },
    fixable: 'unsafe',
    messages: {
      noSummary:
        'This compact boundary has no summary entry (`isCompactSummary`) after it, so on resume the history starts after the boundary with nothing standing for the conversation before the compaction.',
      boundaryGone:
        'This compact summary hangs off {{parent}}, which {{why}}, so resume walks past the summary and sends the whole pre-compact history along with it.',
      olderBoundaryGone:
        'This compact summary hangs off {{parent}}, which {{why}}; today it has no effect, since resume starts at a later compaction, but the history before this one is not cut off any more.',
    },
  },
  check(ctx) {
    const { entries } = ctx.model;
    const { byUuid } = ctx.model.chain();
    const walked = new Set(ctx.model.chain().walked.map((st) => st.entry));
    const summarised = new Set<string>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (!isCompactSummary(e) || typeof e.parentUuid !== 'string') continue;
      const { top, parentUuid } = aboveAttachments(e, byUuid);
      const parent = byUuid.get(parentUuid);
      if (parent && isCompactBoundary(parent)) {
        summarised.add(parentUuid);
        continue;
      }
      const through = top === e ? '' : ` (through the attachment entries from line ${top.line})`;
      const why = parent
        ? `is not a compact boundary (line ${parent.line}, ${/^[aeiou]/.test(parent.type) ? 'an' : 'a'} \`${parent.type || 'typeless'}\` entry)`
        : 'names no entry in the file (the boundary is gone)';
      const onWalk = walked.has(e);
      ctx.report({
        messageId: onWalk ? 'boundaryGone' : 'olderBoundaryGone',
        at: { entry: e, pointer: '/parentUuid' },
        data: { parent: `${parentUuid}${through}`, why },
        related: parent ? [{ line: parent.line, message: 'the entry the summary hangs off' }] : [],
        fix: parent ? undefined : restoreBoundary(ctx.model, e, top, parentUuid),
      });
    }
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (!isCompactBoundary(e) || e.uuid === undefined || summarised.has(e.uuid)) continue;
      if (ctx.model.isShadowed(e)) continue;
      ctx.report({ messageId: 'noSummary', at: { entry: e } });
    }
  },
});

/**
 * The deleted boundary, as Claude Code 2.1.332 writes one (recording 13a's boundary-as-written.json): right before the
 * summary (or before the attachments it hangs under, `top`), with the uuid the summary names, a null parent, the
 * last message before it as its logical parent.
 * When that message is a plain reply (no tool call), it is the preserved segment too: Claude Code keeps the last reply
 * of a compacted conversation (head and tail), hung below the summary (the anchor). The size fields are unknown: 0.
 */
function restoreBoundary(model: StorageView, summary: Entry, top: Entry, uuid: string): FixDescriptor | undefined {
  let last: Entry | undefined;
  for (let i = top.index - 1; i >= 0 && !last; i--) {
    const e = model.entries[i]!;
    if ((e.type === 'user' || e.type === 'assistant') && !e.isSidechain && e.uuid !== undefined && !model.isShadowed(e))
      last = e;
  }
  if (!last || summary.uuid === undefined) return undefined;
  const plainReply =
    last.type === 'assistant' &&
    assistantMessageId(last) !== undefined &&
    !blocksOf(last).some((b) => b.type === 'tool_use');
  const compactMetadata: Record<string, unknown> = { trigger: 'manual', preTokens: 0 };
  if (plainReply) {
    compactMetadata.preservedSegment = { headUuid: last.uuid, anchorUuid: summary.uuid, tailUuid: last.uuid };
    compactMetadata.preservedMessages = { anchorUuid: summary.uuid, uuids: [last.uuid], allUuids: [last.uuid] };
  }
  const plan = new FixPlan(model);
  plan.insertEntryAfterLine(
    top.line - 1,
    top,
    null,
    {
      ruleId: RULE_ID,
      uuid,
      body: {
        logicalParentUuid: last.uuid,
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        isMeta: false,
        level: 'info',
        compactMetadata,
      },
    },
    -1,
  );
  return plan.fix(
    'unsafe',
    `bring back the compact boundary ${uuid} before the summary (logical parent: line ${last.line}${plainReply ? ', kept as its preserved tail' : ''})`,
  );
}
