import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LINE_BYTES, loadBytes, loadText } from '../src/loader/read-jsonl.js';
import { enc } from './helpers/bytes.js';

const kinds = (text: string | Uint8Array): string[][] =>
  (typeof text === 'string' ? loadText('t', text) : loadBytes('t', text)).lines.map((l) =>
    l.problems.map((p) => p.kind),
  );

describe('loader', () => {
  it("numbers lines, keeps each line's bytes and terminator, and notes BOM, EOL and final newline", () => {
    const f = loadText('t', '\uFEFF{"a":1}\r\n{ "b" : 2 }\n{"c":3}');
    expect(f.bom).toBe(true);
    expect(f.finalNewline).toBe(false);
    expect(f.lines.map((l) => [l.lineNo, new TextDecoder().decode(l.bytes), l.crlf])).toEqual([
      [1, '{"a":1}', true],
      [2, '{ "b" : 2 }', false],
      [3, '{"c":3}', false],
    ]);
    expect(f.lines[1]!.json).toEqual({ b: 2 });
  });

  it('takes the dominant line ending', () => {
    expect(loadText('t', '{}\r\n{}\r\n{}\n').eol).toBe('\r\n');
    expect(loadText('t', '{}\n{}\n').eol).toBe('\n');
  });

  it('turns every kind of bad line into a finding and keeps loading', () => {
    expect(kinds('{"a":1}\nnot json\n[1]\n\n{"b":\u00002}\n{"torn":')).toEqual([
      [],
      ['parse'],
      ['not-object'],
      [],
      ['nul', 'parse'],
      ['torn'],
    ]);
  });

  it('reports invalid UTF-8 and still parses what it can', () => {
    const bytes = Uint8Array.of(...enc('{"a":"'), 0xff, 0xfe, ...enc('"}\n'));
    const f = loadBytes('t', bytes);
    expect(f.lines[0]!.problems.map((p) => p.kind)).toEqual(['utf8']);
    expect(f.lines[0]!.json).toEqual({ a: '\uFFFD\uFFFD' });
    expect(Array.from(f.lines[0]!.bytes.slice(6, 8))).toEqual([0xff, 0xfe]);
  });

  it('reads a very long line, and refuses one over the configured limit without parsing it', () => {
    const big = `{"content":"${'x'.repeat(20 * 1024 * 1024)}"}\n{"after":true}\n`;
    const f = loadText('t', big);
    expect(f.lines).toHaveLength(2);
    expect(f.lines[1]!.json).toEqual({ after: true });
    const limited = loadText('t', big, { maxLineBytes: 1024 });
    expect(limited.lines[0]!.problems.map((p) => p.kind)).toEqual(['too-long']);
    expect(limited.lines[0]!.json).toBeUndefined();
    expect(limited.lines[1]!.json).toEqual({ after: true });
  });

  it('refuses a line over 64 MiB by default: a finding, not a parse that could exhaust memory', () => {
    // {"content":[0,0,0,...,0]}: 32 million numbers, which parsed would take ~300 MB of heap.
    const bytes = Buffer.concat([enc('{"content":['), Buffer.alloc(DEFAULT_MAX_LINE_BYTES, '0,'), enc('0]}\n')]);
    expect(bytes.length).toBeGreaterThan(DEFAULT_MAX_LINE_BYTES);
    expect(DEFAULT_MAX_LINE_BYTES).toBe(64 * 1024 * 1024);
    const f = loadBytes('t', bytes);
    expect(f.lines[0]!.problems.map((p) => p.kind)).toEqual(['too-long']);
    expect(f.lines[0]!.json).toBeUndefined();
  });

  it('handles an empty file and a file of only a newline', () => {
    expect(loadText('t', '').lines).toEqual([]);
    expect(loadText('t', '\n').lines.map((l) => l.blank)).toEqual([true]);
  });

  it('keeps __proto__ keys as data', () => {
    const f = loadText('t', '{"__proto__":{"polluted":true}}\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(f.lines[0]!.json!)).toEqual(['__proto__']);
  });
});

describe('repeated garbage lines', () => {
  it('each get the problem a parse of their own gives, the last one torn if unterminated', () => {
    const parseError = (text: string): string => {
      try {
        JSON.parse(text);
      } catch (err) {
        return (err as Error).message;
      }
      return '';
    };
    const file = loadText('g.jsonl', 'x\nx\n{"a":1}\ny z\nx\nx');
    const shown = file.lines.map((l) => l.problems.map((p) => `${p.kind}: ${p.message}`));
    expect(shown).toEqual([
      [`parse: line is not JSON (${parseError('x')})`],
      [`parse: line is not JSON (${parseError('x')})`],
      [],
      [`parse: line is not JSON (${parseError('y z')})`],
      [`parse: line is not JSON (${parseError('x')})`],
      [`torn: last line is cut off mid-entry (${parseError('x')})`],
    ]);
    // Loaded again, the same.
    expect(loadText('g.jsonl', 'x\nx\n{"a":1}\ny z\nx\nx').lines.map((l) => l.problems)).toEqual(
      file.lines.map((l) => l.problems),
    );
  });
});
