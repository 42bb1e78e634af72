// batch/result-errored: each request a batch could not answer, by its custom_id and with the API's own error: an
// `errored` Message Batches result (its `error.error.type` and `message`), an `expired` one (the batch ended, after
// up to 24 hours, before the request ran: a warning, it can simply be sent again); an OpenAI output line with an
// `error`, or a response whose status is not 200 (its body's `error.message`). Canceled requests were the user's
// own doing and are only counted (batch/results-summary).
import { Batch, defineRule, OpenAI } from '../../src/sdk/index.js';

const isObject = OpenAI.isJsonObject;

export default defineRule({
  meta: {
    id: 'batch/result-errored',
    type: 'problem',
    view: 'batch',
    description: 'Every request of a batch results file succeeded (an errored or expired result names its custom_id).',
    docs: {
      detects: 'an errored (or expired) Message Batches result; an OpenAI batch output line that failed',
      severity: { api: 'error (expired: warn)' },
    },
    severity: { api: 'error', openai: 'error' },
    formats: ['anthropic-batch-results', 'openai-batch-output'],
    messages: {
      errored: 'Request {{id}} failed with {{type}}: "{{message}}"',
      expired:
        'Request {{id}} expired: the batch ended before it was processed (a batch runs for up to 24 hours); send it again.',
      failed: 'Request {{id}} failed with HTTP {{status}}: "{{message}}"',
      openaiError: 'Request {{id}} failed with {{code}}: "{{message}}"',
    },
  },
  check(ctx) {
    const isOpenAI = ctx.model.kind === 'openai-batch-output';
    for (const r of ctx.model.records) {
      const id = JSON.stringify(r.value.custom_id ?? null);
      if (isOpenAI) checkOpenAI(r, id);
      else checkAnthropic(r, id);
    }

    function checkAnthropic(r: Batch.BatchRecord, id: string): void {
      const result = r.value.result;
      if (!isObject(result)) return;
      if (result.type === 'expired') {
        ctx.report({ messageId: 'expired', at: Batch.recordSite(r, '/result'), data: { id }, severity: 'warn' });
        return;
      }
      if (result.type !== 'errored') return;
      // ErrorResponse: {type: "error", error: {type, message}, request_id}.
      const inner = isObject(result.error) && isObject(result.error.error) ? result.error.error : result.error;
      const type = isObject(inner) && typeof inner.type === 'string' ? inner.type : 'error';
      const message = isObject(inner) && typeof inner.message === 'string' ? inner.message : '(no message)';
      ctx.report({ messageId: 'errored', at: Batch.recordSite(r, '/result/error'), data: { id, type, message } });
    }

    function checkOpenAI(r: Batch.BatchRecord, id: string): void {
      const { error, response } = r.value;
      if (isObject(error)) {
        const code = typeof error.code === 'string' ? error.code : 'error';
        const message = typeof error.message === 'string' ? error.message : '(no message)';
        ctx.report({ messageId: 'openaiError', at: Batch.recordSite(r, '/error'), data: { id, code, message } });
        return;
      }
      if (!isObject(response) || typeof response.status_code !== 'number' || response.status_code === 200) return;
      const body = response.body;
      const inner = isObject(body) && isObject(body.error) ? body.error : undefined;
      const message = typeof inner?.message === 'string' ? inner.message : '(no message)';
      ctx.report({
        messageId: 'failed',
        at: Batch.recordSite(r, '/response'),
        data: { id, status: response.status_code, message },
      });
    }
  },
});
