import rule from '../../../rules/openai/finetune-has-assistant.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, examples, system, user } from './builders.js';

const happy = system('You are a happy assistant that puts a positive spin on everything.');
const good = {
  messages: [happy, user('I fell off my bike today.'), assistant("It's great that you're getting exercise outdoors!")],
};
const third = { messages: [user('I lost my book today.'), assistant('You can read everything on ebooks these days!')] };

runRuleTests(rule, {
  valid: [
    { name: 'every example has a reply', text: examples(good, third) },
    {
      name: 'a preference example holds its replies in its outputs',
      text: examples({ input: { messages: [user()] }, preferred_output: [], non_preferred_output: [] }, good),
    },
  ],
  invalid: [
    {
      name: 'an example without a reply (example_missing_assistant_message), dropped as an unsafe fix',
      text: examples(good, { messages: [happy, user("I'm hungry.")] }, third),
      errors: [{ messageId: 'none', line: 2, severity: 'error' }],
      output: null,
      unsafeOutput: examples(good, third),
    },
    {
      name: 'every reply of weight 0 (a warning)',
      text: examples(good, { messages: [user('x'), assistant('Paris', { weight: 0 })] }),
      errors: [{ messageId: 'allWeightZero', line: 2, severity: 'warn' }],
      output: null,
      unsafeOutput: examples(good),
    },
  ],
});
