// Builders for OpenAI inputs in the openai/* rule tests: Chat Completions messages and tool calls in the shape of the
// API's own examples (openai-openapi), a request body written pretty (as a .json file) and fine-tuning lines (JSONL).
import { parseJsonDocument } from '../../../src/loader/json-positions.js';

export type Json = Record<string, unknown>;

export const call = (id: string, name = 'get_current_weather', args = '{"location": "Paris, France"}'): Json => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});
export const system = (content = 'You are a helpful assistant.'): Json => ({ role: 'system', content });
export const developer = (content: unknown = 'Use the tools when they help.'): Json => ({ role: 'developer', content });
export const user = (content: unknown = "What's the weather in Paris?"): Json => ({ role: 'user', content });
export const assistant = (content: unknown, extra: Json = {}): Json => ({ role: 'assistant', content, ...extra });
export const calls = (...c: Json[]): Json => ({ role: 'assistant', content: null, tool_calls: c });
export const tool = (id: string, content: unknown = '{"temperature": 14}'): Json => ({
  role: 'tool',
  tool_call_id: id,
  content,
});

export const TOOLS: Json[] = [
  {
    type: 'function',
    function: {
      name: 'get_current_weather',
      description: 'Get the current weather in a given location',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    },
  },
];

/** A request body as a pretty JSON document (a .json file). */
export const doc = (messages: unknown[], extra: Json = {}): string =>
  `${JSON.stringify({ model: 'gpt-4.1', messages, tools: TOOLS, ...extra }, null, 2)}\n`;

/** A bare message list as a pretty JSON document. */
export const list = (messages: unknown[]): string => `${JSON.stringify(messages, null, 2)}\n`;

/** Fine-tuning lines: one example `{messages, ...}` a line. */
export const examples = (...lines: unknown[]): string =>
  `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;

/** The line where the value at a pointer starts in a document. */
export function lineAt(text: string, pointer: string): number {
  const at = parseJsonDocument(text).positions.get(pointer);
  if (!at) throw new Error(`no value at ${pointer}`);
  return at.line;
}
