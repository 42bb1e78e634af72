import rule from '../../../rules/copilot/trailing-nul.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { recording } from './recorded.js';

const parallel = recording('parallel');
const multi = recording('multi-turn');
const nul = (n: number) => '\u0000'.repeat(n);

runRuleTests(rule, {
  valid: [{ name: 'a recorded session', text: parallel.text }],
  invalid: [
    {
      name: 'NUL padding after the final newline (github/copilot-cli #2217)',
      text: parallel.text + nul(1728),
      errors: [{ messageId: 'padding', line: 19, severity: 'warn', messageIncludes: '1728 NUL bytes' }],
      output: parallel.text,
    },
    {
      name: 'the final newline replaced by NULs: the shutdown event kept, the newline restored',
      text: parallel.text.slice(0, -1) + nul(1728),
      errors: [{ messageId: 'inEvent', line: 18, severity: 'error', messageIncludes: 'session.shutdown' }],
      output: parallel.text,
    },
    {
      name: 'a NUL run mid-file, with a resumed run appended after it',
      text: multi.with(15, nul(512) + multi.lines[14]),
      errors: [{ messageId: 'inEvent', line: 15, severity: 'error', messageIncludes: 'session.resume' }],
      output: multi.text,
    },
    {
      name: 'NULs in a line that is cut off anyway: removed, the rest is valid-json’s',
      text: parallel.with(10, nul(8) + parallel.lines[9]!.slice(0, 200)),
      errors: [{ messageId: 'inText', line: 10, severity: 'error' }],
      output: parallel.with(10, parallel.lines[9]!.slice(0, 200)),
    },
    {
      name: 'a file of nothing but NULs: nothing to recover',
      text: nul(4096),
      inputFormat: 'copilot-events',
      errors: [{ messageId: 'onlyNul', line: 1, severity: 'error' }],
      output: null,
    },
  ],
});
