import rule from '../../../rules/roo/interrupted-tool-use.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import {
  history,
  interrupted,
  type Message,
  result,
  rooCall,
  rooReply,
  text,
  user,
  withContent,
} from '../../helpers/task-history.js';

const roo = { inputFormat: 'roo' };

const task = user([text('<task>\nFix the test\n</task>')]);
const call = rooReply([text('Running.'), rooCall('toolu_A', 'execute_command', { command: 'npx vitest' })]);
const answered = user([result('toolu_A', 'FAIL')]);
const atEnd: Message[] = [task, call, answered, rooReply([rooCall('toolu_B', 'apply_diff', { path: 'a.ts' })])];
const finished: Message[] = [
  task,
  call,
  answered,
  rooReply([rooCall('toolu_Z', 'attempt_completion', { result: 'Done.' })]),
];
const lastUser: Message[] = [...atEnd, user([text('Did that apply?')])];
const lastUserEmpty: Message[] = [...atEnd, user([])];
const condensed: Message[] = [
  task,
  { ...call, condenseParent: 'c-1' },
  { ...answered, condenseParent: 'c-1' },
  user([text('## Conversation Summary\nThe test fails.')], { isSummary: true, condenseId: 'c-1' }),
  rooReply([rooCall('toolu_Z', 'attempt_completion', { result: 'Done.' })]),
];

runRuleTests(rule, {
  valid: [
    { name: 'a finished task', text: history(finished), ...roo },
    { name: 'a condensed history ending with attempt_completion', text: history(condensed), ...roo },
    {
      name: 'a mid-history call without result is not this rule (tool-use-has-result)',
      text: history([task, call, user([text('x')]), rooReply([text('ok')])]),
      ...roo,
    },
    { name: 'the api target', text: history(atEnd), ...roo, target: 'api' },
  ],
  invalid: [
    {
      name: 'the history ends with a call',
      text: history(atEnd),
      ...roo,
      errors: [{ messageId: 'atEnd', line: 1, severity: 'warn' }],
      output: history([
        ...atEnd,
        { role: 'user', content: [interrupted('toolu_B')], ts: (atEnd[3]!.ts as number) + 1 },
      ]),
    },
    {
      name: 'a user message without the result ends it (Roo would put it after the text: error)',
      text: history(lastUser),
      ...roo,
      errors: [{ messageId: 'afterContent', line: 1, severity: 'error' }],
      output: history(withContent(lastUser, 4, [interrupted('toolu_B'), text('Did that apply?')])),
    },
    {
      name: 'an empty user message ends it',
      text: history(lastUserEmpty),
      ...roo,
      errors: [{ messageId: 'lastMessage', line: 1, severity: 'warn' }],
      output: history(withContent(lastUserEmpty, 4, [interrupted('toolu_B')])),
    },
  ],
});
