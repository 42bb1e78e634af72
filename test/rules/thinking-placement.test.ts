import rule from '../../rules/thinking-placement.js';
import { text, thinking, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

// think.jsonl shape: split parts, thinking first in both responses, hidden thinking in the second.
const think = transcript();
think.user('think then run');
think.assistant([thinking('I should run a command.', 'sigABC123')], { id: 'msg_a' });
think.assistant([toolUse('toolu_1')], { id: 'msg_a' });
think.result('toolu_1');
think.assistant([thinking('', 'sigDEF456')], { id: 'msg_b' });
think.assistant([text('Thought and ran.')], { id: 'msg_b' });

// A response that was cut off after its thinking part, then a new prompt.
const cutOff = transcript();
cutOff.user('think');
cutOff.assistant([thinking('Let me see.', 'sigA')], { id: 'msg_a' });
cutOff.user('are you there?');
cutOff.assistant([text('Yes.')], { id: 'msg_b' });

// The session ends right after a thinking part.
const endsThinking = transcript();
endsThinking.user('think');
endsThinking.assistant([thinking('Let me see.', 'sigA')], { id: 'msg_a' });

const trailing = transcript();
trailing.user('answer');
trailing.assistant([thinking('a', 'sigA'), text('Answer.'), thinking('b', 'sigB')], { id: 'msg_a' });

// Earlier in the request, a message may end with thinking: the API accepts replayed reasoning.
const earlierTrailing = transcript();
earlierTrailing.user('answer');
earlierTrailing.assistant([thinking('a', 'sigA'), text('Answer.'), thinking('b', 'sigB')], { id: 'msg_a' });
earlierTrailing.user('thanks');
earlierTrailing.assistant([text('You are welcome.')], { id: 'msg_b' });

const inUser = transcript();
inUser.user([text('look at this'), thinking('pasted', 'sigA')]);
inUser.assistant([text('Seen.')]);

const blankAfterThinking = transcript();
blankAfterThinking.user('think');
blankAfterThinking.assistant([thinking('Let me see.', 'sigA'), text('  ')], { id: 'msg_a' });

runRuleTests(rule, {
  valid: [
    { name: 'thinking with tool use, split parts (think.jsonl)', text: think.toString() },
    { name: 'same on the api target', text: think.toString(), target: 'api' },
    { name: 'an earlier message ending with thinking', text: earlierTrailing.toString() },
    { name: 'api target: an earlier thinking-only message is accepted', text: cutOff.toString(), target: 'api' },
    { name: 'final message ending with a tool_use', text: (() => { const t = transcript(); t.user('go'); t.assistant([thinking('', 'sig'), toolUse('toolu_1')]); return t.toString(); })() },
  ],
  invalid: [
    {
      name: 'thinking in a user message',
      text: inUser.toString(),
      errors: [{ messageId: 'inUser', line: 1, blockIndex: 1, severity: 'warn' }],
    },
    {
      name: 'thinking-only message mid-history (a cut-off response)',
      text: cutOff.toString(),
      errors: [{ messageId: 'thinkingOnly', line: 2, blockIndex: 0, severity: 'warn' }],
    },
    {
      name: 'the request ends with a thinking-only message',
      text: endsThinking.toString(),
      errors: [{ messageId: 'thinkingOnlyFinal', line: 2, severity: 'warn' }],
    },
    {
      name: 'api target: the request ends with a thinking-only message',
      target: 'api',
      text: endsThinking.toString(),
      errors: [{ messageId: 'thinkingOnlyFinal', line: 2, severity: 'error' }],
    },
    {
      name: 'final message holding thinking and whitespace-only text',
      text: blankAfterThinking.toString(),
      errors: [{ messageId: 'thinkingOnlyFinal', line: 2, blockIndex: 0 }],
    },
    {
      name: 'the request ends with thinking after text',
      text: trailing.toString(),
      errors: [{ messageId: 'trailingThinking', line: 2, blockIndex: 2, severity: 'warn' }],
    },
    {
      name: 'api target: trailing thinking',
      target: 'api',
      text: trailing.toString(),
      errors: [{ messageId: 'trailingThinking', line: 2, blockIndex: 2, severity: 'error' }],
    },
    {
      name: 'api target: thinking in a user message',
      target: 'api',
      text: inUser.toString(),
      errors: [{ messageId: 'inUser', line: 1, severity: 'error' }],
    },
  ],
});
