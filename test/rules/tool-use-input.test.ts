import { describe, expect, it } from 'vitest';
import rule from '../../rules/tool-use-input.js';
import { type Json, text, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';

// ---- Expected fix output -------------------------------------------------------------------------------------
/** Line `n` (1-based) of `t` with the inputs at `indexes` set to {} and the marker recording them. */
function emptied(t: string, n: number, indexes: number[], marker: Json): string {
  const lines = t.trimEnd().split('\n');
  const o = JSON.parse(lines[n - 1]!) as Json & { message: { content: Json[] } };
  for (const i of indexes) o.message.content[i]!.input = {};
  o.transcriptLint = marker;
  lines[n - 1] = JSON.stringify(o);
  return lines.join('\n') + '\n';
}
const unsafeFix = (t: string, input: unknown, missing = false) => ({
  output: null,
  unsafeOutput: emptied(
    t,
    2,
    [1],
    missing
      ? { rule: 'tool-use-input', originalInput: {}, missingInput: [1] }
      : { rule: 'tool-use-input', originalInput: { 1: input } },
  ),
});

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

// Two bad inputs in one entry: one fix records both.
const twoBad = transcript();
twoBad.user('go'); // 1
twoBad.assistant([toolUse('toolu_X', 'Bash', 'x'), toolUse('toolu_Y', 'Read', [1])]); // 2
twoBad.user([
  { tool_use_id: 'toolu_X', type: 'tool_result', content: 'ok', is_error: false },
  { tool_use_id: 'toolu_Y', type: 'tool_result', content: 'ok', is_error: false },
]); // 3

// A part another fix already marked: the marker is extended, not replaced.
const marked = transcript();
marked.user('go'); // 1
marked.assistant([toolUse('toolu_M', 'Bash', 'x')], {
  extra: { transcriptLint: { rule: 'split-assistant-message', originalMessageId: 'msg_old' } },
}); // 2
marked.result('toolu_M'); // 3

runRuleTests(rule, {
  valid: [
    { name: 'an object input', text: withInput({ command: 'ls' }) },
    { name: 'an empty object input', text: withInput({}) },
    { name: 'split parallel parts', text: parallel.toString() },
    { name: 'a bad input on a branch that is not resumed', text: branch.toString() },
  ],
  invalid: [
    {
      name: 'a string input (a torn stream)',
      text: withInput('{"command": "ls'),
      errors: [
        {
          messageId: 'notObject',
          line: 2,
          blockIndex: 1,
          severity: 'error',
          messageIncludes: 'is a string, not a JSON object',
        },
      ],
      ...unsafeFix(withInput('{"command": "ls'), '{"command": "ls'),
    },
    {
      name: 'an array input',
      text: withInput(['ls']),
      errors: [{ messageId: 'notObject', line: 2, messageIncludes: 'an array' }],
      ...unsafeFix(withInput(['ls']), ['ls']),
    },
    {
      name: 'a null input',
      text: withInput(null),
      errors: [{ messageId: 'notObject', line: 2, messageIncludes: 'is null, not' }],
      ...unsafeFix(withInput(null), null),
    },
    {
      name: 'no input at all',
      text: withInput(undefined, true),
      errors: [{ messageId: 'notObject', line: 2, messageIncludes: '(Bash) is missing, not' }],
      ...unsafeFix(withInput(undefined, true), undefined, true),
    },
    {
      name: 'a number input',
      text: withInput(3),
      errors: [{ messageId: 'notObject', line: 2, messageIncludes: 'a number' }],
      ...unsafeFix(withInput(3), 3),
    },
    {
      name: 'api target: also an error',
      text: withInput('x'),
      target: 'api',
      errors: [{ messageId: 'notObject', line: 2, severity: 'error' }],
      ...unsafeFix(withInput('x'), 'x'),
    },
    {
      name: 'two bad inputs in one entry',
      text: twoBad.toString(),
      errors: [
        { messageId: 'notObject', line: 2, blockIndex: 0 },
        { messageId: 'notObject', line: 2, blockIndex: 1 },
      ],
      output: null,
      unsafeOutput: emptied(twoBad.toString(), 2, [0, 1], {
        rule: 'tool-use-input',
        originalInput: { 0: 'x', 1: [1] },
      }),
    },
    {
      name: 'an entry with a marker from another fix',
      text: marked.toString(),
      errors: [{ messageId: 'notObject', line: 2, blockIndex: 0 }],
      output: null,
      unsafeOutput: emptied(marked.toString(), 2, [0], {
        rule: ['split-assistant-message', 'tool-use-input'],
        originalMessageId: 'msg_old',
        originalInput: { 0: 'x' },
      }),
    },
  ],
});

describe('tool-use-input details', () => {
  it('points at the input field', () => {
    const { result } = lintWith(rule, withInput('x'));
    expect(result.diagnostics[0]!.pointer).toBe('/message/content/1/input');
  });
});
