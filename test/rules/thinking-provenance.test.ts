import { describe, expect, it } from 'vitest';
import rule, { medianWithout } from '../../rules/thinking-provenance.js';
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
  ],
  invalid: [
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

describe('medianWithout', () => {
  it('is the median the sorted others give, for every element of random lists with repeats', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const lengths = Array.from({ length: 1 + random(12) }, () => random(6) * 10);
      const sorted = Float64Array.from(lengths).sort();
      lengths.forEach((value, i) => {
        const others = lengths.filter((_, k) => k !== i).sort((x, y) => x - y);
        expect(medianWithout(sorted, value)).toBe(
          others.length === 0 ? undefined : others[Math.floor(others.length / 2)],
        );
      });
    }
  });
});
