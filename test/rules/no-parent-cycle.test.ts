import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-parent-cycle.js';
import { fixed, text, toolUse, transcript, uuidAt } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const clean = transcript();
clean.user('three');
clean.assistant([text('Running.')], { id: 'msg_p' });
const p1 = clean.assistant([toolUse('toolu_1')], { id: 'msg_p' });
const p2 = clean.assistant([toolUse('toolu_2')], { id: 'msg_p' });
clean.result('toolu_1', 'one', { parent: p1 });
const r2 = clean.result('toolu_2', 'two', { parent: p2 });
clean.assistant([text('Done.')], { parent: r2 });
clean.compactBoundary();
clean.compactSummary();
clean.user('next');
clean.lastPrompt();

// The root's parent set to the leaf: every entry is in the loop (observed mutation "root→leaf").
const rootToLeaf = transcript();
const leafUuid = '00000000-0000-4000-8000-000000000004';
rootToLeaf.user('go', { parent: leafUuid }); // 1
rootToLeaf.assistant([toolUse('toolu_A')]); // 2
rootToLeaf.result('toolu_A'); // 3
rootToLeaf.assistant([text('done')]); // 4 (uuid ...04)

// A 2-cycle in the middle, with entries hanging below it.
const two = transcript();
two.user('go'); // 1 (...01)
const a = two.assistant([text('a')], { parent: '00000000-0000-4000-8000-000000000003' }); // 2 (...02) -> 3
two.user('b', { parent: a }); // 3 (...03) -> 2
two.assistant([text('c')]); // 4 -> 3, leads into the loop but is not part of it

const self = transcript();
self.user('go'); // 1
self.assistant([text('me')], { uuid: 'self-1', parent: 'self-1' }); // 2

const twoLoops = transcript();
twoLoops.user('x', { uuid: 'x1', parent: 'x2' }); // 1
twoLoops.user('y', { uuid: 'x2', parent: 'x1' }); // 2
twoLoops.user('z', { uuid: 'z1', parent: 'z2' }); // 3
twoLoops.user('w', { uuid: 'z2', parent: 'z1' }); // 4

runRuleTests(rule, {
  valid: [
    { name: 'parallel parts, a compaction and a last-prompt', text: clean.toString() },
    {
      name: 'dangling parents are not cycles',
      text: (() => {
        const t = transcript();
        t.user('a', { parent: 'gone' });
        t.assistant([text('b')]);
        return t.toString();
      })(),
    },
    { name: 'off for the api target', target: 'api', text: two.toString() },
  ],
  invalid: [
    {
      name: 'the root linked to the leaf: reported once, on the link that points forward',
      text: rootToLeaf.toString(),
      errors: [
        { messageId: 'cycle', line: 1, severity: 'warn', messageIncludes: 'loop of 4 entries (lines 1, 2, 3, 4)' },
      ],
      // Nothing comes before the root: it becomes a root again.
      output: fixed(rootToLeaf.toString(), { 1: (e) => void (e.parentUuid = null) }),
    },
    {
      name: 'a 2-cycle mid-file; the entry hanging below it is not part of it',
      text: two.toString(),
      errors: [{ messageId: 'cycle', line: 2, messageIncludes: 'points forward to line 3' }],
      // The forward link is re-linked to the nearest earlier entry outside the loop, so the prompt stays in history.
      output: fixed(two.toString(), { 2: (e) => void (e.parentUuid = uuidAt(two.toString(), 1)) }),
    },
    {
      name: 'an entry that is its own parent',
      text: self.toString(),
      errors: [{ messageId: 'selfLoop', line: 2 }],
      output: fixed(self.toString(), { 2: (e) => void (e.parentUuid = uuidAt(self.toString(), 1)) }),
    },
    {
      name: 'two separate loops are two findings',
      text: twoLoops.toString(),
      errors: [
        { messageId: 'cycle', line: 1 },
        { messageId: 'cycle', line: 3 },
      ],
      output: fixed(twoLoops.toString(), {
        1: (e) => void (e.parentUuid = null),
        3: (e) => void (e.parentUuid = 'x2'),
      }),
    },
  ],
});

describe('no-parent-cycle details', () => {
  it('lists the other lines of the loop as related', () => {
    const [d] = lintWith(rule, rootToLeaf.toString()).result.diagnostics;
    expect(d?.related.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(d?.pointer).toBe('/parentUuid');
  });

  it('is iterative: a 200 000-entry loop neither recurses nor goes quadratic', () => {
    const n = 200_000;
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      const parent = i === 0 ? `u${n - 1}` : `u${i - 1}`;
      lines.push(`{"type":"user","uuid":"u${i}","parentUuid":"${parent}","message":{"role":"user","content":"x"}}`);
    }
    const diags = lintWith(rule, lines.join('\n') + '\n').result.diagnostics;
    expect(diags.map((d) => d.line)).toEqual([1]);
    expect(diags[0]?.message).toContain(`loop of ${n} entries (lines 1, 2, 3, 4, 5, 6, 7, 8, … ${n})`);
    expect(diags[0]?.related).toHaveLength(50);
  });
});
