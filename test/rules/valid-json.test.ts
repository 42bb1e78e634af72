import rule from '../../rules/valid-json.js';
import { transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

const clean = transcript();
clean.user('hello');
clean.assistant([{ type: 'text', text: 'hi' }]);

const good = clean.toString();

runRuleTests(rule, {
  valid: [
    { name: 'a clean session', text: good },
    { name: 'CRLF line endings and a BOM', text: '\uFEFF' + good.replace(/\n/g, '\r\n') },
    { name: 'no final newline', text: good.trimEnd() },
    { name: 'blank lines are not entries', text: good + '\n\n' },
  ],
  invalid: [
    { name: 'torn last line', text: good + '{"type":"assistant","mess', errors: [{ messageId: 'torn', line: 3, severity: 'error' }] },
    { name: 'garbage mid-file', text: good.replace('\n', '\nnot json at all\n'), errors: [{ messageId: 'parse', line: 2 }] },
    {
      name: 'an unterminated bad line that is not last is a parse error, a terminated bad last line too',
      text: good + '{"oops"\n',
      errors: [{ messageId: 'parse', line: 3 }],
    },
    { name: 'NUL byte', text: good.replace('hello', 'hel\u0000lo'), errors: [{ messageId: 'nul', line: 1 }] },
    { name: 'JSON that is not an object', text: good + '[1,2]\n42\n', errors: [{ messageId: 'notObject', line: 3 }, { messageId: 'notObject', line: 4 }] },
  ],
});
