// thinking-provenance: the thinking signatures of a session look like ones the API will take. A signature is bound
// to the key, model and provider that made it; the API rejects one it cannot verify ("Invalid `signature` in
// `thinking` block"), and Claude Code 2.1.332 then retries once with every thinking block of the history stripped,
// measured on recordings of the real CLI under a stand-in that checks its own signatures (issue 14, items b04a,
// b04b): a truncated signature and a well-formed foreign one were both rejected once, then stripped. Only some cases
// can be told from the file, by heuristics:
// - a signature far shorter than the session's others (under half their median): cut off;
// - signed thinking in a session whose tool calls carry Bedrock ids (`toolu_bdrk_…`, b04c): the signatures were
//   probably made by Bedrock, and the first-party API cannot verify them (not measured: the stand-in takes them).
// A foreign signature of normal length cannot be told. The safe fix removes a cut-off thinking block (the retry
// would strip it, and all others, anyway).
import { blockPointer, defineRule, PlannedReports, storedSite, toolIndex, type ApiBlock } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'thinking-provenance',
    type: 'problem',
    view: 'request',
    description: 'Thinking signatures look like ones the API that resumes the session can verify.',
    docs: {
      detects: "a thinking signature far shorter than the session's others; signed thinking in a Bedrock-made session",
      fix: 'safe (remove a cut-off thinking block)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      truncated:
        'This thinking signature is {{length}} characters, far shorter than the session\'s others (about {{median}}): it looks cut off; the API rejects it ("Invalid `signature` in `thinking` block"), and Claude Code then retries with every thinking block of the history stripped.',
      otherProvider:
        'The session\'s tool calls carry Bedrock ids ({{id}}), so its thinking signatures were probably made by Bedrock; resumed on the first-party API they may be rejected ("Invalid `signature` in `thinking` block"), and Claude Code then retries with every thinking block stripped.',
    },
  },
  check(ctx) {
    const thinking: ApiBlock[] = [];
    for (const m of ctx.model.apiView().merged) {
      if (m.role !== 'assistant') continue;
      for (const b of m.blocks)
        if (
          !b.origin.synthetic &&
          b.block.type === 'thinking' &&
          typeof b.block.signature === 'string' &&
          b.block.signature !== ''
        )
          thinking.push(b);
    }
    if (thinking.length === 0) return;
    const reports = new PlannedReports(ctx);
    const lengths = thinking.map((b) => (b.block.signature as string).length);
    const sorted = Float64Array.from(lengths).sort();
    thinking.forEach((b, i) => {
      const median = medianWithout(sorted, lengths[i]!);
      if (median === undefined || lengths[i]! * 2 >= median) return;
      const site = storedSite(ctx.model, b);
      const plan = site ? reports.plan(b.origin.line).removeSite(site) : undefined;
      reports.add(
        {
          messageId: 'truncated',
          data: { length: lengths[i]!, median },
          at: { request: b, pointer: `${blockPointer(b)}/signature` },
        },
        plan && { plan, description: 'remove the thinking block whose signature is cut off' },
      );
    });
    const bedrock = [...toolIndex(ctx.model).uses.keys()].find((id) => id.startsWith('toolu_bdrk_'));
    if (bedrock)
      reports.add({
        messageId: 'otherProvider',
        severity: 'warn',
        data: { id: bedrock },
        at: { request: thinking[0]!, pointer: `${blockPointer(thinking[0]!)}/signature` },
      });
    reports.send();
  },
});

/**
 * The median (the upper one of an even count) of the sorted lengths with one `value` taken out: what sorting the
 * others gives, without a sort per block (a session of thousands of thinking blocks made that quadratic).
 */
export function medianWithout(sorted: Float64Array, value: number): number | undefined {
  const n = sorted.length - 1;
  if (n === 0) return undefined;
  const m = Math.floor(n / 2);
  // Where `value` is: the others are `sorted` without that index, so from there on they are one further.
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return m < lo ? sorted[m] : sorted[m + 1];
}
