import rule from '../../../rules/openai/message-keys.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, doc, examples, lineAt, tool, user } from './builders.js';

const weighted = doc([user(), assistant('ok', { weight: 1 })]);
const withId = doc([{ ...user(), id: 'msg_1' }, assistant('ok')]);

runRuleTests(rule, {
  valid: [
    {
      name: 'the fields of each role',
      text: doc([user(), calls(call('c')), tool('c'), assistant('ok', { refusal: null, name: 'bot' })]),
    },
    { name: 'weight in fine-tuning data', text: examples({ messages: [user(), assistant('ok', { weight: 1 })] }) },
  ],
  invalid: [
    {
      name: 'an id on a user message (removed as an unsafe fix)',
      text: withId,
      errors: [{ messageId: 'unknown', line: lineAt(withId, '/messages/0/id'), severity: 'warn' }],
      output: null,
      unsafeOutput: doc([user(), assistant('ok')]),
    },
    {
      name: "a timestamp in fine-tuning data (the checker's message_unrecognized_key)",
      text: examples({
        messages: [
          user('I lost my book today.'),
          assistant('You can read everything on ebooks these days!', { timestamp: '2024-05-01T10:00:00Z' }),
        ],
      }),
      inputFormat: 'openai-finetune',
      errors: [{ messageId: 'unknown', line: 1 }],
      output: null,
      unsafeOutput: examples({
        messages: [user('I lost my book today.'), assistant('You can read everything on ebooks these days!')],
      }),
    },
    {
      name: 'weight outside fine-tuning data',
      text: weighted,
      errors: [{ messageId: 'unknown', line: lineAt(weighted, '/messages/1/weight') }],
      output: null,
      unsafeOutput: doc([user(), assistant('ok')]),
    },
  ],
});
