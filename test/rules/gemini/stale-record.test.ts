import rule from '../../../rules/gemini/stale-record.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recorded, text } from './session.js';

// tool-call: line 5 is the model record before its toolCalls, line 7 the same id with them; line 2 the first
// `$set messages` snapshot. Both damaged files were resumed with Gemini CLI 0.61.0 under the strict stand-in.
const call = recorded('tool-call');
const parallel = recorded('parallel');
const kept = (line: string, of: number): string =>
  JSON.stringify({ type: 'transcript-lint.kept-line', reason: `older copy of line ${of}`, text: line });

runRuleTests(rule, {
  valid: [
    { name: 'a recorded session', text: text(call) },
    { name: 'a resumed recording', text: text(recorded('resumed')) },
    // The whole file appended again: the CLI loads the same messages (checked by the loader's port).
    { name: 'the whole file appended to itself', text: text([...call, ...call]) },
    { name: 'a parallel recording', text: text(parallel) },
  ],
  invalid: [
    {
      // Sent: model "I will run a command." then the response alone: 400 "function response turn comes
      // immediately after a function call turn".
      name: 'the model record without its toolCalls appended again',
      text: text([...call, call[4]!]),
      errors: [{ messageId: 'record', line: 12, severity: 'error' }],
      output: text([...call, kept(call[4]!, 5)]),
    },
    {
      // Sent: user "run echo hello", model "I will run a command." and nothing after (accepted, history lost).
      name: 'the first six lines appended again (a restored backup)',
      text: text([...call, ...call.slice(0, 6)]),
      errors: [
        { messageId: 'snapshot', line: 13 },
        { messageId: 'record', line: 14 },
        { messageId: 'record', line: 16 },
      ],
      output: text([...call, call[0]!, kept(call[1]!, 2), kept(call[2]!, 3), call[3]!, kept(call[4]!, 5), call[5]!]),
    },
  ],
});
