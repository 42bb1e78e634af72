// jsonBytes counts the UTF-8 bytes of a value's JSON text without making it: exactly what
// Buffer.byteLength(JSON.stringify(value)) says, strings kept as bytes (long lines) included, undecoded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadText } from '../../src/loader/read-jsonl.js';
import { isLazyString } from '../../src/loader/lazy-strings.js';
import { jsonBytes, stringFieldBytes, stringFieldHead } from '../../src/model/json-size.js';

const stringified = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? '', 'utf8');

describe('jsonBytes', () => {
  it('matches JSON.stringify on escapes, controls, non-ASCII, surrogate pairs and lone halves', () => {
    for (const s of ['', 'plain', 'a"b\\c', '\n\t\r\b\f', '\u0000\u001f\u007f', 'é ✓ 日本', '😀', '\ud800', 'x\udfffy'])
      expect(jsonBytes(s)).toBe(stringified(s));
  });

  it('matches JSON.stringify on what JSON leaves out or writes as null', () => {
    const v = {
      a: undefined,
      b: [undefined, () => 1, 1.5e300, -0, null],
      c: () => 1,
      d: { toJSON: () => 'x' },
      e: NaN,
    };
    expect(jsonBytes(v)).toBe(stringified(v));
    expect(jsonBytes({})).toBe(2);
    expect(jsonBytes([])).toBe(2);
  });

  it('matches JSON.stringify on any JSON value (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, s) => {
        expect(jsonBytes(value)).toBe(stringified(value));
        expect(jsonBytes({ [s]: [s, value] })).toBe(stringified({ [s]: [s, value] }));
      }),
      { numRuns: 500 },
    );
  });

  it('counts strings kept as bytes without decoding them, and alike', () => {
    const long = `${'é'.repeat(20_000)} new\nline ${'x'.repeat(50_000)}`;
    const plain = `${'ü'.repeat(30_000)}${'y'.repeat(50_000)}`;
    const line = JSON.stringify({ type: 'user', message: { content: [{ type: 'text', text: plain }, long] } });
    const json = loadText('s.jsonl', line).lines[0]!.json!;
    const block = (json.message as { content: [Record<string, unknown>, string] }).content[0];
    expect(isLazyString(block, 'text')).toBe(true);
    expect(jsonBytes(json)).toBe(Buffer.byteLength(line, 'utf8'));
    expect(stringFieldBytes(block, 'text')).toBe(Buffer.byteLength(plain, 'utf8'));
    expect(stringFieldBytes({ t: 'né' }, 't')).toBe(3);
    for (const n of [0, 1, 2000, 29_999, 30_000, 30_001, 80_000, 90_000])
      expect(stringFieldHead(block, 'text', n)).toBe(plain.slice(0, n));
    const astral = JSON.stringify({
      type: 'user',
      message: { content: [{ type: 'text', text: '😀'.repeat(40_000) }] },
    });
    const astralBlock = (loadText('a.jsonl', astral).lines[0]!.json!.message as { content: Record<string, unknown>[] })
      .content[0]!;
    expect(isLazyString(astralBlock, 'text')).toBe(true);
    for (const n of [1, 2, 3, 2001])
      expect(stringFieldHead(astralBlock, 'text', n)).toBe('😀'.repeat(40_000).slice(0, n));
    expect(stringFieldHead({ t: 'abc' }, 't', 2)).toBe('ab');
  });
});
