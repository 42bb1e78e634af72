import rule from '../../rules/thinking-first.js';
import { text, thinking, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
const withContent =
  (content: unknown) =>
  (e: Json): void =>
    void (e.message.content = content);

/** user prompt, one assistant entry with `content`, its tool result, a final answer. */
function oneEntry(content: Record<string, unknown>[]): string {
  const t = transcript();
  t.user('think then run');
  t.assistant(content, { id: 'msg_a' });
  t.result('toolu_1', 'one');
  t.assistant([text('Done.')], { id: 'msg_b' });
  return t.toString();
}

const split = transcript();
split.user('think then run');
split.assistant([thinking('I should run it.', 'sigA')], { id: 'msg_a' });
split.assistant([text('Running.')], { id: 'msg_a' });
split.assistant([toolUse('toolu_1')], { id: 'msg_a' });
split.result('toolu_1');
split.assistant([thinking('Done now.', 'sigB')], { id: 'msg_b' });
split.assistant([text('Thought and ran.')], { id: 'msg_b' });

// The thinking part written after the tool_use part: Claude Code still sends thinking first.
const late = transcript();
late.user('think then run');
late.assistant([toolUse('toolu_1')], { id: 'msg_a' });
late.assistant([thinking('I should run it.', 'sigA')], { id: 'msg_a' });
late.result('toolu_1');
late.assistant([text('Done.')], { id: 'msg_b' });

const redacted = { type: 'redacted_thinking', data: 'EqQBCgIYAh' };
const textFirst = oneEntry([text('Running.'), thinking(), toolUse('toolu_1')]);
const textFirstFixed = fixed(textFirst, { 2: withContent([thinking(), text('Running.'), toolUse('toolu_1')]) });
const toolFirst = oneEntry([toolUse('toolu_1'), redacted]);

// Split parts written by a converter: the text part first, then a part holding thinking and the call.
const splitMixed = transcript();
splitMixed.user('think then run');
splitMixed.assistant([text('Running.')], { id: 'msg_a' });
splitMixed.assistant([thinking('I should run it.', 'sigA'), toolUse('toolu_1')], { id: 'msg_a' });
splitMixed.result('toolu_1');
splitMixed.assistant([text('Done.')], { id: 'msg_b' });
const splitMixedText = splitMixed.toString();

// The same with the first part stored as a string.
const stringFirst = splitMixedText.replace('"content":[{"type":"text","text":"Running."}]', '"content":"Running."');

runRuleTests(rule, {
  valid: [
    { name: 'thinking first in one entry', text: oneEntry([thinking(), toolUse('toolu_1')]) },
    { name: 'split parts with signatures (think.jsonl shape)', text: split.toString() },
    { name: 'thinking part written after the tool_use part', text: late.toString() },
    {
      name: 'redacted_thinking first',
      text: oneEntry([{ type: 'redacted_thinking', data: 'EqQBCgIYAh' }, toolUse('toolu_1')]),
    },
    {
      name: 'hidden thinking (empty text with a signature)',
      text: oneEntry([thinking('', 'EpMCCkYIBxgCKkA'), text('Running.'), toolUse('toolu_1')]),
    },
    { name: 'no thinking at all', text: oneEntry([text('Running.'), toolUse('toolu_1')]) },
    {
      name: 'an empty text block before thinking is dropped, not first',
      text: oneEntry([text(''), thinking(), toolUse('toolu_1')]),
    },
    { name: 'api target, thinking first', text: oneEntry([thinking(), toolUse('toolu_1')]), target: 'api' },
  ],
  invalid: [
    {
      name: 'one entry written as text, thinking, tool_use',
      text: textFirst,
      errors: [{ messageId: 'notFirst', line: 2, blockIndex: 1, severity: 'error', messageIncludes: 'Found text.' }],
      output: null,
      unsafeOutput: textFirstFixed,
    },
    {
      name: 'tool_use before thinking in one entry',
      text: toolFirst,
      errors: [{ messageId: 'notFirst', line: 2, blockIndex: 1, messageIncludes: 'Found tool_use.' }],
      output: null,
      unsafeOutput: fixed(toolFirst, { 2: withContent([redacted, toolUse('toolu_1')]) }),
    },
    {
      name: 'thinking in a later part of a split response moves into the first part',
      text: splitMixedText,
      errors: [{ messageId: 'notFirst', line: 3, blockIndex: 0, messageIncludes: 'Found text.' }],
      output: null,
      unsafeOutput: fixed(splitMixedText, {
        2: withContent([thinking('I should run it.', 'sigA'), text('Running.')]),
        3: withContent([toolUse('toolu_1')]),
      }),
    },
    {
      name: 'a first part stored as a string becomes blocks behind the thinking',
      text: stringFirst,
      errors: [{ messageId: 'notFirst', line: 3, blockIndex: 0 }],
      output: null,
      unsafeOutput: fixed(stringFirst, {
        2: withContent([thinking('I should run it.', 'sigA'), text('Running.')]),
        3: withContent([toolUse('toolu_1')]),
      }),
    },
    {
      name: 'api target',
      target: 'api',
      text: textFirst,
      errors: [{ messageId: 'notFirst', line: 2, severity: 'error' }],
      output: null,
      unsafeOutput: textFirstFixed,
    },
  ],
});
