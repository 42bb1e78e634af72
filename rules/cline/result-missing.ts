// cline/result-missing: every tool_use of a Cline history has its tool_result in the next user message. Before each
// request Cline answers a call without one itself, with a result that says only "result missing"
// (ContextManager.ensureToolResultsFollowToolUse, cline/cline @ 469752a2), so the API accepts the request but the
// model is never told what the call did; a call the history ends with gets that answer on resume. The calls a task
// waits on the user with (attempt_completion, ask_followup_question, plan_mode_respond) end a history at rest and
// are not reported. A user message stored as a string after calls is worse: Cline empties it (on the stored object,
// so the next save writes `content: []`) and its text is lost. The fix writes the results first, with an explicit
// "interrupted" error result for each missing one; the string's text is kept as a text block.
import { Cline, defineRule, type Entry, type FixDescriptor, HeldReports, showValue } from '../../src/sdk/index.js';

const RULE_ID = 'cline/result-missing';

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'task-history',
    description: 'Every tool_use has a tool_result in the next user message, so Cline never sends "result missing".',
    docs: {
      detects: 'a `tool_use` Cline answers "result missing" before sending; a string user message after calls',
      fix: 'safe (an "interrupted" error result, results first)',
      severity: { cline: 'warn (error when a string message is lost)' },
    },
    severity: { cline: 'warn' },
    fixable: 'safe',
    formats: ['cline'],
    messages: {
      missing:
        'tool_use {{id}} ({{name}}) has no tool_result in the next user message; before every request Cline adds one that says only "result missing", so the model is never told what the call did.',
      onResume:
        'tool_use {{id}} ({{name}}) ends the history without a tool_result; when the task is resumed Cline answers it "result missing", so the model is never told what the call did.',
      contentLost:
        'This user message is stored as a string after a message with tool calls; Cline replaces its content with "result missing" results before the request (and saves it so), and its text is lost.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const send = model.sendPath();
    if (!send) return;
    const reports = new HeldReports(ctx);
    const fixes = new Map<Entry, FixDescriptor | undefined>();
    const fixOf = (key: Entry, make: () => FixDescriptor | undefined) => () => {
      if (!fixes.has(key)) fixes.set(key, make());
      return fixes.get(key);
    };
    // A call the history ends with: all of the message's unreported-as-waiting calls go in one appended message.
    const trailing = new Map<Entry, string[]>();
    for (const r of send.repairs) {
      if (r.kind === 'content-lost') {
        const { user, assistant } = r;
        reports.hold(
          { messageId: 'contentLost', at: { entry: user }, severity: 'error' },
          fixOf(user, () => Cline.pairFix(model, assistant, user)),
        );
        continue;
      }
      // Results Cline keeps as text reach the model there (the "result missing" it adds comes first); a call the
      // task waits on the user with is how it pauses, answered by the next message or the resumption.
      if (r.kind !== 'result-filled' || r.inText || Cline.WAITING_TOOLS.cline.has(String(r.use.block.name))) continue;
      const data = { id: r.id, name: showValue(r.use.block.name) };
      const { user, assistant } = r;
      if (user) {
        reports.hold(
          { messageId: 'missing', data, at: { request: r.use } },
          fixOf(user, () => Cline.pairFix(model, assistant, user)),
        );
        continue;
      }
      const ids = trailing.get(assistant) ?? [];
      trailing.set(assistant, [...ids, r.id]);
      reports.hold(
        { messageId: 'onResume', data, at: { request: r.use } },
        fixOf(assistant, () => Cline.appendResultsFix(model, RULE_ID, assistant, trailing.get(assistant)!)),
      );
    }
    reports.send();
  },
});
