// The OpenAI formats: what each loads as conversations (a request document, a bare list, JSONL of requests or of
// messages, fine-tuning examples, batch bodies), where findings are placed (the file's line and column, a pointer into
// the line or the document), and how fixes are written (in the file's own layout and separators, every other byte
// kept, several fixes on one document in one pass when they edit different values).
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../../src/index.js';
import { writeBackContainer } from '../../src/formats/json-container/write-back.js';
import type { ChatFile } from '../../src/formats/openai/model.js';
import type { Fix } from '../../src/fixer/edits.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

const call = (id: string, name = 'get_weather', args = '{"city": "Paris"}') => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});
const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }];
const messages = [
  { role: 'developer', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Paris and Lyon?' },
  { role: 'assistant', content: null, tool_calls: [call('call_1'), call('call_2', 'get_weather', '{"city": "Lyon"}')] },
  { role: 'tool', tool_call_id: 'call_1', content: '14°C' },
  { role: 'assistant', content: 'Paris: 14°C.' },
];
const request = { model: 'gpt-4.1', messages, tools };

const load = (name: string, text: string) => lintBytes(name, enc(text));

describe('loading', () => {
  it('a request document is one conversation with its tools', () => {
    const { model, format } = load('r.json', `${JSON.stringify(request, null, 2)}\n`);
    expect(format.id).toBe('openai-chat');
    const c = (model as ChatFile).conversations;
    expect(c.map((x) => [x.kind, x.line, x.site().pointer, x.messages.length])).toEqual([
      ['request', 1, '/messages', 5],
    ]);
    expect(c[0]!.field('/tools/0').pointer).toBe('/tools/0');
  });

  it('a bare message list is one conversation without a request', () => {
    const { model } = load('m.json', `${JSON.stringify(messages, null, 2)}\n`);
    const c = (model as ChatFile).conversations[0]!;
    expect([c.kind, c.at(2, '/tool_calls/0').pointer, c.request]).toEqual(['messages', '/2/tool_calls/0', undefined]);
  });

  it('JSONL of requests is a conversation a line; JSONL of messages one conversation over its lines', () => {
    const requests = load('r.jsonl', `${JSON.stringify(request)}\n${JSON.stringify(request)}\n`).model as ChatFile;
    expect(requests.conversations.map((c) => c.line)).toEqual([1, 2]);
    const lines = load('m.jsonl', `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`).model as ChatFile;
    expect(lines.conversations.map((c) => [c.kind, c.at(3, '/tool_call_id')])).toEqual([
      ['messages', { line: 4, pointer: '/tool_call_id' }],
    ]);
  });

  it('fine-tuning examples are a conversation a line, a preference example its input', () => {
    const text = [
      JSON.stringify({ messages: messages.slice(1, 3), tools }),
      JSON.stringify({ input: { messages: messages.slice(1, 2) }, preferred_output: [], non_preferred_output: [] }),
    ].join('\n');
    const m = load('train.jsonl', text).model as ChatFile;
    expect(m.kind).toBe('openai-finetune');
    expect(m.conversations.map((c) => [c.kind, c.index, c.site().pointer])).toEqual([
      ['finetune', 0, '/messages'],
      ['preference', 1, '/input/messages'],
    ]);
  });

  it('a batch file holds the bodies of its chat completions lines, and only those', () => {
    const text = [
      JSON.stringify({ custom_id: 'a', method: 'POST', url: '/v1/chat/completions', body: request }),
      JSON.stringify({ custom_id: 'b', method: 'POST', url: '/v1/embeddings', body: { model: 'x', input: 'hi' } }),
    ].join('\n');
    const m = load('batch.jsonl', text).model as ChatFile;
    expect(m.kind).toBe('openai-batch');
    expect(m.conversations.map((c) => [c.line, c.site().pointer])).toEqual([[1, '/body/messages']]);
  });
});

describe('placing findings', () => {
  it('in a pretty document: the line and column where the value starts, and its pointer', () => {
    const text = `${JSON.stringify(request, null, 2)}\n`;
    const { result } = load('r.json', text);
    const d = result.diagnostics.find((x) => x.ruleId === 'openai/tool-calls-answered')!;
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('"content": null')) - 2;
    expect(d).toMatchObject({ line: at + 1, column: lines[at]!.indexOf('{') + 1, pointer: '/messages/2' });
  });

  it('in a JSONL line: the line, the UTF-16 column of the value, the pointer into the line', () => {
    const text = `${JSON.stringify({ custom_id: 'é😀', method: 'POST', url: '/v1/chat/completions', body: request })}\n`;
    const { result } = load('b.jsonl', text);
    const d = result.diagnostics.find((x) => x.ruleId === 'openai/tool-calls-answered')!;
    expect(d).toMatchObject({ line: 1, pointer: '/body/messages/2' });
    expect(d.column).toBe(text.indexOf('{"role":"assistant","content":null') + 1);
  });
});

describe('writing fixes back', () => {
  it('a pretty document keeps its indentation, line endings, BOM and every untouched byte', () => {
    const text = `\uFEFF${JSON.stringify(request, null, '\t').replace(/\n/g, '\r\n').replace('"Be brief."', '"Be \\u0062rief."')}\r\n`;
    const out = fixBytes('r.json', enc(text));
    expect(out.status).toBe('fixed');
    const fixed = dec(out.output);
    expect(fixed.startsWith('\uFEFF{\r\n\t"model"')).toBe(true);
    expect(fixed).toContain('"Be \\u0062rief."');
    expect(fixed).toContain(
      '\r\n\t\t{\r\n\t\t\t"role": "tool",\r\n\t\t\t"tool_call_id": "call_2",\r\n\t\t\t"content": "The result of this tool call was not recorded."\r\n\t\t},',
    );
    expect(fixed.replace(/\r\n/g, '\n').split('\n').length).toBe(text.replace(/\r\n/g, '\n').split('\n').length + 5);
  });

  it('a JSONL line keeps its separators, and writes new text as \\u escapes when it is ASCII-only', () => {
    const py = (v: unknown) => JSON.stringify(v).replace(/":/g, '": ').replace(/,"/g, ', "');
    const ascii = py({ messages: [...messages.slice(1, 3), { role: 'user', content: 'Caf\\u00e9?' }] }).replace(
      '14°C',
      '14C',
    );
    const out = dec(fixBytes('train.jsonl', enc(`${ascii}\n`)).output);
    expect(out).toContain(
      '{"role": "tool", "tool_call_id": "call_1", "content": "The result of this tool call was not recorded."}',
    );
    expect(out).toContain('"Caf\\\\u00e9?"');
  });

  it('a JSONL message list gets new lines and loses deleted ones', () => {
    const list = [
      { role: 'tool', tool_call_id: 'call_0', content: 'stale' },
      ...messages.slice(1, 3),
      { role: 'assistant', content: 'ok' },
    ];
    const out = dec(fixBytes('m.jsonl', enc(`${list.map((m) => JSON.stringify(m)).join('\n')}\n`)).output);
    expect(out.split('\n').map((l) => (l ? JSON.parse(l).role : ''))).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      '',
    ]);
  });

  it('applies fixes of different values of one document in one pass, and defers one that overlaps', () => {
    const text = `${JSON.stringify(request, null, 2)}\n`;
    const { model } = load('r.json', text);
    const container = (model as ChatFile).container;
    const fix = (ruleId: string, pointer: string, value: unknown): Fix => ({
      ruleId,
      applicability: 'safe',
      description: ruleId,
      edits: [{ kind: 'set', line: 1, pointer, value }],
    });
    const result = writeBackContainer(container, [
      fix('a', '/messages/0/content', 'A'),
      fix('b', '/messages/4/content', 'B'),
      fix('c', '/messages/0', { role: 'user', content: 'C' }),
    ]);
    // In pointer order: the whole message first, then the value inside it waits for the next pass.
    expect(result.applied.map((f) => f.ruleId)).toEqual(['c', 'b']);
    expect(result.deferred.map((f) => f.ruleId)).toEqual(['a']);
    const value = JSON.parse(dec(result.bytes));
    expect([value.messages[0], value.messages[4].content]).toEqual([{ role: 'user', content: 'C' }, 'B']);
  });

  it('a file that is not JSON is reported and never rewritten', () => {
    const broken = '{\n  "model": "gpt-4.1",\n  "messages": [\n';
    const r = lintBytes('r.json', enc(broken), { inputFormat: 'openai-chat' });
    expect(r.result.diagnostics.map((d) => d.messageId)).toEqual(['document']);
    expect(fixBytes('r.json', enc(broken), { inputFormat: 'openai-chat', unsafe: true }).changed).toBe(false);
  });
});
