// Small rollouts for the Codex rule tests, in the shapes Codex CLI 0.169.0 writes (cut down from research/codex
// recordings: shell and parallel). `rollout(...)` numbers the records' ordinals in order unless a record sets its own.
type Obj = Record<string, unknown>;

export const ID = '01a230f0-4c32-7540-bc27-a814d7990323';
const T = '2026-12-01T09:29:44.';

export const meta = (payload: Obj = {}): Obj => ({
  timestamp: `${T}260Z`,
  type: 'session_meta',
  payload: {
    session_id: ID,
    id: ID,
    timestamp: `${T}245Z`,
    cwd: '/tmp/codex-proj',
    originator: 'codex_exec',
    cli_version: '0.169.0',
    source: 'exec',
    model_provider: 'mock',
    base_instructions: { text: 'You are Codex.' },
    history_mode: 'paginated',
    ...payload,
  },
});

export const turnContext = (): Obj => ({
  timestamp: `${T}288Z`,
  type: 'turn_context',
  payload: { turn_id: 't1', cwd: '/tmp/codex-proj', approval_policy: 'never', model: 'gpt-5.5' },
});
export const worldState = (): Obj => ({
  timestamp: `${T}288Z`,
  type: 'world_state',
  payload: { full: true, state: {} },
});
export const event = (type: string, extra: Obj = {}): Obj => ({
  timestamp: `${T}395Z`,
  type: 'event_msg',
  payload: { type, ...extra },
});

export const item = (payload: Obj, extra: Obj = {}): Obj => ({
  timestamp: `${T}335Z`,
  type: 'response_item',
  payload,
  ...extra,
});
export const developer = (): Obj =>
  item({
    type: 'message',
    id: 'msg_dev',
    role: 'developer',
    content: [{ type: 'input_text', text: '<permissions instructions>' }],
  });
export const environment = (): Obj =>
  item({
    type: 'message',
    id: 'msg_env',
    role: 'user',
    content: [
      { type: 'input_text', text: '<environment_context>\n  <cwd>/tmp/codex-proj</cwd>\n</environment_context>' },
    ],
  });
export const user = (text = 'run echo one', id = 'msg_user'): Obj =>
  item({ type: 'message', id, role: 'user', content: [{ type: 'input_text', text }] });
export const assistant = (text = 'The command printed one.', id = 'msg_mockhss_2_0'): Obj =>
  item({
    type: 'message',
    status: 'completed',
    id,
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  });
export const call = (callId = 'call_S1', extra: Obj = {}): Obj =>
  item({
    type: 'function_call',
    status: 'completed',
    id: `fc_${callId}`,
    name: 'exec_command',
    arguments: '{"cmd":"echo one"}',
    call_id: callId,
    ...extra,
  });
export const output = (callId = 'call_S1', out: unknown = 'one\n', extra: Obj = {}): Obj =>
  item({ type: 'function_call_output', id: `fco_${callId}`, call_id: callId, output: out, ...extra });

/** The head every turn of these tests has: session_meta, the initial context, the prompt. */
export const head = (): Obj[] => [meta(), developer(), environment(), worldState(), turnContext(), user()];

/** The records as a rollout: one compact JSON line each, ordinals 0, 1, 2… unless a record has its own (or null: none). */
export function rollout(...records: (Obj | string)[]): string {
  let n = 0;
  const lines = records.map((r) => {
    if (typeof r === 'string') return r;
    const o = n++;
    const { timestamp, ordinal, ...rest } = r;
    if (ordinal === null) return JSON.stringify({ timestamp, ...rest });
    return JSON.stringify({ timestamp, ordinal: ordinal ?? o, ...rest });
  });
  return `${lines.join('\n')}\n`;
}

/** The synthetic output Codex makes for call_S1 (fc_call_S1), as a fix writes it. */
export const syntheticFor = (callId: string, id: string, ordinal: number, timestamp = `${T}335Z`): Obj => ({
  timestamp,
  ordinal,
  type: 'response_item',
  payload: { type: 'function_call_output', id, call_id: callId, output: 'aborted' },
  transcript_lint: { rule: 'codex/call-has-output', inserted: true },
});
