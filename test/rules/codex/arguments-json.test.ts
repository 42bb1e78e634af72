import rule from '../../../rules/codex/arguments-json.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, head, item, output, rollout } from './rollout.js';

const turn = (c: Record<string, unknown>, out = output()) => rollout(...head(), c, out, assistant());
const custom = (input: unknown) =>
  item({ type: 'custom_tool_call', status: 'completed', id: 'ctc_1', call_id: 'call_A1', name: 'apply_patch', input });
const customOut = item({ type: 'custom_tool_call_output', id: 'ctco_1', call_id: 'call_A1', output: 'Done.' });

runRuleTests(rule, {
  valid: [
    { name: 'recorded shell turn', text: turn(call()) },
    {
      // Recorded (Codex 0.169.0): a model's truncated arguments get Codex's own parse error as the output at once.
      name: 'arguments that are not JSON, answered by Codex with its parse error: a faithful record',
      text: turn(
        call('call_S1', { arguments: '{"cmd": "echo one"' }),
        output('call_S1', 'failed to parse function arguments: EOF while parsing an object at line 1 column 18'),
      ),
    },
  ],
  invalid: [
    {
      name: 'arguments stored as an object: Codex drops the call and its output',
      text: turn(call('call_S1', { arguments: { cmd: 'echo one' } })),
      errors: [{ messageId: 'notString', line: 7, severity: 'error' }],
      output: turn({ ...call(), transcript_lint: { rule: 'codex/arguments-json' } }),
    },
    {
      name: 'no arguments (unsafe: "{}")',
      text: turn(call('call_S1', { arguments: undefined })),
      errors: [{ messageId: 'missing', line: 7 }],
      output: null,
      unsafeOutput: turn({
        ...call('call_S1', { arguments: undefined }),
        transcript_lint: { rule: 'codex/arguments-json', original_arguments: null },
      }).replace('"call_id":"call_S1"}', '"call_id":"call_S1","arguments":"{}"}'),
    },
    {
      name: 'a custom_tool_call input stored as an object (unsafe: its only string)',
      text: turn(custom({ patch: '*** Begin Patch' }), customOut),
      errors: [{ messageId: 'inputNotString', line: 7 }],
      output: null,
      unsafeOutput: turn(
        {
          ...custom('*** Begin Patch'),
          transcript_lint: { rule: 'codex/arguments-json', original_input: { patch: '*** Begin Patch' } },
        },
        customOut,
      ),
    },
    {
      name: 'arguments that are not JSON (sent as they are)',
      text: turn(call('call_S1', { arguments: '{"cmd": echo one' })),
      errors: [{ messageId: 'notJson', line: 7, severity: 'warn' }],
      output: null,
    },
    {
      name: 'empty arguments',
      text: turn(call('call_S1', { arguments: '' })),
      errors: [{ messageId: 'empty', line: 7, severity: 'warn' }],
      output: null,
    },
  ],
});
