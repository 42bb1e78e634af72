import rule from '../../../rules/gemini/single-session.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recorded, text } from './session.js';

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
    },
  ],
});
