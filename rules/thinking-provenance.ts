// thinking-provenance: the thinking signatures of a session look like ones the API will take. A signature is bound
// to the key, model and provider that made it; the API rejects one it cannot verify ("Invalid `signature` in
// `thinking` block"), and Claude Code 2.1.332 then retries once with every thinking block of the history stripped,
// measured on recordings of the real CLI under a stand-in that checks its own signatures (recorded items b04a,
// b04b): a truncated signature and a well-formed foreign one were both rejected once, then stripped. Only some cases
// can be told from the file:
// - a signature of the API's own shape (base64 of a protobuf message, its first field the length-delimited field 2)
//   whose fields run past its end: cut off. All 398 such signatures of the corpus parse whole, and all 398 cut at 30,
//   50 or 90% of their length do not. Their lengths say nothing: real ones run from 340 to 11,000 characters with
//   the thinking's length, so a short one is no sign of a cut;
// - a signature of another shape (a stand-in's, as `sigv1.…`) far shorter than the session's others of that shape:
//   one of the shortest few, under half of every other (see shortAmongOthers: removing them makes no other short,
//   or the fix loop would remove them one by one);
// - signed thinking in a session whose tool calls carry Bedrock ids (`toolu_bdrk_…`, b04c): the signatures were
//   probably made by Bedrock, and the first-party API cannot verify them (not measured: the stand-in takes them).
// A foreign signature of normal length cannot be told. The safe fix removes a cut-off thinking block (the retry
// would strip it, and all others, anyway).
import { Anthropic, type ApiBlock, defineRule, PlannedReports, storedSite } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'thinking-provenance',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
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
          at: { request: b, pointer: `${Anthropic.blockPointer(b)}/signature` },
        },
        plan && { plan, description: 'remove the thinking block whose signature is cut off' },
      );
    });
    const bedrock = [...Anthropic.toolIndex(ctx.model).uses.keys()].find((id) => id.startsWith('toolu_bdrk_'));
    if (bedrock)
      reports.add({
        messageId: 'otherProvider',
        severity: 'warn',
        data: { id: bedrock },
        at: { request: thinking[0]!, pointer: `${Anthropic.blockPointer(thinking[0]!)}/signature` },
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
  return protobufEnd(bytes);
}

/**
 * How a protobuf message ends: 'complete' when its fields end with it, 'cut' when the last runs past the end (a
 * length, or a varint's bytes, that the data does not hold: what cutting the text leaves). Bytes that are no protobuf
 * at all (a wire type it does not use, a varint over 10 bytes) are 'other': a foreign shape, not a cut one.
 */
function protobufEnd(bytes: Uint8Array): 'complete' | 'cut' | 'other' {
  let at = 0;
  /** A varint's value; -1 when the data ends inside it, -2 when it runs over 10 bytes. */
  const varint = (): number => {
    let value = 0;
    for (let shift = 1, k = 0; k < 10; k++, shift *= 128) {
      if (at >= bytes.length) return -1;
      const b = bytes[at++]!;
      value += (b & 0x7f) * shift;
      if ((b & 0x80) === 0) return value;
    }
    return -2;
  };
  while (at < bytes.length) {
    const tag = varint();
    if (tag < 0) return tag === -1 ? 'cut' : 'other';
    const wire = tag % 8;
    let skip: number;
    if (wire === 0) {
      const v = varint();
      if (v < 0) return v === -1 ? 'cut' : 'other';
      skip = 0;
    } else if (wire === 2) {
      skip = varint();
      if (skip < 0) return skip === -1 ? 'cut' : 'other';
    } else if (wire === 1) skip = 8;
    else if (wire === 5) skip = 4;
    else return 'other';
    if (at + skip > bytes.length) return 'cut';
    at += skip;
  }
  return 'complete';
}

/**
 * The lengths (undefined: not counted) of cut-off signatures: the shortest few, fewer than half of them, each under
 * half of every other (a gap of 2x opens after them), chosen so that the rest holds no such few of its own. The fix
 * removes them; what is left then has nothing short, so the fix loop takes no second one (a median of the others
 * rose with each removal and took the next shortest, pass after pass). index → the median of the rest.
 */
export function shortAmongOthers(lengths: readonly (number | undefined)[]): Map<number, number> {
  const order = lengths.flatMap((l, i) => (l === undefined ? [] : [i])).sort((a, b) => lengths[a]! - lengths[b]!);
  const s = order.map((i) => lengths[i]!);
  const n = s.length;
  // stable[i]: the sorted lengths from i on have no cut-off few of their own. Made from the end, with `next` the
  // first j > i where a gap opens (s[j] > 2 s[j-1]) before a stable rest.
  const stable = new Uint8Array(n + 1);
  stable[n] = 1;
  let next = -1;
  let cut = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (i + 1 < n && s[i + 1]! > 2 * s[i]! && stable[i + 1] === 1) next = i + 1;
    const few = next !== -1 && 2 * (next - i) < n - i;
    stable[i] = few ? 0 : 1;
    if (i === 0 && few) cut = next;
  }
  const short = new Map<number, number>();
  if (cut === -1) return short;
  const median = s[cut + Math.floor((n - cut) / 2)]!;
  for (const i of order.slice(0, cut)) short.set(i, median);
  return short;
}
