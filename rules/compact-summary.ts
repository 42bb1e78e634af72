// compact-summary: a compaction that lost one of its two halves. Claude Code writes a `compact_boundary` (parent
// null) followed by the summary user entry (`isCompactSummary`, parent = the boundary); resume walks back to the
// boundary and sends the summary in place of the older history (spec: claude-code-observed.md, "Transcript format"
// and "How resume picks and rebuilds the chain"). Checked with the oracle: with the summary gone, the resumed history
// starts after the boundary with nothing standing for the older conversation; with the boundary gone, the summary's
// parent dangles and the whole pre-compact history is sent along with the summary.
import { defineRule, isCompactBoundary, type Entry } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'compact-summary',
    type: 'problem',
    view: 'storage',
    description: 'Every compact boundary is followed by its summary, and every compact summary hangs off its boundary.',
    docs: { detects: 'a compact boundary with no summary after it, or a summary whose boundary is gone' },
    severity: { 'claude-code': 'warn', api: 'off' },
    messages: {
      noSummary:
        'This compact boundary has no summary entry (`isCompactSummary`) after it, so on resume the history starts after the boundary with nothing standing for the conversation before the compaction.',
      boundaryGone:
        'This compact summary hangs off {{parent}}, which {{why}}, so resume walks past the summary and sends the whole pre-compact history along with it.',
    },
  },
  check(ctx) {
    const { entries } = ctx.model;
    const { byUuid } = ctx.model.chain();
    const summarised = new Set<string>();
    for (const e of entries) {
      if (!isCompactSummary(e) || typeof e.parentUuid !== 'string') continue;
      const parent = byUuid.get(e.parentUuid);
      if (parent && isCompactBoundary(parent)) {
        summarised.add(e.parentUuid);
        continue;
      }
      const why = parent
        ? `is not a compact boundary (line ${parent.line}, ${/^[aeiou]/.test(parent.type) ? 'an' : 'a'} \`${parent.type || 'typeless'}\` entry)`
        : 'names no entry in the file (the boundary is gone)';
      ctx.report({
        messageId: 'boundaryGone',
        at: { entry: e, pointer: '/parentUuid' },
        data: { parent: e.parentUuid, why },
        related: parent ? [{ line: parent.line, message: 'the entry the summary hangs off' }] : [],
      });
    }
    for (const e of entries) {
      if (!isCompactBoundary(e) || e.uuid === undefined || summarised.has(e.uuid)) continue;
      if (ctx.model.isShadowed(e)) continue;
      ctx.report({ messageId: 'noSummary', at: { entry: e } });
    }
  },
});

function isCompactSummary(e: Entry): boolean {
  return e.type === 'user' && e.raw.isCompactSummary === true;
}
