import { describe, expect, it } from 'vitest';
import { copyJson, stringifyJson } from '../../src/fixer/deep-json.js';

describe('deep-json', () => {
  it('stringifies like JSON.stringify, key order and escapes included', () => {
    const samples = [
      '{"b":1,"a":[1,"x\\n\\u0001",null,true,{"c":{}}],"d":"é😀","e":[]}',
      '[]',
      '"s"',
      '{"__proto__":{"x":1},"constructor":2}',
      '-0.5',
    ];
    for (const s of samples) {
      const v: unknown = JSON.parse(s);
      expect(stringifyJson(v)).toBe(JSON.stringify(v));
      expect(copyJson(v)).toEqual(v);
      expect(stringifyJson(copyJson(v))).toBe(JSON.stringify(v));
    }
  });

  it('leaves out undefined members and writes undefined array items as null, like JSON.stringify', () => {
    const v = { a: undefined, b: [undefined, 1] };
    expect(stringifyJson(v)).toBe(JSON.stringify(v));
  });

  it('handles nesting far deeper than the native stack allows', () => {
    const depth = 200_000;
    const text = '['.repeat(depth) + ']'.repeat(depth);
    let v: unknown = [];
    for (let i = 1; i < depth; i++) v = [v];
    expect(stringifyJson(v)).toBe(text);
    expect(stringifyJson(copyJson(v))).toBe(text);
  });

  it('keeps a __proto__ key an own key in copies', () => {
    const v = JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    const c = copyJson(v);
    expect(Object.keys(c)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
