import rule from '../../../rules/cline/result-missing.js';
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
const call = clineReply([text('Reading.'), clineCall('toolu_A')]);
const answered = user([result('toolu_A', 'export {}'), text('<environment_details>ACT MODE</environment_details>')]);
const done = clineReply([clineCall('toolu_Z', 'attempt_completion', { result: 'Done.' })]);
const finished: Message[] = [task, call, answered, done];

const midHistory: Message[] = [task, call, user([text('[TASK RESUMPTION] This task was interrupted.')]), done];
const parallel: Message[] = [
  task,
  clineReply([clineCall('toolu_A'), clineCall('toolu_B', 'execute_command', { command: 'npm test' })]),
  user([text('env'), result('toolu_A')]),
  done,
];
const atEnd: Message[] = [
  task,
  call,
  answered,
  clineReply([clineCall('toolu_C', 'replace_in_file', { path: 'a.ts' })]),
];
const waiting: Message[] = [task, call, answered, clineReply([clineCall('toolu_Q', 'ask_followup_question')])];
const textResults: Message[] = [
  task,
  clineReply([clineCall('tooluse_A'), clineCall('tooluse_B', 'list_files', { path: 'src' })]),
  user([text("[read_file for 'a.ts'] Result:\nexport {}"), text("[list_files for 'src'] Result:\na.ts"), text('env')]),
  done,
];
const stringAfterCalls: Message[] = [task, call, user('Use a short flag too.'), done];

runRuleTests(rule, {
  valid: [
    { name: 'a finished task (it ends with attempt_completion)', text: history(finished), ...cline },
    { name: 'a task waiting on a question', text: history(waiting), ...cline },
    { name: 'results Cline wrote as text (its fallback for unknown call ids)', text: history(textResults), ...cline },
    {
      name: 'the api target judges the file as it is (tool-use-has-result)',
      text: history(atEnd),
      ...cline,
      target: 'api',
    },
    { name: 'a Roo history (not a Cline one)', text: history(atEnd), inputFormat: 'roo' },
  ],
  invalid: [
    {
      name: 'a call without a result mid-history',
      text: history(midHistory),
      ...cline,
      errors: [{ messageId: 'missing', line: 1, severity: 'warn' }],
      output: history(
        withContent(midHistory, 2, [interrupted('toolu_A'), text('[TASK RESUMPTION] This task was interrupted.')]),
      ),
    },
    {
      name: 'one of two parallel calls answered, the results after other content',
      text: history(parallel),
      ...cline,
      errors: [{ messageId: 'missing', line: 1 }],
      output: history(withContent(parallel, 2, [result('toolu_A'), interrupted('toolu_B'), text('env')])),
    },
    {
      name: 'a call the history ends with: a user message in Cline shape after it',
      text: history(atEnd),
      ...cline,
      errors: [{ messageId: 'onResume', line: 1, severity: 'warn' }],
      output: history([
        ...atEnd,
        { role: 'user', content: [interrupted('toolu_C')], ts: (atEnd[3]!.ts as number) + 1 },
      ]),
    },
    {
      name: 'a string user message after calls is lost (error), its text kept by the fix',
      text: history(stringAfterCalls),
      ...cline,
      errors: [
        { messageId: 'contentLost', line: 1, severity: 'error' },
        { messageId: 'missing', line: 1 },
      ],
      output: history(withContent(stringAfterCalls, 2, [interrupted('toolu_A'), text('Use a short flag too.')])),
    },
  ],
});
