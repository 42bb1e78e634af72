import rule from '../../../rules/gemini/single-session.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { keptLine, recorded, text } from './session.js';

const parallel = recorded('parallel');
const otherId = recorded('resumed')[11]!;

runRuleTests(rule, {
  valid: [
    { name: 'one session', text: text(recorded('tool-call')) },
    { name: 'a resumed session ($set sessionId of the same id)', text: text(recorded('resumed')) },
  ],
  invalid: [
    {
      name: "two sessions' files joined",
      text: text([...recorded('tool-call'), ...recorded('parallel')]),
      errors: [{ messageId: 'joined', line: 12 }],
      output: null,
    },
    {
      // Recorded: resumed by its header's id, Gemini CLI 0.61.0 failed with "Invalid session identifier" (rc 123);
      // the fixed file resumed under the strict stand-in with both calls sent.
      name: "a $set of another session's id (the resumed session's line 12) inside a session file",
      text: text([...parallel.slice(0, 4), otherId, ...parallel.slice(4)]),
      errors: [
        { messageId: 'setsOther', line: 5, messageIncludes: 'gemini --resume f9c4b80d-15eb-4c6c-8f72-7887934150fb' },
      ],
      output: null,
      unsafeOutput: text([
        ...parallel.slice(0, 4),
        keptLine(otherId, "sets another session's id"),
        ...parallel.slice(4),
      ]),
    },
  ],
});
