// batch/one-model: every request of an OpenAI Batch API input file names the same model. OpenAI's Batch guide says
// "Each input file can only include requests to a single model"; the sentence was seen only in third-party copies
// (NOTES §2.2), so this is a warning. The first line's model is taken for the file's; no fix.
import { Batch, defineRule, OpenAI } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'batch/one-model',
    type: 'suggestion',
    view: 'batch',
    description: 'Every request of an OpenAI Batch API input file names the same model.',
    docs: { detects: "an OpenAI batch line whose `body.model` differs from the first line's" },
    severity: { openai: 'warn' },
    formats: ['openai-batch'],
    messages: {
      mismatch:
        '`body.model` is {{model}}, but the file\'s first request (line {{first}}) uses {{firstModel}}: "Each input file can only include requests to a single model" (OpenAI Batch guide).',
    },
  },
  check(ctx) {
    const model = ctx.model;
    const modelOf = (v: unknown): string | undefined =>
      OpenAI.isJsonObject(v) && typeof v.model === 'string' ? v.model : undefined;
    const first = model.records.find((r) => modelOf(r.value.body) !== undefined);
    if (!first) return;
    const firstModel = modelOf(first.value.body)!;
    const firstLine = Batch.fileLineOf(model, Batch.recordSite(first));
    for (const r of model.records) {
      const m = modelOf(r.value.body);
      if (m === undefined || m === firstModel) continue;
      ctx.report({
        messageId: 'mismatch',
        at: Batch.recordSite(r, '/body/model'),
        data: { model: JSON.stringify(m), first: firstLine, firstModel: JSON.stringify(firstModel) },
        related: [{ line: firstLine, message: `the first request's model, ${JSON.stringify(firstModel)}` }],
      });
    }
  },
});
