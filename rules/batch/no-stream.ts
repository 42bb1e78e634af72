// batch/no-stream: no request of a batch asks to be streamed. A Message Batches request's params are typed
// `MessageCreateParamsNonStreaming` by both SDKs (`stream` absent or false: anthropic-sdk-python
// `batch_create_params.py`), and a batch's results come back whole, never streamed. For OpenAI's Batch API no source
// says what `body.stream: true` does (llm-d-batch-gateway#153 says OpenAI rejects it during validation): a warning.
// The fix removes `stream` (safe: a batch answers every request whole, whatever it says).
import { Batch, defineRule } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'batch/no-stream',
    type: 'problem',
    view: 'batch',
    description: 'No request of a batch file sets `stream: true`.',
    docs: {
      detects: 'a batch request with `stream: true` in its params (OpenAI: its body)',
      severity: { openai: 'warn' },
    },
    severity: { api: 'error', openai: 'warn' },
    fixable: 'safe',
    formats: ['anthropic-batch', 'openai-batch'],
    messages: {
      stream:
        '`params.stream` is true, but batch requests are non-streaming (`MessageCreateParamsNonStreaming`: stream may only be false); the batch answers the request whole.',
      openaiStream:
        '`body.stream` is true, but the Batch API answers every request whole; batch gateways reject such lines ("OpenAI rejects such requests during validation", llm-d-batch-gateway#153).',
    },
  },
  check(ctx) {
    const openaiBatch = ctx.model.kind === 'openai-batch';
    const key = openaiBatch ? 'body' : 'params';
    for (const r of ctx.model.records) {
      const holder = r.value[key];
      if (holder === null || typeof holder !== 'object' || (holder as Record<string, unknown>).stream !== true)
        continue;
      ctx.report({
        messageId: openaiBatch ? 'openaiStream' : 'stream',
        at: Batch.recordSite(r, `/${key}/stream`),
        fix: {
          applicability: 'safe',
          description: `remove ${key}.stream`,
          edits: [Batch.recordEdit(r, `/${key}/stream`)],
        },
      });
    }
  },
});
