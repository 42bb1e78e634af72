import rule from '../../../rules/codex/call-has-output.js';
import { uuidV5 } from '../../../src/formats/codex-rollout/synthetic.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { assistant, call, head, item, output, rollout, syntheticFor } from './rollout.js';

const NS = '90d38d3e-6a5b-4d52-bfe2-2f1e634bfac4';
const fco = (id: string) => `fco_${uuidV5(NS, `fco:${id}`)}`;
const ctco = (id: string) => `ctco_${uuidV5(NS, `ctco:${id}`)}`;
const tso = (id: string) => `tso_${uuidV5(NS, `tso:${id}`)}`;
// The tool_search_call of the toolsearch recording (fixtures/sessions/codex/recordings/toolsearch, line 10).
const search = () =>
  item({
    type: 'tool_search_call',
    id: 'tsc_mock_1',
    call_id: 'call_TS1',
    status: 'completed',
    execution: 'client',
    arguments: { query: 'calendar' },
  });
const custom = (callId: string) =>
  item({
    type: 'custom_tool_call',
    status: 'completed',
    id: `ctc_${callId}`,
    call_id: callId,
    name: 'apply_patch',
    input: '*** Begin Patch',
  });

const compacted = (history: unknown[], metadata?: unknown[]) => ({
  timestamp: '2026-12-01T09:29:47.793Z',
  type: 'compacted',
  payload: {
    message: 'summary',
    replacement_history: history,
    ...(metadata ? { replacement_history_metadata: metadata } : {}),
  },
});
const p = (r: Record<string, unknown>) => r.payload;

runRuleTests(rule, {
  valid: [
    { name: 'answered call (recorded shell turn)', text: rollout(...head(), call(), output(), assistant()) },
    { name: 'output before the call still counts as an answer for Codex', text: rollout(...head(), output(), call()) },
    {
      name: 'an output another rule brings back (NUL bytes in its line) needs no synthetic twin',
      text: rollout(
        ...head(),
        call(),
        JSON.stringify({ timestamp: 't', ordinal: 7, ...output() }).replace('one', 'o\u0000ne'),
      ),
    },
  ],
  invalid: [
    {
      name: 'call left without output at the tail (crash after the call)',
      text: rollout(...head(), call()),
      errors: [{ messageId: 'noOutput', line: 7, severity: 'warn' }],
      output: rollout(...head(), call(), syntheticFor('call_S1', fco('fc_call_S1'), 7)),
    },
    {
      name: 'as a raw Responses input it is an error',
      text: rollout(...head(), call()),
      target: 'openai-responses',
      errors: [{ messageId: 'noOutput', line: 7, severity: 'error' }],
      output: rollout(...head(), call(), syntheticFor('call_S1', fco('fc_call_S1'), 7)),
    },
    {
      name: 'one of three parallel calls unanswered: the output goes right after it, as Codex places it',
      text: rollout(...head(), call('call_P1'), call('call_P2'), call('call_P3'), output('call_P1'), output('call_P3')),
      errors: [{ messageId: 'noOutput', line: 8 }],
      output: rollout(
        ...head(),
        call('call_P1'),
        call('call_P2'),
        syntheticFor('call_P2', fco('fc_call_P2'), 8),
        { ...call('call_P3'), ordinal: 9 },
        { ...output('call_P1'), ordinal: 10 },
        { ...output('call_P3'), ordinal: 11 },
      ),
    },
    {
      name: 'custom tool call (apply_patch) unanswered mid-history',
      text: rollout(...head(), custom('call_A1'), assistant()),
      errors: [
        { messageId: 'noOutput', line: 7, messageIncludes: 'No tool output found for custom tool call call_A1.' },
      ],
      output: rollout(
        ...head(),
        custom('call_A1'),
        {
          timestamp: '2026-12-01T09:29:44.335Z',
          ordinal: 7,
          type: 'response_item',
          payload: { type: 'custom_tool_call_output', id: ctco('ctc_call_A1'), call_id: 'call_A1', output: 'aborted' },
          transcript_lint: { rule: 'codex/call-has-output', inserted: true },
        },
        { ...assistant(), ordinal: 8 },
      ),
    },
    {
      name: 'tool_search_call unanswered: Codex answers it with a search that found no tools, not "aborted"',
      text: rollout(...head(), search(), assistant()),
      errors: [
        {
          messageId: 'noOutput',
          line: 7,
          messageIncludes:
            'Codex answers it with a synthetic tool_search_output that found no tools (`"status":"completed"`, `"tools":[]`) in the request only (the file stays as it is); sent as it is, the API rejects the request ("No tool output found for tool search call call_TS1.").',
        },
      ],
      output: rollout(
        ...head(),
        search(),
        {
          timestamp: '2026-12-01T09:29:44.335Z',
          ordinal: 7,
          type: 'response_item',
          payload: {
            type: 'tool_search_output',
            id: tso('tsc_mock_1'),
            call_id: 'call_TS1',
            status: 'completed',
            execution: 'client',
            tools: [],
          },
          transcript_lint: { rule: 'codex/call-has-output', inserted: true },
        },
        { ...assistant(), ordinal: 8 },
      ),
    },
    {
      name: 'unanswered call inside the replacement_history of the compacted record',
      text: rollout(...head(), compacted([p(call('call_K1')), p(assistant())], [{}, {}])),
      errors: [{ messageId: 'noOutput', line: 7 }],
      output: rollout(...head(), {
        ...compacted(
          [
            p(call('call_K1')),
            { type: 'function_call_output', id: fco('fc_call_K1'), call_id: 'call_K1', output: 'aborted' },
            p(assistant()),
          ],
          [{}, {}, {}],
        ),
        ordinal: 6,
        transcript_lint: { rule: 'codex/call-has-output', synthetic_outputs: 1 },
      }),
    },
  ],
});
