import rule from '../../../rules/openai/finetune-tokens.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, examples, user } from './builders.js';

runRuleTests(rule, {
  valid: [
    {
      name: 'short examples',
      text: examples({ messages: [user(), assistant('ok')] }, { messages: [user('a'), assistant('b')] }),
    },
  ],
  invalid: [
    {
      name: 'an example of about 70,000 tokens (280,000 bytes of text)',
      text: examples(
        { messages: [user(), assistant('ok')] },
        { messages: [user('word '.repeat(56_000)), assistant('ok')] },
      ),
      errors: [
        {
          messageId: 'tooLong',
          line: 2,
          severity: 'warn',
          messageIncludes: 'tokens (estimated), over the 65,536-token',
        },
      ],
    },
  ],
});
