// batch/one-endpoint: every line of an OpenAI Batch API input file goes to the same endpoint. A batch is created for
// one `endpoint` (openai-python `batch_create_params.py`), and each line's `url` must be it (openai-python#2497
// reports the "URL and Endpoint mismatch" that follows). The first line's url is taken for the file's; urls the Batch
// API does not run at all are batch/line-shape's. No fix (which lines belong in another file is the user's call).
import { Batch, defineRule } from '../../src/sdk/index.js';

/** A url the Batch API runs (line-shape reports the others). */
const known = (url: unknown): url is string => typeof url === 'string' && Batch.OPENAI_BATCH_ENDPOINTS.includes(url);

export default defineRule({
  meta: {
    id: 'batch/one-endpoint',
    type: 'problem',
    view: 'batch',
    description: 'Every line of an OpenAI Batch API input file has the same `url` (a batch has one endpoint).',
    docs: { detects: "an OpenAI batch line whose `url` differs from the first line's" },
    severity: { openai: 'error' },
    formats: ['openai-batch'],
    messages: {
      mismatch:
        "`url` is {{url}}, but the file's first request (line {{first}}) goes to {{firstUrl}}: a batch is created for one endpoint, and every line's url must be it.",
    },
  },
  check(ctx) {
    const model = ctx.model;
    const first = model.records.find((r) => known(r.value.url));
    if (!first) return;
    const firstLine = Batch.fileLineOf(model, Batch.recordSite(first));
    for (const r of model.records) {
      const url = r.value.url;
      if (!known(url) || url === first.value.url) continue;
      ctx.report({
        messageId: 'mismatch',
        at: Batch.recordSite(r, '/url'),
        data: { url: JSON.stringify(url), first: firstLine, firstUrl: JSON.stringify(first.value.url) },
        related: [{ line: firstLine, message: `the first request's url, ${JSON.stringify(first.value.url)}` }],
      });
    }
  },
});
