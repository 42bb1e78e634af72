import rule from '../../../rules/codex/session-meta.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import {
  assistant,
  call,
  developer,
  environment,
  event,
  head,
  meta,
  output,
  rollout,
  turnContext,
  user,
  worldState,
} from './rollout.js';

const body = () => [developer(), environment(), worldState(), turnContext(), user(), call(), output(), assistant()];
const marked = (r: Record<string, unknown>, fields: Record<string, unknown>) => ({
  ...r,
  transcript_lint: { rule: 'codex/session-meta', ...fields },
});

runRuleTests(rule, {
  valid: [
    { name: 'recorded shell turn', text: rollout(...head(), call(), output(), assistant()) },
    {
      name: 'a rollout without history_mode or ordinals (older Codex)',
      text: rollout({ ...meta({ history_mode: undefined }), ordinal: null }, { ...user(), ordinal: null }),
    },
  ],
  invalid: [
    {
      name: 'an event before the session_meta: resume fails',
      text: rollout({ ...event('task_started'), ordinal: 1 }, { ...meta(), ordinal: 0 }, ...body()),
      errors: [
        { messageId: 'notFirst', line: 2, severity: 'error', messageIncludes: 'does not start with session metadata' },
      ],
      output: rollout(marked(meta(), { moved_from_line: 2 }), event('task_started'), ...body()),
    },
    {
      name: 'base_instructions as a string: the session_meta does not decode',
      text: rollout(meta({ base_instructions: 'You are Codex.' }), ...body()),
      errors: [{ messageId: 'badShape', line: 1 }],
      output: rollout(marked(meta({ base_instructions: { text: 'You are Codex.' } }), {}), ...body()),
    },
    {
      name: 'no cwd: filled from the turn_context (unsafe)',
      text: rollout(meta({ cwd: undefined }), ...body()),
      errors: [{ messageId: 'badShape', line: 1 }],
      output: null,
      unsafeOutput: rollout(
        marked(meta({ cwd: undefined, history_mode: 'paginated' }), { original_cwd: null }),
        ...body(),
      ).replace('"history_mode":"paginated"},', '"history_mode":"paginated","cwd":"/tmp/codex-proj"},'),
    },
    {
      name: 'a second session_meta with the same id mid-file: the history before it is lost',
      text: rollout(meta(), ...body(), meta(), user('again', 'msg_again')),
      errors: [{ messageId: 'second', line: 10, severity: 'error' }],
      output: rollout(meta(), ...body(), user('again', 'msg_again')),
    },
    {
      name: 'a second session_meta hiding a call whose call_id a later call reuses: dropping it is unsafe',
      // Resume sends only the history after line 10 today; with the meta dropped both calls named call_S1 are sent.
      text: rollout(meta(), ...body(), meta(), user('again', 'msg_again'), call('call_S1', { id: 'fc_again' })),
      errors: [{ messageId: 'second', line: 10 }],
      output: null,
      unsafeOutput: rollout(meta(), ...body(), user('again', 'msg_again'), call('call_S1', { id: 'fc_again' })),
    },
    {
      name: 'a second session_meta hiding two calls that share a call_id: dropping it is unsafe',
      text: rollout(meta(), ...body(), call('call_S1', { id: 'fc_twice' }), meta(), user('again', 'msg_again')),
      errors: [{ messageId: 'second', line: 11 }],
      output: null,
      unsafeOutput: rollout(meta(), ...body(), call('call_S1', { id: 'fc_twice' }), user('again', 'msg_again')),
    },
    {
      name: 'a second session_meta before an exact copy of the history: nothing lost, a warning; safe to drop',
      text: rollout(meta(), ...body(), meta(), ...body()),
      errors: [{ messageId: 'secondNothingLost', line: 10, severity: 'warn' }],
      output: rollout(meta(), ...body(), ...body()),
    },
    {
      name: 'two rollouts joined: another session starts mid-file (no fix)',
      text: rollout(meta(), ...body(), meta({ id: 'other', session_id: 'other' }), user('again', 'msg_again')),
      errors: [{ messageId: 'concatenated', line: 10 }],
      output: null,
    },
    {
      name: 'no session_meta at all: rebuilt from what the records say (unsafe)',
      text: rollout(
        event('thread_settings_applied', {
          thread_id: 'tid',
          thread_settings: { model_provider_id: 'mock', cwd: '/tmp/codex-proj' },
        }),
        ...body(),
      ),
      errors: [{ messageId: 'missing', line: 1 }],
      output: null,
      unsafeOutput: rollout(
        {
          timestamp: '2026-12-01T09:29:44.395Z',
          type: 'session_meta',
          payload: {
            session_id: 'tid',
            id: 'tid',
            timestamp: '2026-12-01T09:29:44.395Z',
            cwd: '/tmp/codex-proj',
            originator: 'codex_exec',
            cli_version: '0.169.0',
            source: 'exec',
            model_provider: 'mock',
            history_mode: 'paginated',
          },
          transcript_lint: { rule: 'codex/session-meta', inserted: true },
        },
        event('thread_settings_applied', {
          thread_id: 'tid',
          thread_settings: { model_provider_id: 'mock', cwd: '/tmp/codex-proj' },
        }),
        ...body(),
      ),
    },
    {
      name: 'an old-format rollout',
      text: '{"id":"44444444-4444-4444-8444-444444444444","timestamp":"2026-01-04T05:06:07.000Z"}\n{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}\n',
      errors: [{ messageId: 'legacy', line: 1, messageIncludes: 'is empty' }],
      output: null,
    },
  ],
});
