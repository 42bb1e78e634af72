import { describe, expect, it } from 'vitest';
import rule from '../../rules/main-chain-not-sidechain.js';
import { lintBytes } from '../../src/index.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const SIDE = { isSidechain: true, agentId: 'a1' };

const session = (flag: (n: number) => boolean, withLastPrompt = true) => {
  const t = transcript();
  const extra = (n: number) => (flag(n) ? { extra: { isSidechain: true } } : {});
  t.user('go', extra(1)); // 1
  t.assistant([toolUse('toolu_A')], extra(2)); // 2
  t.result('toolu_A', 'ok', extra(3)); // 3
  t.assistant([text('done')], extra(4)); // 4
  if (withLastPrompt) t.lastPrompt(); // 5
  return t.toString();
};

// A subagent transcript: every entry is a sidechain.
const agent = transcript();
agent.user('task', { extra: SIDE });
agent.assistant([toolUse('toolu_S')], { extra: SIDE });
agent.result('toolu_S', 'ok', { extra: SIDE });
agent.assistant([text('report')], { extra: SIDE });

// Older versions wrote a subagent's entries into the main file: a sidechain with its own null root.
const mixed = transcript();
mixed.user('main'); // 1
const call = mixed.assistant([toolUse('toolu_T', 'Task')]); // 2
mixed.user('sub task', { parent: null, extra: SIDE }); // 3
mixed.assistant([text('sub report')], { extra: SIDE }); // 4
mixed.result('toolu_T', 'report', { parent: call }); // 5
mixed.assistant([text('main done')]); // 6

// ... and with the sidechain written last, without a last-prompt.
const sideLast = transcript();
sideLast.user('main'); // 1
sideLast.assistant([text('main done')]); // 2
sideLast.user('sub task', { parent: null, extra: SIDE }); // 3
sideLast.assistant([text('sub report')], { extra: SIDE }); // 4

runRuleTests(rule, {
  valid: [
    { name: 'a main session without sidechain flags', text: session(() => false) },
    { name: 'a subagent transcript (every entry a sidechain)', text: agent.toString() },
    { name: 'a sidechain with its own root mixed into the main file', text: mixed.toString() },
    { name: 'a sidechain written last in a main file without last-prompt', text: sideLast.toString() },
    { name: 'off for the api target', target: 'api', text: session((n) => n === 4) },
  ],
  invalid: [
    {
      name: 'the leaf named by last-prompt is a sidechain: "No conversation found"',
      text: session((n) => n === 4),
      errors: [{ messageId: 'leaf', line: 4, severity: 'error', messageIncludes: 'line 5' }],
      // Clearing the flag gives back exactly the unflagged session.
      output: session(() => false),
    },
    {
      name: 'without last-prompt the flagged newest entry is skipped',
      text: session((n) => n === 4, false),
      errors: [{ messageId: 'skippedTip', line: 4, severity: 'error' }],
      output: session(() => false, false),
    },
    {
      name: 'flags on mid-chain entries have no effect today: warn',
      text: session((n) => n === 2 || n === 3),
      errors: [
        { messageId: 'midChain', line: 2, severity: 'warn' },
        { messageId: 'midChain', line: 3, severity: 'warn' },
      ],
      output: session(() => false),
    },
    {
      name: 'a flagged leaf and a flagged mid-chain entry',
      text: session((n) => n === 1 || n === 4),
      errors: [
        { messageId: 'midChain', line: 1, severity: 'warn' },
        { messageId: 'leaf', line: 4, severity: 'error' },
      ],
      output: session(() => false),
    },
  ],
});

describe('main-chain-not-sidechain details', () => {
  it('a file named agent-*.jsonl is a subagent transcript, whatever its flags', () => {
    const bytes = new TextEncoder().encode(session((n) => n === 4));
    const { result } = lintBytes('/p/s/subagents/agent-a1.jsonl', bytes, { rules: [rule] });
    expect(result.diagnostics).toEqual([]);
  });

  it('points at the flag and names the last-prompt', () => {
    const bytes = new TextEncoder().encode(session((n) => n === 4));
    const [d] = lintBytes('s.jsonl', bytes, { rules: [rule] }).result.diagnostics;
    expect(d?.pointer).toBe('/isSidechain');
    expect(d?.related.map((r) => r.line)).toEqual([5]);
  });
});
