import rule from '../../../rules/gemini/doubled-tool-result.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { edited, expected, keptLine, recorded, replaced, text, without } from './session.js';

const call = recorded('tool-call');
const parallel = recorded('parallel');

runRuleTests(rule, {
  valid: [
    { name: 'the result stored once, in toolCalls[].result (what the fix writes)', text: text(without(call, 8)) },
    {
      name: 'a call stored without ids, its result stored once (resumed clean under the strict stand-in)',
      text: text(recorded('no-call-ids-once')),
    },
    {
      name: 'the separate user record is the only answer (toolCalls without result)',
      text: text(
        call.map((l, i) => (i === 6 ? edited(l, (v) => delete (v.toolCalls as { result?: unknown }[])[0]!.result) : l)),
      ),
    },
  ],
  invalid: [
    {
      name: 'a recorded session with one tool call (Gemini CLI 0.61.0 writes every result twice)',
      text: text(call),
      errors: [{ messageId: 'doubled', line: 8 }],
      output: text(
        replaced(call, 8, keptLine(call[7]!, 'repeats the results of 39b77ed5-2cd1-4ac0-874d-315b0b3eb0de')),
      ),
    },
    {
      name: 'two parallel calls answered by one doubled record',
      text: text(parallel),
      errors: [{ messageId: 'doubled', line: 8, messageIncludes: 'fc_mock216_1_0, run_shell_command__fc_mock216_1_1' }],
      output: text(
        replaced(parallel, 8, keptLine(parallel[7]!, 'repeats the results of 71baf0eb-c595-4eda-a19f-28c30f4f3dea')),
      ),
    },
    {
      // Resumed, the CLI sent the result under the id it derives for the call and the repeat under a `synth_orph_` id:
      // rejected under the strict stand-in; the fixed file was accepted with the call and its result.
      name: 'a call stored without ids: the repeat is matched by the tool name',
      text: text(recorded('no-call-ids')),
      errors: [{ messageId: 'doubled', line: 8, messageIncludes: '(no id) run_shell_command' }],
      output: text(
        replaced(
          recorded('no-call-ids'),
          8,
          keptLine(recorded('no-call-ids')[7]!, 'repeats the results of 39b77ed5-2cd1-4ac0-874d-315b0b3eb0de'),
        ),
      ),
    },
    {
      name: 'a resumed session: the $set messages snapshot holds the doubling (twice) and the new turn doubles again',
      text: text(recorded('resumed')),
      errors: [
        { messageId: 'doubled', line: 13 },
        { messageId: 'doubled', line: 13 },
        { messageId: 'doubled', line: 19 },
      ],
      output: expected('resumed.fixed.jsonl'),
    },
  ],
});
