import { describe, expect, it } from 'vitest';
import rule, { shortAmongOthers, signatureShape } from '../../rules/thinking-provenance.js';
import { fixed, text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const SIG = `sigv1.${'A'.repeat(44)}`; // 50 characters, as in recording "think"

/** Three signed turns; the second's signature is `second`, the tool ids start with `prefix`. */
const turns = (second = SIG, prefix = 'toolu_') => {
  const t = transcript();
  t.user('think, then run a command'); // 1
  t.assistant([thinking('first', SIG), toolUse(`${prefix}T1`)]); // 2
  t.user([toolResult(`${prefix}T1`)]); // 3
  t.assistant([thinking('second', second), text('ran it')]); // 4
  t.user('again'); // 5
  t.assistant([thinking('third', SIG), text('done')]); // 6
  return t.toString();
};
const cut = turns('sigv1.UlyuEo');

/**
 * A signature of the API's shape, as the real ones in the corpus are: base64 of a protobuf message, field 2 holding
 * `bytes` bytes, then a two-byte varint field (0x18 0x02).
 */
function apiSignature(bytes: number, fill = 7): string {
  const length: number[] = [];
  for (let n = bytes; ; n = Math.floor(n / 128)) {
    if (n < 128) {
      length.push(n);
      break;
    }
    length.push((n % 128) | 0x80);
  }
  return Buffer.from([
    0x12,
    ...length,
    ...Array.from({ length: bytes }, (_, i) => (i * fill) % 256),
    0x18,
    0x02,
  ]).toString('base64');
}

/** Signed turns with real-shaped signatures of these byte sizes (the lengths vary with the thinking, as real ones do). */
const apiTurns = (sizes: readonly number[], last?: string): string => {
  const t = transcript();
  sizes.forEach((size, i) => {
    t.user(`turn ${i}`);
    t.assistant([
      thinking(`thought ${i}`, i === sizes.length - 1 && last !== undefined ? last : apiSignature(size)),
      text('ok'),
    ]);
  });
  return t.toString();
};
// The sizes of the corpus file whose 352-character signature was called cut off, and 13 more removed by --fix.
const CORPUS_SIZES = [6291, 459, 8236, 262, 280, 1136, 366, 529, 960, 290, 1524, 6120, 284, 554];
const apiCut = apiTurns([940, 940, 940], apiSignature(940).slice(0, 600));

runRuleTests(rule, {
  valid: [
    { name: 'signatures of one length (recording "think")', text: turns() },
    { name: 'a signature somewhat shorter than the others', text: turns(SIG.slice(0, 30)) },
    {
      name: 'a single signed block (nothing to compare)',
      text: (() => {
        const t = transcript();
        t.user('go');
        t.assistant([thinking('x', 'short'), text('y')]);
        return t.toString();
      })(),
    },
    {
      name: "real-shaped signatures of very different lengths (a corpus file's: 352 to 10,984 characters)",
      text: apiTurns(CORPUS_SIZES),
    },
    {
      name: 'two real-shaped signatures, one a third of the other (a corpus fixture: 460 and 1,260)',
      text: apiTurns([943, 343]),
    },
  ],
  invalid: [
    {
      name: 'a real-shaped signature cut mid-way: its field runs past its end, the block removed',
      text: apiCut,
      errors: [{ messageId: 'cutShort', line: 6, severity: 'warn', messageIncludes: '600 characters' }],
      output: fixed(apiCut, {
        6: (e) => {
          e.message.content.shift();
        },
      }),
    },
    {
      name: 'a signature cut to 12 characters (item b04a): the block removed',
      text: cut,
      errors: [{ messageId: 'truncated', line: 4, severity: 'warn', messageIncludes: '12 characters' }],
      output: fixed(cut, {
        4: (e) => {
          e.message.content.shift();
        },
      }),
    },
    {
      name: 'api target: an error',
      text: cut,
      target: 'api',
      errors: [{ messageId: 'truncated', line: 4, severity: 'error' }],
      output: fixed(cut, {
        4: (e) => {
          e.message.content.shift();
        },
      }),
    },
    {
      name: 'signed thinking with Bedrock tool ids (item b04c shape): a warning, no fix',
      text: turns(SIG, 'toolu_bdrk_01'),
      errors: [{ messageId: 'otherProvider', line: 2, severity: 'warn', messageIncludes: 'toolu_bdrk_01T1' }],
      output: null,
    },
  ],
});

describe('thinking-provenance on the recorded items (B4)', () => {
  it('b04a: the cut signature of turn one', () => {
    const found = lintWith(rule, itemText(recordedItem('b04a'))).result.diagnostics;
    expect(found.map((d) => [d.line, d.messageId])).toEqual([[19, 'truncated']]);
  });
  it('the unmutated recording is clean', () => {
    expect(lintWith(rule, itemText({ ...recordedItem('b04a'), patch: [] })).result.diagnostics).toEqual([]);
  });
});

describe('signatureShape', () => {
  it('tells whole real-shaped signatures from cut ones, and other shapes apart', () => {
    for (const size of [127, 128, 262, 6291, 20000]) {
      const whole = apiSignature(size);
      expect(signatureShape(whole)).toBe('complete');
      for (const keep of [0.3, 0.5, 0.9])
        expect(signatureShape(whole.slice(0, Math.floor(whole.length * keep)))).toBe('cut');
    }
    expect(signatureShape(SIG)).toBe('other');
    expect(signatureShape('sigABC123')).toBe('other');
    expect(signatureShape('sigv1.UlyuEo')).toBe('other');
    // Base64 that starts as the API's does but is no protobuf (a group's wire type): a foreign shape, not a cut one.
    expect(signatureShape('EgMHBwcbHA==')).toBe('other');
  });
});

describe('shortAmongOthers', () => {
  it('takes lengths under half the median of the others and under half each length that is not', () => {
    expect([...shortAmongOthers([50, 12, 50]).keys()]).toEqual([1]);
    // Two cut ones: each is under half the others' median, and under half every uncut one.
    expect([...shortAmongOthers([12, 15, 50, 50, 50, 50]).keys()]).toEqual([0, 1]);
    // A spread with no gap: the shortest is under half the median, but not under half the next one.
    expect([...shortAmongOthers([340, 400, 744, 800, 900, 10984]).keys()]).toEqual([]);
    expect([...shortAmongOthers([undefined, 12, 50, undefined, 50]).keys()]).toEqual([1]);
  });

  it('leaves nothing short once the short ones are gone (the fix loop takes no second one)', () => {
    // The review's cases, where a median of the others took one more on each pass.
    for (const lengths of [
      [30, 700, 200, 210],
      [3, 70, 20, 21],
      [20, 126, 79, 6, 25, 1],
    ]) {
      const short = shortAmongOthers(lengths);
      expect(shortAmongOthers(lengths.filter((_, i) => !short.has(i))).size, JSON.stringify(lengths)).toBe(0);
    }
    expect([...shortAmongOthers([30, 700, 200, 210]).keys()]).toEqual([0]);
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 2000; round++) {
      const lengths = Array.from({ length: 2 + random(10) }, () => 1 + random(1 + random(1000)));
      const short = shortAmongOthers(lengths);
      const rest = lengths.filter((_, i) => !short.has(i));
      expect(shortAmongOthers(rest).size, JSON.stringify(lengths)).toBe(0);
    }
  });
});
