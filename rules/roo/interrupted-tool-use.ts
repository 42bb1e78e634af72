// roo/interrupted-tool-use: a Roo Code history does not end with calls left without results. On resume Roo answers
// each such call "Task was interrupted before this tool call could be completed." (Task.resumeTaskFromHistory,
// RooCodeInc/Roo-Code @ cb836567), so the model is not told whether it took effect; the calls a task waits on the
// user with (attempt_completion, ask_followup_question) end a history at rest and are not reported. When the
// history ends with a user message after the calls, Roo appends those answers after the message's content, and a
// tool_result after other content is rejected by the API. Calls left without results mid-history Roo does not
// repair at all: tool-use-has-result reports them as errors. The fix writes an explicit "interrupted" error result
// first in a user message after the calls (a new one at the end, in Roo's shape, when there is none).
import {
  appendTo,
  Cline,
  defineRule,
  type Entry,
  type FixDescriptor,
  HeldReports,
  showValue,
} from '../../src/sdk/index.js';

const RULE_ID = 'roo/interrupted-tool-use';

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'task-history',
    description: 'The history does not end with tool calls left without results, which Roo Code answers on resume.',
    docs: {
      detects: 'a `tool_use` the history ends with, unanswered, which Roo answers "Task was interrupted" on resume',
      fix: 'safe (an "interrupted" error result, first in its user message)',
      severity: { roo: 'warn (error when the answer would follow other content)' },
    },
    severity: { roo: 'warn' },
    fixable: 'safe',
    formats: ['roo'],
    messages: {
      atEnd:
        'tool_use {{id}} ({{name}}) ends the history without a tool_result; when the task is resumed Roo answers it "Task was interrupted before this tool call could be completed.", so the model is not told whether it took effect.',
      lastMessage:
        'tool_use {{id}} ({{name}}) has no tool_result in the user message that ends the history; when the task is resumed Roo answers it "Task was interrupted before this tool call could be completed.", so the model is not told whether it took effect.',
      afterContent:
        "tool_use {{id}} ({{name}}) has no tool_result in the user message that ends the history; on resume Roo adds one after that message's other content, and the API rejects a tool_result that comes after other blocks.",
    },
  },
  check(ctx) {
    const { model } = ctx;
    const send = model.sendPath();
    if (!send) return;
    const reports = new HeldReports(ctx);
    const ids = new Map<Entry, string[]>();
    const fixes = new Map<Entry, FixDescriptor | undefined>();
    for (const r of send.repairs) {
      if (r.kind !== 'result-filled' || Cline.WAITING_TOOLS.roo.has(String(r.use.block.name))) continue;
      const { user, assistant } = r;
      const key = user ?? assistant;
      appendTo(ids, key, r.id);
      const data = { id: r.id, name: showValue(r.use.block.name) };
      const stored = user ? (user.raw.message as { content?: unknown }).content : undefined;
      const afterContent =
        typeof stored === 'string'
          ? stored !== ''
          : Array.isArray(stored) && stored.some((b) => !(b && typeof b === 'object' && b.type === 'tool_result'));
      reports.hold(
        {
          messageId: !user ? 'atEnd' : afterContent ? 'afterContent' : 'lastMessage',
          data,
          at: { request: r.use },
          ...(afterContent ? { severity: 'error' as const } : {}),
        },
        () => {
          if (!fixes.has(key))
            fixes.set(
              key,
              user
                ? Cline.resultsFirstFix(model, user, ids.get(key)!)
                : Cline.appendResultsFix(model, RULE_ID, assistant, ids.get(key)!),
            );
          return fixes.get(key);
        },
      );
    }
    reports.send();
  },
});
