import rule from '../../../rules/openai/tool-message-has-call.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, calls, doc, examples, lineAt, user, tool } from './builders.js';

const orphan = doc([user(), tool('call_stale'), calls(call('call_1')), tool('call_1'), assistant('ok')]);
const wrongId = doc([user(), calls(call('call_1')), tool('call_x'), assistant('ok')]);
const wrongOfTwo = doc([
  user(),
  calls(call('call_1'), call('call_2')),
  tool('call_x'),
  tool('call_y'),
  assistant('ok'),
]);
const noId = doc([user(), calls(call('call_1')), { role: 'tool', content: 'r' }, assistant('ok')]);

runRuleTests(rule, {
  valid: [
    {
      name: 'answers right after their calls',
      text: doc([user(), calls(call('call_1'), call('call_2')), tool('call_2'), tool('call_1')]),
    },
  ],
  invalid: [
    {
      name: 'a tool message with no call before it is removed',
      text: orphan,
      errors: [
        {
          messageId: 'orphan',
          line: lineAt(orphan, '/messages/1'),
          messageIncludes: "a preceeding message with 'tool_calls'",
        },
      ],
      output: doc([user(), calls(call('call_1')), tool('call_1'), assistant('ok')]),
    },
    {
      name: 'an answer under an id that was not called: relinked to the one open call (unsafe)',
      text: wrongId,
      errors: [
        {
          messageId: 'unknownId',
          line: lineAt(wrongId, '/messages/2/tool_call_id'),
          messageIncludes: "'tool_call_id' of 'call_x' not found in 'tool_calls' of previous message",
        },
      ],
      output: null,
      unsafeOutput: doc([user(), calls(call('call_1')), tool('call_1'), assistant('ok')]),
    },
    {
      name: 'two answers under unknown ids with two open calls: removed (unsafe)',
      text: wrongOfTwo,
      errors: [
        { messageId: 'unknownId', line: lineAt(wrongOfTwo, '/messages/2/tool_call_id') },
        { messageId: 'unknownId', line: lineAt(wrongOfTwo, '/messages/3/tool_call_id') },
      ],
      output: null,
      unsafeOutput: doc([user(), calls(call('call_1'), call('call_2')), assistant('ok')]),
    },
    {
      name: 'a tool message without an id',
      text: noId,
      errors: [{ messageId: 'missingId', line: lineAt(noId, '/messages/2') }],
      output: null,
    },
    {
      name: 'in a fine-tuning example',
      text: examples({ messages: [user(), tool('call_1'), assistant('ok')] }),
      errors: [{ messageId: 'orphan', line: 1 }],
      output: examples({ messages: [user(), assistant('ok')] }),
    },
  ],
});
