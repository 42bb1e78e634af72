import rule from '../../../rules/cline/result-dropped.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import {
  clineCall,
  clineReply,
  history,
  interrupted,
  type Message,
  result,
  text,
  user,
  withContent,
} from '../../helpers/task-history.js';

const cline = { inputFormat: 'cline' };

const task = user([text('<task>\nAdd a flag\n</task>')]);
const call = clineReply([clineCall('toolu_A')]);
const done = clineReply([clineCall('toolu_Z', 'attempt_completion', { result: 'Done.' })]);

const wrongId: Message[] = [task, call, user([result('toolu_WRONG', 'export {}'), text('env')]), done];
const duplicate: Message[] = [
  task,
  call,
  user([text('env'), result('toolu_A', 'Error: retrying', { is_error: true }), result('toolu_A', 'export {}')]),
  done,
];
// Results after text are reordered, not dropped; a repeated result in order is sent as it is (no rebuild).
const reordered: Message[] = [task, call, user([text('env'), result('toolu_A')]), done];
const repeatedInOrder: Message[] = [task, call, user([result('toolu_A'), result('toolu_A', 'again')]), done];

runRuleTests(rule, {
  valid: [
    { name: 'results in order', text: history([task, call, user([result('toolu_A')]), done]), ...cline },
    { name: 'a result after text (Cline moves it first)', text: history(reordered), ...cline },
    { name: 'a repeated result Cline leaves as it is', text: history(repeatedInOrder), ...cline },
    { name: 'the api target (tool-result-has-use)', text: history(wrongId), ...cline, target: 'api' },
  ],
  invalid: [
    {
      name: 'a result with a wrong id',
      text: history(wrongId),
      ...cline,
      errors: [{ messageId: 'orphan', line: 1, severity: 'warn' }],
      output: history(
        withContent(wrongId, 2, [
          interrupted('toolu_A'),
          text('[transcript-lint: a tool_result that answered no call (tool_use_id toolu_WRONG)]\nexport {}'),
          text('env'),
        ]),
      ),
    },
    {
      name: 'an earlier result replaced by a later one for the same call',
      text: history(duplicate),
      ...cline,
      errors: [{ messageId: 'duplicate', line: 1 }],
      output: history(
        withContent(duplicate, 2, [
          result('toolu_A', 'export {}'),
          text('env'),
          text('[transcript-lint: an earlier tool_result for the call (tool_use_id toolu_A)]\nError: retrying'),
        ]),
      ),
    },
  ],
});
