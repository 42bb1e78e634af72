import { createHash } from 'node:crypto';
import rule from '../../../rules/codex/unique-call-id.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, head, output, rollout, user } from './rollout.js';

const marked = (r: Record<string, unknown>, fields: Record<string, unknown>) => ({
  ...r,
  transcript_lint: { rule: 'codex/unique-call-id', ...fields },
});
const withCallId = (r: Record<string, unknown>, id: string) => ({
  ...r,
  payload: { ...(r.payload as object), call_id: id },
});
const LONG = `call_${'x'.repeat(70)}`;
const hash = createHash('sha1').update(LONG).digest('hex').slice(0, 8);

runRuleTests(rule, {
  valid: [
    {
      name: 'recorded parallel calls',
      text: rollout(...head(), call('call_P1'), call('call_P2'), output('call_P1'), output('call_P2'), assistant()),
    },
  ],
  invalid: [
    {
      name: 'a duplicated function_call line',
      text: rollout(...head(), call(), call(), output(), assistant()),
      errors: [{ messageId: 'duplicateItem', line: 8, messageIncludes: 'Duplicate item found with id fc_call_S1.' }],
      output: rollout(...head(), call(), output(), assistant()),
    },
    {
      name: 'a whole turn duplicated: every copied item goes',
      text: rollout(...head(), call(), output(), assistant(), user(), call(), output(), assistant()),
      errors: [
        { messageId: 'duplicateItem', line: 10 },
        { messageId: 'duplicateItem', line: 11 },
        { messageId: 'duplicateItem', line: 12 },
        { messageId: 'duplicateItem', line: 13 },
      ],
      output: rollout(...head(), call(), output(), assistant()),
    },
    {
      name: 'the same call_id on two calls of one response (unsafe: the later pair renamed)',
      text: rollout(
        ...head(),
        call('call_P1'),
        { ...call('call_P1'), payload: { ...(call('call_P1').payload as object), id: 'fc_2' } },
        output('call_P1'),
        { ...output('call_P1'), payload: { ...(output('call_P1').payload as object), id: 'fco_2' } },
      ),
      errors: [{ messageId: 'duplicateCall', line: 8 }],
      output: null,
      unsafeOutput: rollout(
        ...head(),
        call('call_P1'),
        marked(
          withCallId(
            { ...call('call_P1'), payload: { ...(call('call_P1').payload as object), id: 'fc_2' } },
            'call_P1_dup1',
          ),
          {
            original_call_id: 'call_P1',
          },
        ),
        output('call_P1'),
        marked(
          withCallId(
            { ...output('call_P1'), payload: { ...(output('call_P1').payload as object), id: 'fco_2' } },
            'call_P1_dup1',
          ),
          {
            original_call_id: 'call_P1',
          },
        ),
      ),
    },
    {
      name: 'a call_id over 64 characters: shortened in the call and its output',
      text: rollout(...head(), call(LONG), output(LONG), assistant()),
      errors: [{ messageId: 'tooLong', line: 7, messageIncludes: "Invalid 'input[4].call_id': string too long" }],
      output: rollout(
        ...head(),
        marked(withCallId(call(LONG), `${LONG.slice(0, 55)}_${hash}`), { original_call_id: LONG }),
        marked(withCallId(output(LONG), `${LONG.slice(0, 55)}_${hash}`), { original_call_id: LONG }),
        assistant(),
      ),
    },
  ],
});
