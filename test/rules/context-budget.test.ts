import { describe, expect, it } from 'vitest';
import rule, { windowOf } from '../../rules/context-budget.js';
import { fixed, text, transcript } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

/** A turn whose reply (line 2) recorded `usage`, from `model`. */
const used = (usage: Record<string, number>, model = 'claude-opus-5-5') => {
  const t = transcript();
  t.user('go'); // 1
  t.assistant([text('done')]); // 2
  return fixed(t.toString(), {
    2: (e) => {
      e.message.usage = usage;
      e.message.model = model;
    },
  });
};

runRuleTests(rule, {
  valid: [
    { name: '195,000 tokens of a 1M window (the recordings: no compaction)', text: used({ input_tokens: 195_000 }) },
    { name: 'api target: off', text: used({ input_tokens: 990_000, cache_read_input_tokens: 50_000 }), target: 'api' },
    { name: 'no usage recorded', text: used({}) },
  ],
  invalid: [
    {
      name: 'over the window (item b06a: 990k + 50k cached)',
      text: used({ input_tokens: 990_000, cache_read_input_tokens: 50_000 }),
      errors: [{ messageId: 'overWindow', line: 2, severity: 'warn', messageIncludes: '1,040,000 tokens' }],
    },
    {
      name: 'near the window',
      text: used({ input_tokens: 940_000 }),
      errors: [{ messageId: 'nearWindow', line: 2, messageIncludes: 'compacts the history at once' }],
    },
    {
      name: 'a 200k-window model: cache tokens count',
      text: used(
        { input_tokens: 10, cache_creation_input_tokens: 90_000, cache_read_input_tokens: 100_000 },
        'claude-sonnet-4-5',
      ),
      errors: [{ messageId: 'nearWindow', line: 2, messageIncludes: 'window of 200,000' }],
    },
  ],
});

describe('context-budget', () => {
  it('windows: 1M for the 5-series and [1m] ids, 200k otherwise', () => {
    expect([windowOf('claude-opus-5-5'), windowOf('claude-sonnet-4-5[1m]'), windowOf('claude-haiku-4-5')]).toEqual([
      1_000_000, 1_000_000, 200_000,
    ]);
  });
  it('b06a: the final reply of the recording, usage raised over the window', () => {
    const found = lintWith(rule, itemText(recordedItem('b06a'))).result.diagnostics;
    expect(found.map((d) => [d.line, d.messageId])).toEqual([[188, 'overWindow']]);
  });
});
