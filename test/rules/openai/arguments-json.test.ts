import rule from '../../../rules/openai/arguments-json.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, doc, examples, lineAt, system, tool, user } from './builders.js';

const objectArgs = {
  id: 'call_2',
  type: 'function',
  function: { name: 'get_current_weather', arguments: { location: 'Paris' } },
};
const notString = doc([user(), calls(call('call_1'), objectArgs), tool('call_1'), tool('call_2')]);
const torn = doc([
  user(),
  calls(call('call_1', 'get_current_weather', '{"location": "Paris, France", "format": "cel')),
  tool('call_1'),
]);
const legacy = doc([user(), assistant(null, { function_call: { name: 'f', arguments: 'not json' } })]);

runRuleTests(rule, {
  valid: [
    { name: 'a JSON object in a string', text: doc([user(), calls(call('call_1')), tool('call_1')]) },
    {
      name: 'custom tool calls take free text',
      text: doc([user(), calls({ id: 'c', type: 'custom', custom: { name: 'x', input: 'free text' } }), tool('c')]),
    },
  ],
  invalid: [
    {
      name: 'arguments as an object are written as their JSON string',
      text: notString,
      errors: [
        {
          messageId: 'notString',
          line: lineAt(notString, '/messages/1/tool_calls/1/function/arguments'),
          severity: 'error',
        },
      ],
      output: doc([
        user(),
        calls(call('call_1'), {
          ...objectArgs,
          function: { ...objectArgs.function, arguments: '{"location":"Paris"}' },
        }),
        tool('call_1'),
        tool('call_2'),
      ]),
    },
    {
      name: 'truncated JSON (a warning, no fix)',
      text: torn,
      errors: [
        { messageId: 'notJson', line: lineAt(torn, '/messages/1/tool_calls/0/function/arguments'), severity: 'warn' },
      ],
      output: null,
    },
    {
      name: 'legacy function_call arguments that are not JSON',
      text: legacy,
      errors: [{ messageId: 'notJson', line: lineAt(legacy, '/messages/1/function_call/arguments') }],
      output: null,
    },
    {
      name: "double-encoded arguments (the cookbook's drone_training.jsonl) are decoded as an unsafe fix",
      text: examples({
        messages: [system(), user(), calls(call('call_id', 'land_drone', '"{\\"location\\": \\"current\\"}"'))],
      }),
      errors: [{ messageId: 'notObject', line: 1, severity: 'warn' }],
      output: null,
      unsafeOutput: examples({
        messages: [system(), user(), calls(call('call_id', 'land_drone', '{"location": "current"}'))],
      }),
    },
  ],
});
