// Builders for batch files in the batch/* rule tests: Anthropic Message Batches lines (`{custom_id, params}`) and
// OpenAI Batch API lines (`{custom_id, method, url, body}`), one JSON object a line.
export type Json = Record<string, unknown>;

export const params = (content = 'Hello, world', extra: Json = {}): Json => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content }],
  ...extra,
});

export const request = (customId: unknown, p: unknown = params()): Json => ({ custom_id: customId, params: p });

export const body = (content = 'Hello world!', extra: Json = {}): Json => ({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content },
  ],
  max_tokens: 1000,
  ...extra,
});

export const openaiLine = (
  customId: string,
  b: unknown = body(),
  url = '/v1/chat/completions',
  method = 'POST',
): Json => ({
  custom_id: customId,
  method,
  url,
  body: b,
});

export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
