import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-use-input.js';
import { text, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

const withInput = (input: unknown, missing = false) => {
  const t = transcript();
  t.user('go'); // 1
  const block: Record<string, unknown> = { type: 'tool_use', id: 'toolu_I', name: 'Bash' };
  if (!missing) block.input = input;
  t.assistant([text('Running.'), block]); // 2
  t.result('toolu_I'); // 3
  t.assistant([text('done')]); // 4
  return t.toString();
};

// Split parallel parts with object inputs.
const parallel = transcript();
parallel.user('run');
const p1 = parallel.assistant([toolUse('toolu_P1', 'Read', { file_path: '/a' })], { id: 'msg_par' });
const p2 = parallel.assistant([toolUse('toolu_P2', 'Grep', { pattern: 'x', path: '.' })], { id: 'msg_par' });
parallel.result('toolu_P1', 'one', { parent: p1 });
const r2 = parallel.result('toolu_P2', 'two', { parent: p2 });
parallel.assistant([text('done')], { parent: r2 });

// A bad input on an entry that is not resumed (another branch) is not sent.
const branch = transcript();
const root = branch.user('go');
branch.assistant([toolUse('toolu_OFF', 'Bash', 'not an object')]);
branch.from(root);
branch.assistant([text('other branch')]);

runRuleTests(rule, {
  valid: [
    { name: 'an object input', text: withInput({ command: 'ls' }) },
    { name: 'an empty object input', text: withInput({}) },
    { name: 'split parallel parts', text: parallel.toString() },
    { name: 'a bad input on a branch that is not resumed', text: branch.toString() },
  ],
  invalid: [
    { name: 'a string input (a torn stream)', text: withInput('{"command": "ls'), errors: [{ messageId: 'notObject', line: 2, blockIndex: 1, severity: 'error', messageIncludes: 'is a string, not a JSON object' }] },
    { name: 'an array input', text: withInput(['ls']), errors: [{ messageId: 'notObject', line: 2, messageIncludes: 'an array' }] },
    { name: 'a null input', text: withInput(null), errors: [{ messageId: 'notObject', line: 2, messageIncludes: 'is null, not' }] },
    { name: 'no input at all', text: withInput(undefined, true), errors: [{ messageId: 'notObject', line: 2, messageIncludes: '(Bash) is missing, not' }] },
    { name: 'a number input', text: withInput(3), errors: [{ messageId: 'notObject', line: 2, messageIncludes: 'a number' }] },
    { name: 'api target: also an error', text: withInput('x'), target: 'api', errors: [{ messageId: 'notObject', line: 2, severity: 'error' }] },
  ],
});

describe('tool-use-input details', () => {
  it('points at the input field', () => {
    const { result } = lintWith(rule, withInput('x'));
    expect(result.diagnostics[0]!.pointer).toBe('/message/content/1/input');
  });
});
