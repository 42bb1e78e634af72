// context-budget: the history's last recorded size (the usage of its last reply) leaves room in the model's context
// window. Measured on recordings of the real Claude Code 2.1.332 (recorded items b06a, b06b): with the last reply's
// usage at 990,000 input plus 50,000 cached tokens, resume compacted the history at once (two compaction requests,
// then the prompt with a summary in place of the turns); 195,000 did not (recording main, first try). When the API
// itself answers "prompt is too long", the reactive compaction fails too and the resume ends with rc=1 "Prompt is too
// long". The window is not in the file: 1,000,000 tokens for the models the recordings used (claude-opus-5-5) and
// for `[1m]` model ids, 200,000 otherwise; the threshold Claude Code compacts at is not known exactly (92% is used).
// No fix: what to give up is the user's choice (`/compact` keeps what matters to them).
import { defineRule, type Entry, isSyntheticApiError, isObject, messageOf } from '../src/sdk/index.js';

/** The share of the window from which the rule expects Claude Code to compact on resume. */
export const COMPACT_AT = 0.92;

/** The context window of a model id, as far as the file tells (see above). */
export function windowOf(model: string | undefined): number {
  if (model && (/\[1m\]/i.test(model) || /^claude-(opus|sonnet)-5/.test(model))) return 1_000_000;
  return 200_000;
}

const tokens = (n: number): string => n.toLocaleString('en-US');

export default defineRule({
  meta: {
    id: 'context-budget',
    type: 'suggestion',
    view: 'storage',
    formats: ['claude-code'],
    description: "The history's last recorded size leaves room in the model's context window.",
    docs: { detects: "a history whose last reply's usage is near or over the model's context window" },
    severity: { 'claude-code': 'warn', api: 'off' },
    messages: {
      nearWindow:
        "The last reply used {{used}} tokens of context, near {{model}}'s window of {{window}}; on resume Claude Code compacts the history at once (a summary replaces the turns) before it sends the prompt.",
      overWindow:
        'The last reply used {{used}} tokens of context, over {{model}}\'s window of {{window}}; on resume Claude Code compacts first, and if the API still finds the prompt too long, the resume fails ("Prompt is too long").',
    },
  },
  check(ctx) {
    const { active } = ctx.model.chain();
    let last: Entry | undefined;
    for (let i = active.length - 1; i >= 0 && !last; i--) {
      const e = active[i]!;
      if (e.type === 'assistant' && !isSyntheticApiError(e) && messageOf(e)?.model !== '<synthetic>') last = e;
    }
    if (!last) return;
    const usage = isObject(last.raw.message) ? last.raw.message.usage : undefined;
    if (!isObject(usage)) return;
    const n = (k: string): number => (typeof usage[k] === 'number' ? (usage[k] as number) : 0);
    const used =
      n('input_tokens') + n('cache_read_input_tokens') + n('cache_creation_input_tokens') + n('output_tokens');
    const model = messageOf(last)?.model;
    const window = windowOf(model);
    if (used < window * COMPACT_AT) return;
    ctx.report({
      messageId: used > window ? 'overWindow' : 'nearWindow',
      data: { used: tokens(used), window: tokens(window), model: model ?? 'the model' },
      at: { entry: last, pointer: '/message/usage' },
    });
  },
});
