import rule from '../../../rules/codex/output-has-call.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, event, head, output, rollout } from './rollout.js';

const tail = () => [assistant(), event('task_complete')];
const marked = (r: Record<string, unknown>, fields: Record<string, unknown>) => ({
  ...r,
  transcript_lint: { rule: 'codex/output-has-call', ...fields },
});

runRuleTests(rule, {
  valid: [{ name: 'recorded shell turn', text: rollout(...head(), call(), output(), ...tail()) }],
  invalid: [
    {
      name: 'the call was deleted: Codex drops the output (a warning), as raw input the API rejects it',
      text: rollout(...head(), output(), ...tail()),
      errors: [
        {
          messageId: 'orphan',
          line: 7,
          severity: 'warn',
          messageIncludes: 'Orphan function call output for call id: call_S1',
        },
      ],
      output: rollout(...head(), ...tail()),
    },
    {
      name: 'orphan output judged as a raw Responses input',
      text: rollout(...head(), output(), ...tail()),
      target: 'openai-responses',
      errors: [{ messageId: 'orphan', line: 7, severity: 'error' }],
      output: rollout(...head(), ...tail()),
    },
    {
      name: 'an output before its call: moved after it',
      text: rollout(...head(), output(), call(), ...tail()),
      errors: [{ messageId: 'beforeCall', line: 7, severity: 'error' }],
      output: rollout(...head(), call(), marked(output(), { moved_from_line: 7 }), ...tail()),
    },
    {
      name: 'an output without call_id (unsafe: removed)',
      text: rollout(
        ...head(),
        call(),
        output(),
        output(undefined, 'stray', { call_id: undefined, id: 'fco_x' }),
        ...tail(),
      ),
      errors: [{ messageId: 'noCallId', line: 9, severity: 'error' }],
      output: null,
      unsafeOutput: rollout(...head(), call(), output(), ...tail()),
    },
    {
      name: 'the output of a call whose arguments another rule brings back is left alone',
      text: rollout(
        ...head(),
        call('call_S1', { arguments: { cmd: 'echo one' } }),
        output(),
        output('call_XX'),
        ...tail(),
      ),
      errors: [{ messageId: 'orphan', line: 9 }],
      output: rollout(...head(), call('call_S1', { arguments: { cmd: 'echo one' } }), output(), ...tail()),
    },
  ],
});
