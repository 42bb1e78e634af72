import rule from '../../../rules/openai/finetune-weight.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, examples, system, user } from './builders.js';

const marv = system('Marv is a factual chatbot that is also sarcastic.');
const ok = { messages: [user('x'), assistant('y')] };
const marvWith = (first: object, second = assistant('Paris', { weight: 0 })) => ({
  messages: [
    marv,
    first,
    second,
    user('Can you be more sarcastic?'),
    assistant("Paris, as if everyone doesn't know that already.", { weight: 1 }),
  ],
});

runRuleTests(rule, {
  valid: [
    {
      name: 'weights 0 and 1 on replies (the guide’s Marv example)',
      text: examples(ok, marvWith(user("What's the capital of France?"))),
    },
  ],
  invalid: [
    {
      name: 'a weight of 0.5',
      text: examples(ok, marvWith(user("What's the capital of France?"), assistant('Paris', { weight: 0.5 }))),
      errors: [{ messageId: 'value', line: 2, severity: 'error' }],
      output: null,
    },
    {
      name: 'a weight on a user message is removed',
      text: examples(ok, marvWith({ ...user("What's the capital of France?"), weight: 0 })),
      errors: [{ messageId: 'role', line: 2, severity: 'warn' }],
      output: examples(ok, marvWith(user("What's the capital of France?"))),
    },
  ],
});
