// cline/result-dropped: every tool_result of a Cline history answers a call of the message before it, once. Before
// each request Cline rebuilds a user message that follows calls (ContextManager.ensureToolResultsFollowToolUse,
// cline/cline @ 469752a2): one result per call, in call order, then the other blocks; a result whose id answers no
// call (a wrong id, say) or that a later result for the same id replaces is left out, so what it holds never
// reaches the model, and its call is answered "result missing" instead. The fix writes the results as Cline sends
// them and keeps the dropped one as text (the same fix as cline/result-missing's, so both apply as one).
import { Cline, defineRule, type Entry, type FixDescriptor, HeldReports, showValue } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'cline/result-dropped',
    type: 'problem',
    view: 'task-history',
    description:
      'Every tool_result answers a tool_use of the previous assistant message, once, so Cline sends every result.',
    docs: {
      detects: 'a `tool_result` Cline leaves out: its id answers no call of the message before, or repeats',
      fix: 'safe (results first as Cline sends them, the dropped one kept as text)',
    },
    severity: { cline: 'warn' },
    fixable: 'safe',
    formats: ['cline'],
    messages: {
      orphan:
        'tool_result for {{id}} answers no tool_use of the previous assistant message; Cline leaves it out of every request, so what it holds never reaches the model.',
      duplicate:
        'A later tool_result in this message answers {{id}} too; Cline sends only the last one and leaves this one out.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const send = model.sendPath();
    if (!send) return;
    const reports = new HeldReports(ctx);
    const fixes = new Map<Entry, FixDescriptor | undefined>();
    for (const r of send.repairs) {
      if (r.kind !== 'result-dropped' || !r.assistant) continue;
      const { user, assistant } = r;
      const fix = (): FixDescriptor | undefined => {
        if (!fixes.has(user)) fixes.set(user, Cline.pairFix(model, assistant, user));
        return fixes.get(user);
      };
      const data = { id: showValue(r.result.block.tool_use_id) };
      reports.hold({ messageId: r.why === 'orphan' ? 'orphan' : 'duplicate', data, at: { request: r.result } }, fix);
    }
    reports.send();
  },
});
