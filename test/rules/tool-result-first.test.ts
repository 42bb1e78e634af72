import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-result-first.js';
import { image, text, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

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

// Results in the right place, then one more after text (several blocks).
const middle = transcript();
middle.user('go'); // 1
middle.assistant([toolUse('toolu_M1'), toolUse('toolu_M2')]); // 2
middle.user([toolResult('toolu_M1'), text('note'), toolResult('toolu_M2')]); // 3

runRuleTests(rule, {
  valid: [
    { name: 'a result entry', text: plain.toString() },
    { name: 'text after the results in one entry', text: textAfter.toString() },
    { name: 'a prompt merged with a result entry is hoisted', text: hoisted.toString() },
    { name: 'a user-rendered attachment after a result', text: attached.toString() },
  ],
  invalid: [
    { name: 'text before the result in one entry', text: textFirst.toString(), errors: [{ messageId: 'notFirst', line: 3, blockIndex: 1, severity: 'error' }] },
    { name: 'an image before two results', text: imageFirst.toString(), errors: [{ messageId: 'notFirst', line: 3, blockIndex: 1 }] },
    { name: 'a result after text after a result', text: middle.toString(), errors: [{ messageId: 'notFirst', line: 3, blockIndex: 2 }] },
    { name: 'api target: also an error', text: textFirst.toString(), target: 'api', errors: [{ messageId: 'notFirst', line: 3, severity: 'error' }] },
  ],
});

describe('tool-result-first details', () => {
  it('names the result and the block before it', () => {
    const { result } = lintWith(rule, imageFirst.toString());
    expect(result.diagnostics[0]!.message).toContain('tool_result for toolu_I1 comes after an image block');
    expect(result.diagnostics[0]!.message).toContain('tool_result blocks must come first');
  });
});
