import rule from '../../../rules/cline/unsigned-thinking.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import {
  clineCall,
  clineReply,
  history,
  type Message,
  result,
  text,
  user,
  withContent,
} from '../../helpers/task-history.js';

const cline = { inputFormat: 'cline' };

const task = user([text('<task>\nAdd a flag\n</task>')]);
const thinking = { type: 'thinking', thinking: 'Read the file first.' };
const reply = clineReply([thinking, text('Reading.'), clineCall('toolu_A')]);
const rest: Message[] = [user([result('toolu_A')]), clineReply([text('Done.')])];
const unsigned: Message[] = [task, reply, ...rest];
const onlyThinking: Message[] = [task, clineReply([thinking]), user([text('go on')]), clineReply([text('Done.')])];
const signed: Message[] = withContent(unsigned, 1, [
  { ...thinking, signature: 'EqQBCkYI' },
  text('Reading.'),
  clineCall('toolu_A'),
]);

runRuleTests(rule, {
  valid: [
    { name: 'a signed thinking block', text: history(signed), ...cline },
    { name: 'the api target (thinking-signature)', text: history(unsigned), ...cline, target: 'api' },
  ],
  invalid: [
    {
      name: 'a thinking block without a signature',
      text: history(unsigned),
      ...cline,
      errors: [{ messageId: 'dropped', line: 1, severity: 'warn' }],
      output: history(withContent(unsigned, 1, [text('Reading.'), clineCall('toolu_A')])),
    },
    {
      name: 'a reply of nothing but unsigned thinking keeps a text block',
      text: history(onlyThinking),
      ...cline,
      errors: [{ messageId: 'dropped', line: 1 }],
      output: history(withContent(onlyThinking, 1, [text('[transcript-lint: thinking without a signature removed]')])),
    },
  ],
});
