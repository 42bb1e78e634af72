// qwen/result-has-call: every function response in the resumed history answers a call of the model turn before
// it. Qwen Code 0.24.4 drops a response whose call is not there (the call's record lost or relinked away) and a
// second response to the same call, in the request only: recorded, the result of a call whose record was dropped is
// not sent, and nothing says so. There is no fix: the call is gone, and Qwen already sends the file as if the
// response were not there.
import { defineRule, Qwen } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'qwen/result-has-call',
    type: 'problem',
    view: 'qwen',
    description: 'Every function response in the resumed history answers a call of the model turn before it, once.',
    docs: {
      detects: 'a function response without its call, or a second one to the same call: Qwen drops it from the request',
    },
    severity: { qwen: 'warn', openai: 'error' },
    formats: ['qwen-code'],
    messages: {
      noCall:
        'Response {{id}} ({{name}}) answers no call of the model turn before it: Qwen Code leaves it out of the request on resume, and the call and its result are lost to the model.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const sent = new Set(
      model
        .sent()
        .filter((m) => m.role === 'tool')
        .map((m) => m.tool_call_id),
    );
    const reported = new Set<string>();
    for (const content of model.history().contents)
      content.parts.forEach((p, i) => {
        if (!p.record || typeof p.part === 'string' || !Qwen.isObj(p.part.functionResponse)) return;
        const fr = p.part.functionResponse;
        const id = typeof fr.id === 'string' ? fr.id : '';
        const key = `${p.record.line}\u0000${id}`;
        if (sent.has(id) || reported.has(key)) return;
        reported.add(key);
        const block = (p.record.message?.parts ?? []).indexOf(p.part);
        ctx.report({
          messageId: 'noCall',
          at: { line: p.record.line, pointer: `/message/parts/${block === -1 ? i : block}/functionResponse` },
          data: { id: id || '(none)', name: typeof fr.name === 'string' ? fr.name : '(none)' },
        });
      });
  },
});
