import rule from '../../../rules/codex/compaction.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import {
  assistant,
  call,
  developer,
  environment,
  event,
  head,
  item,
  meta,
  output,
  rollout,
  turnContext,
  user,
  worldState,
} from './rollout.js';

type Obj = Record<string, unknown>;
const PREFIX =
  'Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:\n';
const summary = () =>
  item(
    {
      type: 'message',
      id: 'msg_sum',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'SUMMARY: echo ran.', annotations: [] }],
    },
    { metadata: { compaction_output: true } },
  );
const p = (r: Obj) => r.payload as Obj;
const history = () => [
  p(developer()),
  p(environment()),
  p(user()),
  { type: 'message', role: 'user', content: [{ type: 'input_text', text: `${PREFIX}SUMMARY: echo ran.` }] },
];
const compacted = (extra: Obj = {}) => ({
  timestamp: '2026-12-01T09:29:44.335Z',
  type: 'compacted',
  payload: { message: `${PREFIX}SUMMARY: echo ran.`, replacement_history: history(), ...extra },
});
const before = () => [
  meta(),
  developer(),
  environment(),
  worldState(),
  turnContext(),
  user(),
  call(),
  output(),
  summary(),
  event('token_count'),
];
const after = () => [worldState(), turnContext(), assistant()];

runRuleTests(rule, {
  valid: [{ name: 'recorded compaction', text: rollout(...before(), compacted(), ...after()) }],
  invalid: [
    {
      name: 'the compacted record deleted: the whole history comes back (unsafe: rebuilt)',
      text: rollout(...before(), ...after()),
      errors: [{ messageId: 'lost', line: 9, severity: 'warn' }],
      output: null,
      unsafeOutput: rollout(
        ...before(),
        { ...compacted(), transcript_lint: { rule: 'codex/compaction', inserted: true } },
        ...after(),
      ),
    },
    {
      name: 'replacement_history_metadata out of step: the record does not decode',
      text: rollout(...before(), compacted({ replacement_history_metadata: [{}, {}, {}] }), ...after()),
      errors: [
        { messageId: 'metadataLength', line: 11, severity: 'error', messageIncludes: '3 entries for 4 history items' },
      ],
      output: rollout(...before(), { ...compacted(), transcript_lint: { rule: 'codex/compaction' } }, ...after()),
    },
    {
      name: 'an empty replacement_history',
      text: rollout(
        ...head(),
        { ...compacted(), payload: { message: 'x', replacement_history: [] } },
        user('again', 'msg_2'),
      ),
      errors: [{ messageId: 'empty', line: 7 }],
      output: null,
    },
  ],
});
