import rule from '../../../rules/gemini/response-has-call.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { keptLine, recorded, replaced, text, without } from './session.js';

const call = recorded('tool-call');

runRuleTests(rule, {
  valid: [{ name: 'a recorded call with its results', text: text(call) }],
  invalid: [
    {
      name: 'the model record with the tool call lost: its response answers nothing',
      text: text(without(call, 7)),
      errors: [{ messageId: 'orphan', line: 7 }],
      // The response record stays on its line, in a record the CLI skips.
      output: text(replaced(without(call, 7), 7, keptLine(call[7]!, 'responses without their calls'))),
    },
  ],
});
