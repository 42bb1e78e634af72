import rule from '../../rules/valid-json.js';
import { transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const clean = transcript();
clean.user('hello');
clean.assistant([{ type: 'text', text: 'hi' }]);

const good = clean.toString();
const [first, second] = clean.lines as [string, string];

runRuleTests(rule, {
  valid: [
    { name: 'a clean session', text: good },
    { name: 'CRLF line endings and a BOM', text: '\uFEFF' + good.replace(/\n/g, '\r\n') },
    { name: 'no final newline', text: good.trimEnd() },
    { name: 'blank lines are not entries', text: good + '\n\n' },
  ],
  invalid: [
    {
      name: 'torn last line',
      text: good + '{"type":"assistant","mess',
      errors: [{ messageId: 'torn', line: 3, severity: 'error' }],
      output: good,
    },
    {
      name: 'torn last line in a CRLF file with a BOM keeps both',
      text: '\uFEFF' + good.replace(/\n/g, '\r\n') + '{"type":"assist',
      errors: [{ messageId: 'torn', line: 3 }],
      output: '\uFEFF' + good.replace(/\n/g, '\r\n'),
    },
    {
      name: 'garbage mid-file',
      text: `${first}\nnot json at all\n${second}\n`,
      errors: [{ messageId: 'parse', line: 2 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'a terminated bad last line is a parse error, not a torn line',
      text: good + '{"oops"\n',
      errors: [{ messageId: 'parse', line: 3 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'NUL byte inside a string: stripped, the rest kept byte for byte',
      text: good.replace('hello', 'hel\u0000lo'),
      errors: [{ messageId: 'nul', line: 1 }],
      output: good,
    },
    {
      name: 'NUL bytes padding a line that is still not JSON without them',
      text: `${first}\n\u0000\u0000{"x"\n${second}\n`,
      errors: [{ messageId: 'nul', line: 2 }],
      output: null,
      unsafeOutput: good,
    },
    {
      name: 'JSON that is not an object',
      text: good + '[1,2]\n42\n',
      errors: [{ messageId: 'notObject', line: 3 }, { messageId: 'notObject', line: 4 }],
      output: null,
      unsafeOutput: good,
    },
  ],
});
