import rule from '../../../rules/openai/finetune-example-shape.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, examples, user } from './builders.js';

const example = {
  messages: [user('I fell off my bike today.'), assistant("It's great that you're getting exercise outdoors!")],
};
const preference = {
  input: { messages: [user('What is the weather in San Francisco?')] },
  preferred_output: [assistant('The weather in San Francisco is 70 degrees Fahrenheit.')],
  non_preferred_output: [assistant('The weather in San Francisco is 21 degrees Celsius.')],
};

runRuleTests(rule, {
  valid: [
    {
      name: 'examples with tools and parallel_tool_calls',
      text: examples(example, { ...example, tools: [], parallel_tool_calls: false }),
    },
    { name: 'a preference example', text: examples(preference, preference) },
  ],
  invalid: [
    {
      name: "`message` for `messages` (the checker's missing_messages_list), renamed as an unsafe fix",
      text: examples(example, { message: example.messages }),
      errors: [{ messageId: 'misspelt', line: 2 }],
      output: null,
      unsafeOutput: examples(example, { messages: example.messages }),
    },
    {
      name: 'no messages at all',
      text: examples(example, { prompt: 'x', completion: 'y' }),
      errors: [
        { messageId: 'missingMessages', line: 2 },
        { messageId: 'unknownKey', line: 2 },
        { messageId: 'unknownKey', line: 2 },
      ],
      output: null,
    },
    {
      name: 'an empty messages list',
      text: examples(example, { messages: [] }),
      errors: [{ messageId: 'empty', line: 2 }],
      output: null,
    },
    {
      name: 'a key outside the example (a warning)',
      text: examples(example, { ...example, metadata: { source: 'x' } }),
      errors: [{ messageId: 'unknownKey', line: 2, severity: 'warn' }],
      output: null,
    },
    {
      name: 'a preference example without its non-preferred output',
      text: examples(preference, { input: preference.input, preferred_output: preference.preferred_output }),
      errors: [{ messageId: 'preference', line: 2, messageIncludes: '`non_preferred_output`' }],
      output: null,
    },
  ],
});
