// batch/max-tokens: every request of a Message Batch asks for at least one token. A plain Messages API request may
// send `max_tokens: 0` to pre-warm the prompt cache; a batch may not (the batch-processing guide: "max_tokens of at
// least 1. max_tokens: 0 (cache pre-warming) is not supported inside a batch, because an ephemeral cache entry
// written during batch processing would likely expire before the follow-up request runs."). No fix: how many tokens
// the request should get is the user's call.
import { Batch, defineRule } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'batch/max-tokens',
    type: 'problem',
    view: 'batch',
    description: 'Every request of a Message Batch has `max_tokens` of at least 1.',
    docs: { detects: 'a Message Batches request with `max_tokens` below 1 (0: cache pre-warming)' },
    severity: { api: 'error' },
    formats: ['anthropic-batch'],
    messages: {
      tooLow:
        '`params.max_tokens` is {{value}}; inside a batch it must be at least 1 ("max_tokens: 0 (cache pre-warming) is not supported inside a batch").',
    },
  },
  check(ctx) {
    for (const r of ctx.model.records) {
      const params = r.value.params;
      if (params === null || typeof params !== 'object') continue;
      const value = (params as Record<string, unknown>).max_tokens;
      if (typeof value === 'number' && value < 1)
        ctx.report({ messageId: 'tooLow', at: Batch.recordSite(r, '/params/max_tokens'), data: { value } });
    }
  },
});
