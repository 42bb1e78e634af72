// batch/results-summary: a batch results file (Message Batches results, OpenAI Batch API output) is no request, so
// no request rule runs on it; instead of passing as clean, it is summarised once, with the counts the API itself
// names (Message Batches `request_counts`: succeeded, errored, canceled, expired; OpenAI: by HTTP status). A warning,
// so a results file never passes as a linted request; batch/result-errored reports the requests that failed.
import { type Batch, defineRule, OpenAI } from '../../src/sdk/index.js';

const ANTHROPIC_TYPES = ['succeeded', 'errored', 'canceled', 'expired'];

export default defineRule({
  meta: {
    id: 'batch/results-summary',
    type: 'suggestion',
    view: 'batch',
    description:
      'A batch results file is reported as what it is (results, not requests), with its counts, never as a clean request file.',
    docs: { detects: 'a batch results or output file: one note with the counts of its results' },
    severity: { api: 'warn', openai: 'warn' },
    formats: ['anthropic-batch-results', 'openai-batch-output'],
    messages: {
      anthropic:
        'File holds the results of a Message Batch, not requests: {{total}} ({{counts}}); no request rule ran on it.',
      openai: 'File is the output of an OpenAI batch, not requests: {{total}} ({{counts}}); no request rule ran on it.',
    },
  },
  check(ctx) {
    const model = ctx.model;
    const isOpenAI = model.kind === 'openai-batch-output';
    const counts = new Map<string, number>();
    const add = (key: string): void => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    };
    for (const r of model.records) add(isOpenAI ? openaiStatus(r) : anthropicType(r));
    const unreadable = model.file.lines.filter((l) => l.problems.length > 0).length;
    if (unreadable > 0) add('unreadable');
    const order = isOpenAI ? [...counts.keys()].sort() : [...ANTHROPIC_TYPES, ...counts.keys()];
    const words = [...new Set(order)]
      .filter((k) => counts.has(k))
      .map(
        (k) =>
          `${counts.get(k)} ${k === 'unreadable' ? (counts.get(k) === 1 ? 'line is not JSON' : 'lines are not JSON') : k}`,
      );
    const total = model.records.length;
    ctx.report({
      messageId: isOpenAI ? 'openai' : 'anthropic',
      at: { line: 1 },
      data: { total: `${total} result${total === 1 ? '' : 's'}`, counts: words.join(', ') || 'none' },
    });
  },
});

function anthropicType(r: Batch.BatchRecord): string {
  const result = r.value.result;
  return OpenAI.isJsonObject(result) && typeof result.type === 'string' ? result.type : 'without a result type';
}

function openaiStatus(r: Batch.BatchRecord): string {
  const { response, error } = r.value;
  if (OpenAI.isJsonObject(error)) return 'failed';
  if (OpenAI.isJsonObject(response) && typeof response.status_code === 'number') {
    return response.status_code === 200 ? 'succeeded (200)' : `failed (${response.status_code})`;
  }
  return 'without a response';
}
