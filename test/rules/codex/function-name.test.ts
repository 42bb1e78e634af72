import rule from '../../../rules/codex/function-name.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, head, output, rollout } from './rollout.js';

const named = (name: string | undefined) => call('call_S1', { name });
const fixed = (original: string) => ({
  ...named('exec_command'),
  transcript_lint: { rule: 'codex/function-name', original_name: original },
});
const turn = (c: Record<string, unknown>) => rollout(...head(), c, output(), assistant());

runRuleTests(rule, {
  valid: [{ name: 'recorded shell turn', text: turn(named('exec_command')) }],
  invalid: [
    {
      name: 'NUL bytes in the name (a torn write)',
      text: turn(named('exec\u0000\u0000command')),
      errors: [{ messageId: 'nul', line: 7, severity: 'error', messageIncludes: "Invalid 'input[4].name'" }],
      output: turn(fixed('exec\u0000\u0000command')),
    },
    {
      name: 'an escape sequence in the name',
      text: turn(named('\u001b[31mexec_command')),
      errors: [{ messageId: 'control', line: 7 }],
      output: turn({
        ...named('31mexec_command'),
        transcript_lint: { rule: 'codex/function-name', original_name: '\u001b[31mexec_command' },
      }),
    },
    {
      name: 'a dotted name',
      text: turn(named('functions.exec_command')),
      errors: [{ messageId: 'pattern', line: 7 }],
      output: turn({
        ...named('functions_exec_command'),
        transcript_lint: { rule: 'codex/function-name', original_name: 'functions.exec_command' },
      }),
    },
    {
      name: 'an empty name',
      text: turn(named('')),
      errors: [{ messageId: 'empty', line: 7 }],
      output: turn({ ...named('unknown_tool'), transcript_lint: { rule: 'codex/function-name', original_name: '' } }),
    },
    {
      name: 'a name over 64 characters',
      text: turn(named(`exec_command_${'x'.repeat(60)}`)),
      errors: [{ messageId: 'tooLong', line: 7 }],
      output: turn({
        ...named(`exec_command_${'x'.repeat(51)}`),
        transcript_lint: { rule: 'codex/function-name', original_name: `exec_command_${'x'.repeat(60)}` },
      }),
    },
    {
      name: 'no name: Codex drops the call and its output (unsafe: named unknown_tool)',
      text: turn(named(undefined)),
      errors: [{ messageId: 'missing', line: 7 }],
      output: null,
      unsafeOutput: turn({
        ...named(undefined),
        transcript_lint: { rule: 'codex/function-name', original_name: null },
      }).replace(
        '"call_id":"call_S1"},"transcript_lint"',
        '"call_id":"call_S1","name":"unknown_tool"},"transcript_lint"',
      ),
    },
  ],
});
void fixed;
