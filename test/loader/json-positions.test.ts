import { describe, expect, it } from 'vitest';
import { detectLayout, parseJsonDocument, serializeJson } from '../../src/loader/json-positions.js';

const sample = {
  model: 'claude-opus-5-5',
  messages: [
    { role: 'user', content: 'hi "there" \\ \u00e9 \u{1F600}' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'ok' },
        { type: 'tool_use', id: 'toolu_1', name: 'a/b~c', input: { 'x/y': [1, -2.5e3, true, false, null] } },
      ],
    },
  ],
  empty: { a: [], b: {} },
};

describe('parseJsonDocument', () => {
  it('gives the values JSON.parse gives', () => {
    for (const text of [
      JSON.stringify(sample),
      JSON.stringify(sample, null, 2),
      JSON.stringify(sample, null, '\t'),
      ' 42 ',
      '"x"',
      'null',
      '[]',
      '{}',
    ]) {
      const d = parseJsonDocument(text);
      expect(d.ok).toBe(true);
      expect(d.value).toEqual(JSON.parse(text));
    }
  });

  it('records where each value starts, by JSON pointer', () => {
    const text = JSON.stringify(sample, null, 2);
    const { positions } = parseJsonDocument(text);
    const lines = text.split('\n');
    expect(positions.get('')).toEqual({ line: 1, column: 1, offset: 0 });
    expect(positions.get('/messages')!.line).toBe(3);
    expect(positions.get('/messages/0')!.line).toBe(4);
    expect(positions.get('/messages/0/content')!.line).toBe(6);
    expect(positions.get('/messages/1')!.line).toBe(8);
    expect(positions.get('/messages/1/content/1')!.line).toBe(15);
    expect(positions.get('/messages/1/content/1/name')!.line).toBe(18);
    // Pointer tokens are escaped (RFC 6901): "x/y" is x~1y.
    expect(positions.get('/messages/1/content/1/input/x~1y/1')!.line).toBe(22);
    const at = positions.get('/messages/1/content/1/id')!;
    expect(lines[at.line - 1]!.slice(at.column - 1)).toBe('"toolu_1",');
  });

  it('puts everything on line 1 in a compact document, with columns', () => {
    const text = JSON.stringify(sample);
    const { positions } = parseJsonDocument(text);
    const at = positions.get('/messages/1')!;
    expect(at.line).toBe(1);
    expect(text.slice(at.offset, at.offset + 20)).toBe('{"role":"assistant",');
    expect(at.column).toBe(at.offset + 1);
  });

  it('keeps the last of duplicate keys and treats __proto__ as an ordinary key', () => {
    const d = parseJsonDocument('{"a":1,"a":2,"__proto__":{"polluted":true}}');
    expect(d.value).toEqual(JSON.parse('{"a":1,"a":2,"__proto__":{"polluted":true}}'));
    expect(Object.getPrototypeOf(d.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(d.value as object)).toEqual(['a', '__proto__']);
  });

  it.each([
    ['a truncated document', '{\n  "messages": [\n    {"role": "user"', 3, 'Expected'],
    ['a trailing comma', '{\n  "a": [1, 2,]\n}', 2, "Unexpected ']'"],
    ['a missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, "Expected ',' or '}'"],
    ['garbage after the value', '{}\n{}', 2, 'after the end of the JSON value'],
    ['an unterminated string', '{\n"a": "abc\n}', 2, 'control character'],
    ['a bad escape', '{"a": "\\x"}', 1, 'Bad escape'],
    ['a bare word', '{"a": nope}', 1, "Unexpected 'n'"],
    ['an empty text', '', 1, 'Unexpected end'],
    ['a single quote string', "{'a': 1}", 1, 'property name'],
  ])('reports %s at the line of the error, never throwing', (_name, text, line, message) => {
    const d = parseJsonDocument(text);
    expect(d.ok).toBe(false);
    expect(d.error!.line).toBe(line);
    expect(d.error!.message).toContain(message);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('copes with very deep nesting without recursion', () => {
    const depth = 200_000;
    const text = '['.repeat(depth) + ']'.repeat(depth);
    const d = parseJsonDocument(text);
    expect(d.ok).toBe(true);
    const broken = parseJsonDocument('['.repeat(depth));
    expect(broken.ok).toBe(false);
  });

  it('reads a large string quickly', () => {
    const big = 'A'.repeat(8 * 1024 * 1024);
    const d = parseJsonDocument(JSON.stringify({ data: big, escaped: 'a\\"b' }));
    expect((d.value as { data: string }).data.length).toBe(big.length);
  });
});

describe('layout and serializeJson', () => {
  const cases: [string, string][] = [
    ['two spaces', JSON.stringify(sample, null, 2)],
    ['four spaces', JSON.stringify(sample, null, 4)],
    ['tabs', JSON.stringify(sample, null, '\t')],
    ['compact', JSON.stringify(sample)],
  ];
  it.each(cases)('writes a document back as it was: %s', (_name, text) => {
    const d = parseJsonDocument(text);
    expect(serializeJson(d.value, d.layout)).toBe(text);
  });

  it('keeps Python-style separators and ASCII-only output', () => {
    const python = '{"a": [1, 2], "b": {"c": "\\u00e9"}}';
    const d = parseJsonDocument(python);
    expect(d.layout).toMatchObject({ indent: '', colon: ': ', comma: ', ', asciiOnly: true });
    expect(serializeJson(d.value, d.layout)).toBe(python);
    const pretty = '{\n  "a": "\\u00e9\\ud83d\\ude00"\n}';
    const p = parseJsonDocument(pretty);
    expect(serializeJson(p.value, p.layout)).toBe(pretty);
  });

  it('detects the indentation from the first indented line', () => {
    expect(detectLayout('{\n    "a": {\n        "b": 1\n    }\n}').indent).toBe('    ');
    expect(detectLayout('{\n\t"a": 1\n}').indent).toBe('\t');
    expect(detectLayout('{"a": 1}').indent).toBe('');
  });
});
