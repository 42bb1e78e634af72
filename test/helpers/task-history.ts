// Task histories for the Cline / Roo Code tests, in the tools' own shape: messages with `ts` (and, for Cline's
// replies, `modelInfo` and `metrics`), written as JSON.stringify writes them (one line, no final newline).
export type Message = Record<string, unknown>;

let clock = 1755184920000;
const tick = (): number => (clock += 1000);

export const user = (content: unknown, extra: Message = {}): Message => ({
  role: 'user',
  content,
  ts: tick(),
  ...extra,
});

/** A Cline reply: its model and metrics, then ts (the order Cline writes them). */
export const clineReply = (content: unknown[]): Message => ({
  role: 'assistant',
  content,
  modelInfo: { modelId: 'claude-sonnet-4-5-20250929', providerId: 'anthropic', mode: 'act' },
  metrics: { tokens: { prompt: 1200, completion: 80, cached: 0 }, cost: 0.004 },
  ts: tick(),
});

/** A Roo reply: content and ts. */
export const rooReply = (content: unknown[], extra: Message = {}): Message => ({
  role: 'assistant',
  content,
  ts: tick(),
  ...extra,
});

export const text = (t: string): Message => ({ type: 'text', text: t });
/** A Cline tool call carries its id as call_id too. */
export const clineCall = (id: string, name = 'read_file', input: Message = { path: 'a.ts' }): Message => ({
  type: 'tool_use',
  id,
  name,
  input,
  call_id: id,
});
export const rooCall = (id: string, name = 'read_file', input: Message = { path: 'a.ts' }): Message => ({
  type: 'tool_use',
  id,
  name,
  input,
});
export const result = (id: string, content: unknown = 'ok', extra: Message = {}): Message => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...extra,
});

export const history = (messages: readonly Message[]): string => JSON.stringify(messages);

/** What transcript-lint writes for a call without a result (INTERRUPTED_TOOL_RESULT). */
export const interrupted = (id: string): Message => ({
  type: 'tool_result',
  tool_use_id: id,
  content:
    "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. Check whether it took effect before relying on it or running it again.]",
  is_error: true,
});

/** The history with message i's content replaced. */
export const withContent = (messages: readonly Message[], i: number, content: unknown): Message[] =>
  messages.map((m, k) => (k === i ? { ...m, content } : m));
