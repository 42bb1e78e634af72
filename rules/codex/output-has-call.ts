// codex/output-has-call: every output answers a call earlier in the history. Codex 0.169.0 drops an output whose call
// is not in the history (in the request only, logging "Orphan function call output for call id: …"); it sends an
// output placed before its call, or one without a call_id, as it is, and the API rejects both. The fix removes what
// Codex drops anyway, and moves an early output to right after its call.
import { appendTo, Codex, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

const RULE_ID = 'codex/output-has-call';

const ORPHAN_LOG: Record<Codex.OutputType, string> = {
  function_call_output: 'Orphan function call output for call id',
  custom_tool_call_output: 'Orphan custom tool call output for call id',
  tool_search_output: 'Orphan tool search output for call id',
};

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'codex',
    description:
      'Every output (function_call_output, custom_tool_call_output, tool_search_output) answers a call before it in the history.',
    docs: {
      detects: 'an output whose call is not in the history, one placed before its call, one without a call_id',
      fix: 'safe (remove what Codex drops anyway; move an early output after its call); unsafe (remove an output without call_id)',
      severity: { codex: 'warn (Codex drops it) / error (sent and rejected)' },
    },
    severity: { codex: 'warn', 'openai-responses': 'error' },
    fixable: 'safe',
    formats: ['codex-rollout'],
    messages: {
      orphan:
        '{{label}} answers no call in the history: Codex drops it from the request ("{{log}}: {{id}}"), the file keeps it; sent as it is, the API rejects the request ("No tool call found for function call output with call_id {{id}}.").',
      beforeCall:
        '{{label}} comes before its call (line {{callLine}}): Codex sends it where it is, and the API rejects the request ("No tool call found for function call output with call_id {{id}}.").',
      noCallId:
        '{{type}} has no call_id: Codex sends it without one, and the API rejects the request (a required parameter is missing).',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const history = model.restoredResume().history;
    // Each call id's items, by place in the history: looked up per output, not searched (that was quadratic).
    const byCallId = new Map<string, number[]>();
    history.forEach((c, k) => {
      const callId = c.item.call_id;
      if (typeof callId !== 'string') return;
      appendTo(byCallId, callId, k);
    });
    for (const [i, h] of history.entries()) {
      const t = h.item.type;
      if (!Codex.isOutputType(t)) continue;
      const stored = Codex.storedRecord(model, h);
      const at = Codex.siteOf(h);
      const id = h.item.call_id;
      const label = Codex.itemLabel(h.item);
      if (typeof id !== 'string') {
        ctx.report({
          messageId: 'noCallId',
          at,
          severity: 'error',
          data: { type: t },
          fix: stored
            ? Codex.removeItem(new Codex.CodexFix(model, RULE_ID), stored, h).fix(
                'unsafe',
                'remove the output (it answers no call it names)',
              )
            : undefined,
        });
        continue;
      }
      const kinds = Codex.callTypesAnsweredBy(t);
      const calls = (byCallId.get(id) ?? []).filter((k) => kinds.includes(history[k]!.item.type as Codex.CallType));
      if (calls.length === 0) {
        ctx.report({
          messageId: 'orphan',
          at,
          data: { label, log: ORPHAN_LOG[t], id },
          fix: stored
            ? Codex.removeItem(new Codex.CodexFix(model, RULE_ID), stored, h).fix(
                'safe',
                `remove the output of ${id}, whose call is not in the history`,
              )
            : undefined,
        });
        continue;
      }
      if (calls.some((k) => k < i)) continue;
      const call = history[calls[0]!]!;
      const callStored = Codex.storedRecord(model, call);
      let fix: FixDescriptor | undefined;
      if (stored && callStored && Codex.isWholeRecord(h) && Codex.isWholeRecord(call)) {
        const laterOutput = byCallId.get(id)!.some((k) => k > calls[0]! && history[k]!.item.type === t);
        fix = laterOutput
          ? new Codex.CodexFix(model, RULE_ID)
              .deleteLine(stored.line)
              .fix('unsafe', 'remove the early output (the call has another one after it)')
          : new Codex.CodexFix(model, RULE_ID)
              .deleteLine(stored.line)
              .insertRaw(callStored.line, stored.raw, { moved_from_line: stored.line })
              .fix('safe', `move the output to right after its call (line ${callStored.line})`);
      }
      ctx.report({
        messageId: 'beforeCall',
        at,
        severity: 'error',
        data: { label, id, callLine: call.record?.line ?? '?' },
        fix,
      });
    }
  },
});
