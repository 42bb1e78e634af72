import rule from '../../../rules/openai/unique-tool-call-id.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, doc, lineAt, tool, user } from './builders.js';

const twoCalls = doc([user(), calls(call('call_1'), call('call_1')), tool('call_1'), assistant('ok')]);
const copy = doc([user(), calls(call('call_1')), tool('call_1'), tool('call_1'), assistant('ok')]);
const different = doc([user(), calls(call('call_1')), tool('call_1'), tool('call_1', 'other'), assistant('ok')]);

runRuleTests(rule, {
  valid: [
    {
      name: 'distinct ids, each answered once',
      text: doc([user(), calls(call('a'), call('b')), tool('a'), tool('b')]),
    },
  ],
  invalid: [
    {
      name: 'two calls with one id',
      text: twoCalls,
      errors: [{ messageId: 'call', line: lineAt(twoCalls, '/messages/1/tool_calls/1/id') }],
      output: null,
    },
    {
      name: 'an answer that is an exact copy of the first is removed',
      text: copy,
      errors: [
        {
          messageId: 'answer',
          line: lineAt(copy, '/messages/3/tool_call_id'),
          messageIncludes: "Duplicate value for 'tool_call_id' of 'call_1', in messages[2] and messages[3].",
        },
      ],
      output: doc([user(), calls(call('call_1')), tool('call_1'), assistant('ok')]),
    },
    {
      name: 'two different answers to one call',
      text: different,
      errors: [{ messageId: 'answer', line: lineAt(different, '/messages/3/tool_call_id') }],
      output: null,
    },
  ],
});
