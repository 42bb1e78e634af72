import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-result-first.js';
import { image, type Json, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
const file = (lines: readonly string[]): string => lines.join('\n') + '\n';
/** The line with its content blocks in the given order (indexes into the old content). */
const reordered = (line: string, order: number[]): string => {
  const o = JSON.parse(line) as Json & { message: { content: unknown[] } };
  const old = o.message.content;
  o.message.content = order.map((i) => old[i]);
  return JSON.stringify(o);
};

const plain = transcript();
plain.user('go');
plain.assistant([toolUse('toolu_A')]);
plain.result('toolu_A');
plain.assistant([text('done')]);

// Text after the results in one entry is allowed.
const textAfter = transcript();
textAfter.user('go');
textAfter.assistant([toolUse('toolu_A'), toolUse('toolu_B')]);
textAfter.user([toolResult('toolu_A'), toolResult('toolu_B'), text('Tool loaded.')]);
textAfter.assistant([text('done')]);

// A prompt entry merged with a following result entry: Claude Code hoists the result first.
const hoisted = transcript();
hoisted.user('go');
const call = hoisted.assistant([toolUse('toolu_H')]);
hoisted.user('also look at this');
hoisted.result('toolu_H', 'ok', { parent: hoisted.lastUuid });
hoisted.assistant([text('done')]);
void call;

// An attachment rendered as user text after a result.
const attached = transcript();
attached.user('go');
attached.assistant([toolUse('toolu_AT')]);
attached.result('toolu_AT');
attached.attachment({ type: 'todo' }, { rendered: ['<system-reminder>todo list</system-reminder>'] });
attached.assistant([text('done')]);

// One entry written as [text, tool_result]: sent as-is.
const textFirst = transcript();
textFirst.user('go'); // 1
textFirst.assistant([toolUse('toolu_TF')]); // 2
textFirst.user([text('Here is the output:'), toolResult('toolu_TF')]); // 3
textFirst.assistant([text('done')]); // 4

// An image before two results: one report, on the first misplaced result.
const imageFirst = transcript();
imageFirst.user('go'); // 1
imageFirst.assistant([toolUse('toolu_I1'), toolUse('toolu_I2')]); // 2
imageFirst.user([image(), toolResult('toolu_I1'), toolResult('toolu_I2')]); // 3

const textFirstFixed = file([
  ...textFirst.lines.slice(0, 2),
  reordered(textFirst.lines[2]!, [1, 0]),
  textFirst.lines[3]!,
]);

// Results in the right place, then one more after text (several blocks).
const middle = transcript();
middle.user('go'); // 1
middle.assistant([toolUse('toolu_M1'), toolUse('toolu_M2')]); // 2
middle.user([toolResult('toolu_M1'), text('note'), toolResult('toolu_M2')]); // 3

// A malformed element among the other blocks keeps its place among them.
const junkFirst = transcript();
junkFirst.user('go'); // 1
junkFirst.assistant([toolUse('toolu_J')]); // 2
junkFirst.user([text('head'), 'junk' as unknown as Json, toolResult('toolu_J')]); // 3
junkFirst.assistant([text('done')]); // 4

runRuleTests(rule, {
  valid: [
    { name: 'a result entry', text: plain.toString() },
    { name: 'text after the results in one entry', text: textAfter.toString() },
    { name: 'a prompt merged with a result entry is hoisted', text: hoisted.toString() },
    { name: 'a user-rendered attachment after a result', text: attached.toString() },
  ],
  invalid: [
    {
      name: 'text before the result in one entry',
      text: textFirst.toString(),
      errors: [{ messageId: 'notFirst', line: 3, blockIndex: 1, severity: 'error' }],
      output: textFirstFixed,
    },
    {
      name: 'an image before two results',
      text: imageFirst.toString(),
      errors: [{ messageId: 'notFirst', line: 3, blockIndex: 1 }],
      output: file([...imageFirst.lines.slice(0, 2), reordered(imageFirst.lines[2]!, [1, 2, 0])]),
    },
    {
      name: 'a result after text after a result',
      text: middle.toString(),
      errors: [{ messageId: 'notFirst', line: 3, blockIndex: 2 }],
      output: file([...middle.lines.slice(0, 2), reordered(middle.lines[2]!, [0, 2, 1])]),
    },
    {
      name: 'api target: also an error',
      text: textFirst.toString(),
      target: 'api',
      errors: [{ messageId: 'notFirst', line: 3, severity: 'error' }],
      output: textFirstFixed,
    },
    {
      name: 'a malformed element before the result',
      text: junkFirst.toString(),
      errors: [{ messageId: 'notFirst', line: 3, blockIndex: 2 }],
      output: file([...junkFirst.lines.slice(0, 2), reordered(junkFirst.lines[2]!, [2, 0, 1]), junkFirst.lines[3]!]),
    },
  ],
});

describe('tool-result-first details', () => {
  it('names the result and the block before it', () => {
    const { result } = lintWith(rule, imageFirst.toString());
    expect(result.diagnostics[0]!.message).toContain('tool_result for toolu_I1 comes after an image block');
    expect(result.diagnostics[0]!.message).toContain('tool_result blocks must come first');
  });
});
