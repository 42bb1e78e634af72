// thinking-provenance: the thinking signatures of a session look like ones the API will take. A signature is bound
// to the key, model and provider that made it; the API rejects one it cannot verify ("Invalid `signature` in
// `thinking` block"), and Claude Code 2.1.332 then retries once with every thinking block of the history stripped,
// measured on recordings of the real CLI under a stand-in that checks its own signatures (issue 14, items b04a,
// b04b): a truncated signature and a well-formed foreign one were both rejected once, then stripped. Only some cases
// can be told from the file:
// - a signature of the API's own shape (base64 of a protobuf message, its first field the length-delimited field 2)
//   whose fields run past its end: cut off. All 399 such signatures of the corpus parse whole, and cut at 30, 50 or
//   90% of their length 400, 399 and 399 do not. Their lengths say nothing: real ones run from 340 to 11,000
//   characters with the thinking's length, so a short one is no sign of a cut;
// - a signature of another shape (a stand-in's, as `sigv1.…`) far shorter than the session's others of that shape:
//   under half their median and under half each one that is not (so that removing one raises no median that makes the
//   next one short: the fix loop would otherwise remove them one by one);
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
      detects:
        "a thinking signature cut off (its encoded fields run past its end; or, of another shape, far shorter than the session's others); signed thinking in a Bedrock-made session",
      fix: 'safe (remove a cut-off thinking block)',
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      truncated:
        'This thinking signature is {{length}} characters, far shorter than the session\'s others (about {{median}}): it looks cut off; the API rejects it ("Invalid `signature` in `thinking` block"), and Claude Code then retries with every thinking block of the history stripped.',
      cutShort:
        'This thinking signature ends before the data it declares ({{length}} characters, its last field runs past the end): it was cut off; the API rejects it ("Invalid `signature` in `thinking` block"), and Claude Code then retries with every thinking block of the history stripped.',
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
    const signatures = thinking.map((b) => b.block.signature as string);
    const shapes = signatures.map(signatureShape);
    const short = shortAmongOthers(signatures.map((sig, i) => (shapes[i] === 'other' ? sig.length : undefined)));
    thinking.forEach((b, i) => {
      const length = signatures[i]!.length;
      const median = short.get(i);
      if (shapes[i] !== 'cut' && median === undefined) return;
      const site = storedSite(ctx.model, b);
      const plan = site ? reports.plan(b.origin.line).removeSite(site) : undefined;
      reports.add(
        {
          ...(shapes[i] === 'cut'
            ? { messageId: 'cutShort' as const, data: { length } }
            : { messageId: 'truncated' as const, data: { length, median: median! } }),
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

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * 'complete' or 'cut' for a signature of the API's shape (base64 of a protobuf message starting with field 2,
 * length-delimited), by whether its fields end where it ends; 'other' for any other shape.
 */
export function signatureShape(signature: string): 'complete' | 'cut' | 'other' {
  if (!BASE64.test(signature)) return 'other';
  const bytes = Buffer.from(signature, 'base64');
  if (bytes[0] !== 0x12) return 'other';
  return protobufEndsWhole(bytes) ? 'complete' : 'cut';
}

/** Whether the bytes are a sequence of whole protobuf fields (no field runs past the end). */
function protobufEndsWhole(bytes: Uint8Array): boolean {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 1, k = 0; k < 10 && at < bytes.length; k++, shift *= 128) {
      const b = bytes[at++]!;
      value += (b & 0x7f) * shift;
      if ((b & 0x80) === 0) return value;
    }
    return -1;
  };
  while (at < bytes.length) {
    const tag = varint();
    if (tag < 0) return false;
    const wire = tag % 8;
    let skip: number;
    if (wire === 0) skip = varint() < 0 ? -1 : 0;
    else if (wire === 2) skip = varint();
    else if (wire === 1) skip = 8;
    else if (wire === 5) skip = 4;
    else return false;
    if (skip < 0 || at + skip > bytes.length) return false;
    at += skip;
  }
  return true;
}

/**
 * The lengths (undefined: not counted) under half the median of the other counted ones and under half each counted
 * one that is not: index → that median.
 */
export function shortAmongOthers(lengths: readonly (number | undefined)[]): Map<number, number> {
  const counted = lengths.filter((l): l is number => l !== undefined);
  const sorted = Float64Array.from(counted).sort();
  const candidates = new Map<number, number>();
  lengths.forEach((length, i) => {
    if (length === undefined) return;
    const median = medianWithout(sorted, length);
    if (median !== undefined && length * 2 < median) candidates.set(i, median);
  });
  let shortestOther = Number.POSITIVE_INFINITY;
  lengths.forEach((length, i) => {
    if (length !== undefined && !candidates.has(i)) shortestOther = Math.min(shortestOther, length);
  });
  for (const i of candidates.keys()) if (lengths[i]! * 2 >= shortestOther) candidates.delete(i);
  return candidates;
}

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
