import rule from '../../rules/final-assistant-whitespace.js';
import { text, thinking, toolUse, transcript, fixed, type EditableEntry } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
const firstText =
  (value: string) =>
  (e: Json): void =>
    void (e.message.content[0].text = value);

function endsWith(content: Record<string, unknown>[]): string {
  const t = transcript();
  t.user('run three commands');
  t.assistant([text('Running.')], { id: 'msg_a' });
  t.assistant([toolUse('toolu_1')], { id: 'msg_a' });
  t.result('toolu_1');
  for (const block of content) t.assistant([block], { id: 'msg_b' });
  return t.toString();
}

const followed = transcript();
followed.user('hi');
followed.assistant([text('All three done.  \n\n')]);
followed.user('thanks');

const t = {
  spaces: endsWith([text('All three done.  \n\n')]),
  blankAfter: endsWith([text('Done. '), text('   ')]),
  newline: endsWith([text('Done.\n')]),
  asString: endsWith([text('Answer. \t')]).replace(
    '"content":[{"type":"text","text":"Answer. \\t"}]',
    '"content":"Answer. \\t"',
  ),
};

runRuleTests(rule, {
  valid: [
    {
      name: 'claude-code target: off (a new prompt follows on resume)',
      text: endsWith([text('All three done.  \n\n')]),
    },
    { name: 'api: final text without trailing whitespace', text: endsWith([text('All three done.')]), target: 'api' },
    { name: 'api: leading whitespace is fine', text: endsWith([text('\n\nAll three done.')]), target: 'api' },
    { name: 'api: the request ends with a user message', text: followed.toString(), target: 'api' },
    {
      name: 'api: an earlier assistant text may end in whitespace',
      text: endsWith([text('Done '), toolUse('toolu_2')]),
      target: 'api',
    },
    {
      name: 'api: split parts with thinking first',
      text: endsWith([thinking('', 'sig'), text('Thought and ran.')]),
      target: 'api',
    },
  ],
  invalid: [
    {
      name: 'api: final assistant text ends with spaces and newlines',
      target: 'api',
      text: t.spaces,
      errors: [{ messageId: 'trailingWhitespace', line: 5, blockIndex: 0, severity: 'error' }],
      output: fixed(t.spaces, { 5: firstText('All three done.') }),
    },
    {
      name: 'api: the whitespace-only block after it is left to no-empty-content',
      target: 'api',
      text: t.blankAfter,
      errors: [{ messageId: 'trailingWhitespace', line: 5 }],
      output: fixed(t.blankAfter, { 5: firstText('Done.') }),
    },
    {
      name: 'bedrock target as api',
      target: 'bedrock',
      text: t.newline,
      errors: [{ messageId: 'trailingWhitespace', line: 5, severity: 'error' }],
      output: fixed(t.newline, { 5: firstText('Done.') }),
    },
    {
      name: 'api: a final assistant message stored as a string',
      target: 'api',
      text: t.asString,
      errors: [{ messageId: 'trailingWhitespace', line: 5 }],
      output: fixed(t.asString, { 5: (e) => void (e.message.content = 'Answer.') }),
    },
  ],
});
