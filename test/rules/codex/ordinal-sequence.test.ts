import rule from '../../../rules/codex/ordinal-sequence.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, event, head, meta, output, rollout, user } from './rollout.js';

const turn = () => [...head(), call(), output(), assistant(), event('task_complete')];
const clean = rollout(...turn());
const with_ = (i: number, ordinal: unknown) => rollout(...turn().map((r, k) => (k === i ? { ...r, ordinal } : r)));

runRuleTests(rule, {
  valid: [
    { name: 'recorded shell turn', text: clean },
    {
      name: 'an older rollout without history_mode carries no ordinals',
      text: rollout(...[meta({ history_mode: undefined }), user()].map((r) => ({ ...r, ordinal: null }))),
    },
  ],
  invalid: [
    {
      name: 'the last record has no ordinal: resume fails',
      text: with_(9, null),
      errors: [{ messageId: 'lastMissing', line: 10, severity: 'error', messageIncludes: 'is missing an ordinal' }],
      output: clean,
    },
    {
      name: 'a paginated rollout with no ordinal at all: one finding',
      text: rollout(...turn().map((r) => ({ ...r, ordinal: null }))),
      errors: [{ messageId: 'lastMissing', line: 10 }],
      output: clean,
    },
    {
      name: 'a gap',
      text: rollout(...turn().map((r, k) => (k >= 7 ? { ...r, ordinal: k + 1 } : r))),
      errors: [{ messageId: 'gap', line: 8, severity: 'warn' }],
      output: clean,
    },
    {
      name: 'two records swapped',
      text: rollout(...turn().map((r, k) => (k === 6 ? { ...r, ordinal: 7 } : k === 7 ? { ...r, ordinal: 6 } : r))),
      errors: [
        { messageId: 'gap', line: 7 },
        { messageId: 'regressed', line: 8 },
        { messageId: 'gap', line: 9 },
      ],
      output: clean,
    },
    {
      name: 'an ordinal written as a string: Codex drops the whole record (a tool output)',
      text: with_(7, '7'),
      errors: [{ messageId: 'notInteger', line: 8, messageIncludes: 'its function_call_output' }],
      output: clean,
    },
    {
      name: 'a record without ordinal mid-file',
      text: with_(8, null),
      errors: [{ messageId: 'missing', line: 9 }],
      output: clean,
    },
  ],
});
