import rule, { RESULT_NOT_RECORDED } from '../../../rules/openai/tool-calls-answered.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, developer, doc, examples, lineAt, list, system, tool, user } from './builders.js';

const missing = (id: string) => tool(id, RESULT_NOT_RECORDED);
const two = calls(call('call_1'), call('call_2', 'get_current_weather', '{"location": "Lyon, France"}'));
const oneAnswered = doc([developer(), user(), two, tool('call_1'), assistant('14 °C in Paris.')]);
const noneAnswered = doc([user(), calls(call('call_1')), user('And tomorrow?')]);
const atEnd = doc([user(), calls(call('call_1'))]);
const mislabelled = doc([user(), calls(call('call_1')), tool('call_x'), assistant('ok')]);

runRuleTests(rule, {
  valid: [
    {
      name: 'every call answered, in any order',
      text: doc([user(), two, tool('call_2'), tool('call_1'), assistant('ok')]),
    },
    {
      name: 'legacy function calls',
      text: doc([user(), assistant(null, { function_call: { name: 'f', arguments: '{}' } })]),
    },
    {
      name: 'a fine-tuning example may end on its tool calls',
      text: examples({ messages: [system(), user(), calls(call('call_id'))] }),
    },
  ],
  invalid: [
    {
      name: 'one of two parallel calls answered',
      text: oneAnswered,
      errors: [
        {
          messageId: 'missing',
          line: lineAt(oneAnswered, '/messages/2'),
          messageIncludes: 'response messages: call_2"',
        },
      ],
      output: doc([developer(), user(), two, tool('call_1'), missing('call_2'), assistant('14 °C in Paris.')]),
    },
    {
      name: 'a call followed by a user message',
      text: noneAnswered,
      errors: [{ messageId: 'missing', line: lineAt(noneAnswered, '/messages/1') }],
      output: doc([user(), calls(call('call_1')), missing('call_1'), user('And tomorrow?')]),
    },
    {
      name: 'a request that ends on its calls',
      text: atEnd,
      errors: [{ messageId: 'missing', line: lineAt(atEnd, '/messages/1') }],
      output: doc([user(), calls(call('call_1')), missing('call_1')]),
    },
    {
      name: 'two turns of a bare list, in one fix',
      text: list([user(), calls(call('call_1')), user('b'), calls(call('call_2')), user('c')]),
      errors: [
        { messageId: 'missing', line: 6 },
        { messageId: 'missing', line: 24 },
      ],
      output: list([
        user(),
        calls(call('call_1')),
        missing('call_1'),
        user('b'),
        calls(call('call_2')),
        missing('call_2'),
        user('c'),
      ]),
    },
    {
      name: 'a fine-tuning example whose calls are not its last message',
      text: examples({ messages: [user(), calls(call('call_1')), assistant('Done.')] }),
      errors: [{ messageId: 'missing', line: 1 }],
      output: examples({ messages: [user(), calls(call('call_1')), missing('call_1'), assistant('Done.')] }),
    },
    {
      name: 'an answer under a wrong id gets no invented answer (tool-message-has-call relinks it)',
      text: mislabelled,
      errors: [{ messageId: 'missing', line: lineAt(mislabelled, '/messages/1') }],
      output: null,
    },
  ],
});
