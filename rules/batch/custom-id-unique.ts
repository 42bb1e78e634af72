// batch/custom-id-unique: no two requests of a batch file share a custom_id. Results come back in any order and are
// matched to their requests only by it (Message Batches: "Must be unique for each request within the Message
// Batch."; OpenAI BatchRequestInput: "Must be unique for each request in a batch."). A later request that is an exact
// copy of an earlier one (the same JSON) is dropped (safe: the same request is still sent once, under the same id);
// two different requests under one id are left to the user, whose code decides which id each should have.
import { Batch, defineRule, HeldReports } from '../../src/sdk/index.js';

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export default defineRule({
  meta: {
    id: 'batch/custom-id-unique',
    type: 'problem',
    view: 'batch',
    description: 'Every request of a batch file has its own custom_id.',
    docs: {
      detects: 'a custom_id used by two requests of one batch file',
      fix: 'safe (drop a later request that is an exact copy of an earlier one)',
    },
    severity: { api: 'error', openai: 'error' },
    fixable: 'safe',
    formats: ['anthropic-batch', 'openai-batch'],
    messages: {
      duplicate:
        'custom_id {{id}} is already used by the request on line {{first}}; results are matched to requests only by their custom_id, which "must be unique for each request within the Message Batch".',
      openaiDuplicate:
        'custom_id {{id}} is already used by the request on line {{first}}; outputs are matched to inputs only by their custom_id, which "must be unique for each request in a batch".',
    },
  },
  check(ctx) {
    const model = ctx.model;
    const firstById = new Map<string, Batch.BatchRecord>();
    const copies: Batch.BatchRecord[] = [];
    const held = new HeldReports(ctx);
    const fix = () => ({
      applicability: 'safe' as const,
      description:
        copies.length === 1
          ? 'drop the exact copy of an earlier request'
          : `drop ${copies.length} exact copies of earlier requests`,
      // Highest index first, so the indexes of a create body's requests stay right.
      edits: [...copies].sort((a, b) => b.index - a.index).map(Batch.deleteRecord),
    });
    for (const r of model.records) {
      const id = r.value.custom_id;
      if (typeof id !== 'string') continue;
      const first = firstById.get(id);
      if (!first) {
        firstById.set(id, r);
        continue;
      }
      const copy = sameJson(first.value, r.value);
      if (copy) copies.push(r);
      const firstLine = Batch.fileLineOf(model, Batch.recordSite(first));
      held.hold(
        {
          messageId: model.kind === 'openai-batch' ? 'openaiDuplicate' : 'duplicate',
          at: Batch.recordSite(r, '/custom_id'),
          data: { id: JSON.stringify(id), first: firstLine },
          related: [{ line: firstLine, message: `custom_id ${JSON.stringify(id)} first used here` }],
        },
        copy ? fix : undefined,
      );
    }
    held.send();
  },
});
