// Builders for plain Messages API inputs in tests: requests and message lists, written as pretty-printed or compact
// JSON, or as JSONL, and the line where a value starts in such a text (from the positions parser, checked on its
// own in test/loader/json-positions.test.ts).
import { parseJsonDocument } from '../../src/loader/json-positions.js';

export type Json = Record<string, unknown>;
export type Message = { role: string; content: unknown };

export const userMsg = (content: unknown): Message => ({ role: 'user', content });
export const assistantMsg = (content: unknown): Message => ({ role: 'assistant', content });

export const text = (t: string, extra: Json = {}): Json => ({ type: 'text', text: t, ...extra });
export const toolUse = (id: string, name = 'get_weather', input: unknown = { city: 'Paris' }): Json => ({
  type: 'tool_use',
  id,
  name,
  input,
});
export const toolResult = (id: string, content: unknown = '20°C, sunny', extra: Json = {}): Json => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...extra,
});
/**
 * A signature of the API's shape and whole: base64 of a protobuf message (field 2 holding "sig-for-test", then a
 * varint field), as the real ones are. The old default, 'EqQBCkYIARgCKkBsig', was a real one's first bytes: cut off.
 */
export const SIGNATURE = 'EgxzaWctZm9yLXRlc3QYAg==';
export const thinking = (t = 'Let me check the weather.', signature = SIGNATURE): Json => ({
  type: 'thinking',
  thinking: t,
  signature,
});

export const TOOLS: Json[] = [
  {
    name: 'get_weather',
    description: 'Current weather in a city',
    input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

export function request(messages: unknown[], extra: Json = {}): Json {
  return { model: 'claude-opus-5-5', max_tokens: 1024, ...extra, messages };
}

export type Layout = 'pretty2' | 'pretty4' | 'tab' | 'compact';

export const INDENT: Record<Layout, string | number | undefined> = {
  pretty2: 2,
  pretty4: 4,
  tab: '\t',
  compact: undefined,
};

/** A JSON document as JSON.stringify writes it, with a final newline. */
export function doc(value: unknown, layout: Layout = 'pretty2'): string {
  return JSON.stringify(value, null, INDENT[layout]) + '\n';
}

/** One message a line. */
export function jsonl(messages: readonly unknown[]): string {
  return messages.map((m) => JSON.stringify(m)).join('\n') + '\n';
}

/** The 1-based line where the value at `pointer` starts in a JSON document. */
export function lineAt(textOfDoc: string, pointer: string): number {
  const at = parseJsonDocument(textOfDoc).positions.get(pointer);
  if (!at) throw new Error(`no value at ${pointer}`);
  return at.line;
}
