import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-result-content.js';
import { fixed, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { itemText, recordedItem } from '../helpers/recorded.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

/** A call whose result holds `content` (line 3). */
const withContent = (content: unknown) => {
  const t = transcript();
  t.user('go'); // 1
  t.assistant([toolUse('toolu_E1')]); // 2
  t.user([toolResult('toolu_E1', content)]); // 3
  t.assistant([text('done')]); // 4
  return t.toString();
};
const sent = (content: unknown, as: string) =>
  fixed(withContent(content), {
    3: (e) => {
      e.message.content[0].content = as;
    },
  });

runRuleTests(rule, {
  valid: [
    { name: 'a string', text: withContent('e1') },
    { name: 'a list of blocks', text: withContent([text('e1')]) },
    { name: 'an empty string', text: withContent('') },
  ],
  invalid: [
    {
      name: 'an object (item 03a)',
      text: withContent({ stdout: 'e1', exit: 0 }),
      errors: [{ messageId: 'notTextOrList', line: 3, severity: 'warn', messageIncludes: 'is an object' }],
      output: sent({ stdout: 'e1', exit: 0 }, '{"stdout":"e1","exit":0}'),
    },
    {
      name: 'a bare text block (item 03b)',
      text: withContent({ type: 'text', text: 'e1' }),
      errors: [{ messageId: 'notTextOrList', line: 3, messageIncludes: 'a bare `text` block (not in a list)' }],
      output: sent({ type: 'text', text: 'e1' }, '{"type":"text","text":"e1"}'),
    },
    {
      name: 'a number (item 03c)',
      text: withContent(42),
      errors: [{ messageId: 'notTextOrList', line: 3, messageIncludes: 'a number' }],
      output: sent(42, '42'),
    },
    {
      name: 'api target: an error',
      text: withContent(true),
      target: 'api',
      errors: [{ messageId: 'notTextOrList', line: 3, severity: 'error', messageIncludes: 'a boolean' }],
      output: sent(true, 'true'),
    },
  ],
});

// What Claude Code sent for the recorded items is the text the fix writes.
describe('tool-result-content on the recorded items (A3)', () => {
  for (const [name, want] of [
    ['03a-tool-result-content-object', '{"stdout":"e1","exit":0}'],
    ['03b-tool-result-content-text-block-object', '{"type":"text","text":"e1"}'],
    ['03c-tool-result-content-number', '42'],
  ] as const) {
    it(`${name}: one warning, naming the text Claude Code sent`, () => {
      const found = lintWith(rule, itemText(recordedItem(name))).result.diagnostics;
      expect(found.map((d) => [d.line, d.severity])).toEqual([[186, 'warn']]);
      expect(found[0]!.message).toContain(JSON.stringify(want));
    });
  }
  it('the unmutated recording is clean', () => {
    expect(lintWith(rule, itemText({ ...recordedItem('03a'), patch: [] })).result.diagnostics).toEqual([]);
  });
});
