import rule from '../../../rules/codex/reasoning-shape.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, event, head, item, output, rollout } from './rollout.js';

type Obj = Record<string, unknown>;
const reasoning = (extra: Obj = {}) =>
  item({
    type: 'reasoning',
    id: 'rs_mockp52_1_0',
    summary: [{ type: 'summary_text', text: 'Need to list the files first.' }],
    content: null,
    encrypted_content: 'gAAAAAmock',
    ...extra,
  });
const turn = (r: Obj, before: Obj[] = []) => rollout(...head(), ...before, r, call(), output(), assistant());
const marked = (r: Obj, fields: Obj = {}) => ({ ...r, transcript_lint: { rule: 'codex/reasoning-shape', ...fields } });
const CONTENT = [{ type: 'reasoning_text', text: 'the raw chain of thought' }];

runRuleTests(rule, {
  valid: [
    { name: 'recorded reasoning before a call', text: turn(reasoning()) },
    {
      name: 'content of text parts only (Codex does not send it)',
      text: turn(reasoning({ content: [{ type: 'text', text: 'x' }] })),
    },
  ],
  invalid: [
    {
      name: 'reasoning text content from another provider: the API rejects it',
      text: turn(reasoning({ content: CONTENT })),
      errors: [{ messageId: 'content', line: 7, severity: 'error', messageIncludes: 'array too long' }],
      output: turn(marked(reasoning(), { original_content: CONTENT })),
    },
    {
      name: 'no summary: Codex drops the item',
      text: turn(reasoning({ summary: undefined })),
      errors: [{ messageId: 'noSummary', line: 7, severity: 'warn' }],
      output: turn(marked(reasoning({ summary: undefined }))).replace(
        '"encrypted_content":"gAAAAAmock"}',
        '"encrypted_content":"gAAAAAmock","summary":[]}',
      ),
    },
    {
      name: 'encrypted under another provider than the session now runs on (unsafe: removed)',
      text:
        turn(reasoning(), [
          event('thread_settings_applied', { thread_settings: { model_provider_id: 'openrouter' } }),
        ]).replace('"model_provider":"mock"', '"model_provider":"openrouter"') +
        rollout({
          ...event('thread_settings_applied', { thread_settings: { model_provider_id: 'openai' } }),
          ordinal: 11,
        }),
      errors: [{ messageId: 'foreign', line: 8 }],
      output: null,
      unsafeOutput:
        rollout(
          ...head(),
          event('thread_settings_applied', { thread_settings: { model_provider_id: 'openrouter' } }),
          call(),
          output(),
          assistant(),
        ).replace('"model_provider":"mock"', '"model_provider":"openrouter"') +
        rollout({
          ...event('thread_settings_applied', { thread_settings: { model_provider_id: 'openai' } }),
          ordinal: 10,
        }),
    },
  ],
});
