// unique-tool-use-id: a tool_use id may appear once in a request. The API rejects a repeat (E3, a burst of reports
// around v2.1.19); Claude Code 2.1.332 drops the later tool_use and its result on resume. The fix removes the same
// two blocks from the file.
import {
  Anthropic,
  type ApiBlock,
  type ApiMessage,
  appendTo,
  defineRule,
  type Entry,
  type FixDescriptor,
  FixPlan,
  type TranscriptModel,
} from '../src/sdk/index.js';

/**
 * Remove the later tool_use and the result that answers it: in the next user message, the results with that id
 * answer the uses of the message in order (Claude Code keeps the first result per id), so the n-th use of the id in
 * this message (`rank`, from 0) owns the n-th result. `results` are the next message's results by id, when it is a
 * user message.
 */
function removeLaterUse(
  model: TranscriptModel,
  use: ApiBlock,
  rank: number,
  results: ReadonlyMap<unknown, ApiBlock[]> | undefined,
): FixDescriptor | undefined {
  const id = use.block.id as string;
  const useEntry = model.entryAtLine(use.origin.line);
  if (!useEntry || use.origin.blockIndex === undefined) return undefined;
  const targets = new Map<Entry, number[]>([[useEntry, [use.origin.blockIndex]]]);
  let withResult = false;
  const result = results?.get(id)?.[rank];
  const resultEntry = result ? model.entryAtLine(result.origin.line) : undefined;
  if (result && resultEntry && result.origin.blockIndex !== undefined) {
    appendTo(targets, resultEntry, result.origin.blockIndex);
    withResult = true;
  }
  return new FixPlan(model)
    .removeBlocks(targets)
    .fix(
      'safe',
      withResult ? `remove the repeated tool_use ${id} and its tool_result` : `remove the repeated tool_use ${id}`,
    );
}

/** A user message's recorded tool_result blocks by the id they answer, in order. */
function resultsById(m: ApiMessage | undefined): Map<unknown, ApiBlock[]> | undefined {
  if (m?.role !== 'user') return undefined;
  const byId = new Map<unknown, ApiBlock[]>();
  for (const b of Anthropic.blocksOfType(m, 'tool_result')) {
    appendTo(byId, b.block.tool_use_id, b);
  }
  return byId;
}

export default defineRule({
  meta: {
    id: 'unique-tool-use-id',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'No tool_use id is used twice in the request.',
    docs: { detects: 'a `tool_use` id used twice' },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      dropped:
        'tool_use id {{id}} was already used on line {{first}}; on resume Claude Code drops this later tool_use and its result.',
      notUnique:
        'tool_use id {{id}} was already used on line {{first}}; the API rejects the request: `tool_use` ids must be unique.',
    },
  },
  check(ctx) {
    const first = new Map<string, ApiBlock>();
    const conv = Anthropic.conversation(ctx.model.apiView().merged);
    for (let k = 0; k < conv.length; k++) {
      const m = conv[k]!;
      if (m.role !== 'assistant') continue;
      // Counted as the message is walked, and the next message indexed once: a message merged from many copies of
      // one response can hold thousands of repeats.
      const rankOf = new Map<string, number>();
      let results: Map<unknown, ApiBlock[]> | undefined | null = null;
      for (const use of Anthropic.blocksOfType(m, 'tool_use')) {
        const id = use.block.id;
        if (typeof id !== 'string') continue;
        const rank = rankOf.get(id) ?? 0;
        rankOf.set(id, rank + 1);
        const earlier = first.get(id);
        if (!earlier) {
          first.set(id, use);
          continue;
        }
        ctx.report({
          messageId: ctx.target === 'claude-code' ? 'dropped' : 'notUnique',
          data: { id, first: ctx.model.displayLine(earlier.origin.line, earlier.origin.blockIndex) },
          at: { request: use },
          related: [{ line: earlier.origin.line, message: `first tool_use with id ${id}` }],
          fix: removeLaterUse(ctx.model, use, rank, results === null ? (results = resultsById(conv[k + 1])) : results),
        });
      }
    }
  },
});
