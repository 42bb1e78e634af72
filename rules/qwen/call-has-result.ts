// qwen/call-has-result: every function call in the resumed history has its response in the user turns after it.
// When one has none (a crash or Ctrl-C before the tool_result record, a result lost to damage), Qwen Code 0.24.4
// makes one up in the request only: `{"error": "Tool execution result was not recorded — …"}`, and never writes it
// to the file (recorded: after such a resume the call is still unanswered in the file). The fix writes that
// response into the file as a tool_result record, where Qwen puts it (after the responses the turn has), so the
// request Qwen sends stays the same and the file is whole on its own.
import { appendTo, defineRule, Qwen } from '../../src/sdk/index.js';

const RULE_ID = 'qwen/call-has-result';

/** Whether the record's message is a user turn of function responses only. */
const isResultTurn = (r: Qwen.QwenRecord): boolean => {
  const parts = r.message?.parts ?? [];
  return (
    r.message?.role === 'user' &&
    parts.length > 0 &&
    parts.every((p) => typeof p !== 'string' && Qwen.isObj(p.functionResponse))
  );
};

/** The chain record the made-up response goes after: the last result turn right after the call's turn, else the call. */
function anchorOf(steps: readonly Qwen.ChainStep[], call: Qwen.QwenRecord): Qwen.QwenRecord {
  const at = steps.findIndex((s) => s.record === call);
  let anchor = call;
  for (let i = at + 1; i < steps.length; i++) {
    const r = steps[i]!.record;
    if (r.type === 'system' || !r.message) continue;
    if (!isResultTurn(r)) break;
    anchor = r;
  }
  return anchor;
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'qwen',
    description: 'Every function call in the resumed history has a response (a tool_result record) after it.',
    docs: {
      detects: 'a function call without response: Qwen Code answers it with a made-up error in the request only',
      fix: 'safe (write the response Qwen makes up as a tool_result record, where Qwen puts it)',
    },
    severity: { qwen: 'warn', openai: 'error' },
    fixable: 'safe',
    formats: ['qwen-code'],
    messages: {
      noResult:
        'Call {{id}} ({{name}}) has no response: on resume Qwen Code sends a made-up one in its place ("{{reason}}") and does not write it to the file; the tool\'s real result is lost.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const steps = model.chain().steps;
    const byCall = new Map<Qwen.QwenRecord, Qwen.MadeUpResponse[]>();
    for (const m of model.history().madeUp) {
      if (!m.call) continue;
      appendTo(byCall, m.call, m);
    }
    for (const [call, missing] of byCall) {
      const anchor = anchorOf(steps, call);
      const fix = anchor.whole
        ? (() => {
            const f = new Qwen.QwenFix(model, RULE_ID);
            f.insertMadeUpResult(
              anchor,
              missing.map((m) => ({ id: m.callId, name: m.name })),
            );
            return f.fix('safe', `write the response Qwen makes up for ${missing.map((m) => m.callId).join(', ')}`);
          })()
        : undefined;
      for (const m of missing) {
        const block = (call.message?.parts ?? []).findIndex(
          (p) => typeof p !== 'string' && Qwen.isObj(p.functionCall) && p.functionCall.id === m.callId,
        );
        ctx.report({
          messageId: 'noResult',
          at: { line: call.line, pointer: `/message/parts/${block}/functionCall` },
          data: { id: m.callId, name: m.name, reason: Qwen.ORPHAN_REASON.split(' \u2014')[0]! },
          fix,
        });
      }
    }
  },
});
