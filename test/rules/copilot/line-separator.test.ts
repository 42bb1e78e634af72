import rule from '../../../rules/copilot/line-separator.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recording } from './recorded.js';

const unicode = recording('unicode-sep');
const parallel = recording('parallel');
const raw = (s: string) => s.replace(/\\u2028/g, '\u2028').replace(/\\u2029/g, '\u2029');

runRuleTests(rule, {
  valid: [
    { name: 'separators as Copilot writes them (escaped)', text: unicode.text },
    {
      name: 'U+0085 is no separator',
      text: parallel.with(2, parallel.lines[1]!.replace('run three', 'run\u0085three')),
    },
  ],
  invalid: [
    {
      name: 'raw U+2028 and U+2029 in the prompt, the answer and the tool output (github/copilot-cli #2490)',
      text: raw(unicode.text),
      errors: [
        { messageId: 'inString', line: 2, severity: 'warn' },
        { messageId: 'inString', line: 6, severity: 'warn' },
        { messageId: 'inString', line: 8, severity: 'warn' },
        { messageId: 'inString', line: 12, severity: 'warn' },
      ],
      output: unicode.text,
    },
    {
      name: 'a raw U+2028 between tokens: the line does not parse, the separator goes',
      text: parallel.with(13, parallel.lines[12]!.replace('"data":', '"data":\u2028')),
      errors: [{ messageId: 'betweenTokens', line: 13, severity: 'error' }],
      output: parallel.text,
    },
  ],
});
