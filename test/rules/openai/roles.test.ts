import rule from '../../../rules/openai/roles.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, developer, doc, examples, lineAt, system, user } from './builders.js';

const error = doc([user(), { role: 'error', content: 'Something went wrong' }]);
const notObject = doc([user(), 'hello']);
const noRole = doc([user(), { content: 'x' }]);

runRuleTests(rule, {
  valid: [
    {
      name: 'every role of Chat Completions',
      text: doc([system(), developer(), user(), assistant('ok'), { role: 'function', name: 'f', content: null }]),
    },
    { name: 'the fine-tuning roles', text: examples({ messages: [system(), user(), assistant('ok')] }) },
  ],
  invalid: [
    {
      name: "a message of role 'error' (moeru-ai/airi#137)",
      text: error,
      errors: [
        {
          messageId: 'unknown',
          line: lineAt(error, '/messages/1/role'),
          messageIncludes:
            "Invalid value: 'error'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.",
        },
      ],
    },
    {
      name: 'a message without a role',
      text: noRole,
      errors: [{ messageId: 'missing', line: lineAt(noRole, '/messages/1') }],
    },
    {
      name: "a fine-tuning example with 'human' (the checker's unrecognized_role) and one with developer (a warning)",
      text: examples(
        { messages: [{ role: 'human', content: 'x' }, assistant('y')] },
        { messages: [developer(), user(), assistant('y')] },
      ),
      errors: [
        { messageId: 'finetune', line: 1, severity: 'error' },
        { messageId: 'finetune', line: 2, severity: 'warn' },
      ],
    },
    {
      name: 'a message that is not an object',
      text: notObject,
      errors: [{ messageId: 'notMessage', line: lineAt(notObject, '/messages/1') }],
    },
  ],
});
