// gemini/call-has-response: every function call Gemini CLI sends on resume is answered in the next turn. A call
// left without its result (a crash or Ctrl-C while the tool ran: `toolCalls[]` without `result`, no `user` record)
// is sent as it is, and the Gemini API rejects every request of the session ("Please ensure that the number of
// function response parts is equal to the number of function call parts of the function call turn.", gemini-cli
// #1690, #5718, #6638, #16543). The fix writes what the CLI itself records for a cancelled call: the call's
// `status` "cancelled" and a `result` of one functionResponse `{error: "[Operation Cancelled] Reason: …"}`
// (the scheduler's cancelled response, packages/core/src/scheduler).
import { defineRule, Gemini } from '../../src/sdk/index.js';

const REASON = '[Operation Cancelled] Reason: the tool call was interrupted and its result was not recorded';

export default defineRule({
  meta: {
    id: 'gemini/call-has-response',
    type: 'problem',
    view: 'gemini',
    description: 'Every function call the CLI sends on resume has its functionResponse in the next turn.',
    docs: {
      detects: 'a tool call stored without a result, and no record answering it (a crash or Ctrl-C mid-tool)',
      fix: 'safe (record the call as cancelled, with the error response the CLI writes for a cancelled call)',
    },
    severity: { gemini: 'error' },
    fixable: 'safe',
    formats: ['gemini-cli'],
    messages: {
      unanswered:
        'Call {{name}} {{id}} has no response in the next turn: resumed, the Gemini API rejects every request ("Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const c of Gemini.callPairings(model)) {
      if (c.responses > 0) continue;
      const origin = c.call.origin;
      if (!origin) continue;
      const m = origin.message;
      const k = m ? /^\/toolCalls\/(\d+)$/.exec(origin.pointer.slice(m.pointer.length))?.[1] : undefined;
      const stored = m && k !== undefined ? (m.raw.toolCalls as unknown[])[Number(k)] : undefined;
      // With older copies appended (gemini/stale-record), keeping them out may give the response back: no fix here.
      const fix =
        model.staleCopies.length === 0 && Gemini.isObj(stored) && !stored.result
          ? {
              applicability: 'safe' as const,
              description: `record ${c.name} ${c.id ?? ''} as cancelled, as the CLI records a cancelled call`,
              edits: [
                {
                  kind: 'set' as const,
                  line: origin.line,
                  pointer: `${origin.pointer}/result`,
                  value: [{ functionResponse: { id: stored.id, name: stored.name, response: { error: REASON } } }],
                },
                { kind: 'set' as const, line: origin.line, pointer: `${origin.pointer}/status`, value: 'cancelled' },
              ],
            }
          : undefined;
      ctx.report({
        messageId: 'unanswered',
        at: { line: origin.line, pointer: origin.pointer },
        data: { name: c.name ?? '?', id: c.id ?? '(no id)' },
        fix,
      });
    }
  },
});
