import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fixer/apply.js';
import type { Fix } from '../../src/fixer/edits.js';
import { getAt, removeAt, setAt } from '../../src/fixer/pointer.js';
import { loadText } from '../../src/loader/read-jsonl.js';

const fix = (ruleId: string, edits: Fix['edits'], applicability: Fix['applicability'] = 'safe'): Fix => ({
  ruleId,
  applicability,
  description: ruleId,
  edits,
});
const decode = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

describe('JSON pointers', () => {
  it('reads, sets and removes with escaping', () => {
    const v = { a: { 'b/c': [1, 2, 3], '~k': 1 } };
    expect(getAt(v, '/a/b~1c/1')).toBe(2);
    setAt(v, '/a/~0k', 5);
    removeAt(v, '/a/b~1c/0');
    expect(v).toEqual({ a: { 'b/c': [2, 3], '~k': 5 } });
  });

  it('treats __proto__ as an ordinary key', () => {
    const v = JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>;
    setAt(v, '/__proto__/polluted', true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(v)).toBe('{"__proto__":{"x":1,"polluted":true}}');
  });

  it('rejects a bad array index', () => {
    expect(() => setAt({ a: [1] }, '/a/7', 1)).toThrow(/out of range/);
  });
});

describe('applyFixes', () => {
  const text = '{"b":1,"a":2}\n{ "spaced" : true }\r\n{"c":3}';
  const file = loadText('t.jsonl', text);

  it('keeps untouched lines byte for byte, their terminators, and a missing final newline', () => {
    const r = applyFixes(file, [fix('r', [{ kind: 'set', line: 1, pointer: '/a', value: 9 }])]);
    expect(decode(r.bytes)).toBe('{"b":1,"a":9}\n{ "spaced" : true }\r\n{"c":3}');
  });

  it('keeps a BOM', () => {
    const r = applyFixes(loadText('t.jsonl', '\uFEFF{"a":1}\n{"b":2}\n'), [fix('r', [{ kind: 'delete', line: 2 }])]);
    expect(decode(r.bytes)).toBe('\uFEFF{"a":1}\n');
  });

  it('deletes an unterminated last line and leaves the file newline-terminated', () => {
    const r = applyFixes(file, [fix('r', [{ kind: 'delete', line: 3 }])]);
    expect(decode(r.bytes)).toBe('{"b":1,"a":2}\n{ "spaced" : true }\r\n');
  });

  it('refuses to insert an entry whose uuid a line already holds, from the lines or from the index given', () => {
    const withUuids = loadText('t.jsonl', '{"uuid":"u1"}\n{"uuid":2}\n');
    const inserts = (uuid: unknown, line = 1) => [fix('r', [{ kind: 'insertAfter', line, value: { uuid } }])];
    const taken = applyFixes(withUuids, inserts('u1'));
    expect(taken.applied).toEqual([]);
    expect(taken.failed.map((f) => f.reason)).toEqual(['an entry with uuid u1 is already in the file']);
    // A number is no uuid: "2" is free.
    expect(decode(applyFixes(withUuids, inserts('2')).bytes)).toBe('{"uuid":"u1"}\n{"uuid":"2"}\n{"uuid":2}\n');
    // The index a format gives is what is asked, once, and only for an insert with a uuid.
    let asked = 0;
    const index = () => {
      asked++;
      return new Set(['u9']);
    };
    expect(
      applyFixes(withUuids, [fix('r', [{ kind: 'set', line: 1, pointer: '/a', value: 1 }])], index).applied,
    ).toHaveLength(1);
    expect(asked).toBe(0);
    expect(applyFixes(withUuids, inserts('u9'), index).failed).toHaveLength(1);
    expect(applyFixes(withUuids, [...inserts('u1'), ...inserts('u8', 2)], index).applied).toHaveLength(2);
    expect(asked).toBe(2);
  });

  it('inserts after a line, before the first line, and after an unterminated last line', () => {
    const r = applyFixes(file, [
      fix('r1', [{ kind: 'insertAfter', line: 0, value: { first: true } }]),
      fix('r2', [{ kind: 'insertAfter', line: 3, value: { last: true } }]),
    ]);
    expect(decode(r.bytes)).toBe('{"first":true}\n{"b":1,"a":2}\n{ "spaced" : true }\r\n{"c":3}\n{"last":true}\n');
  });

  it('defers a fix that claims a line another fix took, and applies identical edits once', () => {
    const same = { kind: 'set', line: 1, pointer: '/a', value: 0 } as const;
    const r = applyFixes(file, [
      fix('a-rule', [same, { kind: 'delete', line: 3 }]),
      fix('b-rule', [same]),
      fix('c-rule', [{ kind: 'remove', line: 3, pointer: '/c' }]),
    ]);
    expect(r.applied.map((f) => f.ruleId)).toEqual(['a-rule', 'b-rule']);
    expect(r.deferred.map((f) => f.ruleId)).toEqual(['c-rule']);
    expect(decode(r.bytes)).toBe('{"b":1,"a":0}\n{ "spaced" : true }\r\n');
  });

  it('an insert next to an edited line is not a conflict; two inserts at one anchor are', () => {
    const r = applyFixes(file, [
      fix('a', [{ kind: 'set', line: 2, pointer: '/spaced', value: false }]),
      fix('b', [{ kind: 'insertAfter', line: 2, value: { n: 1 } }]),
      fix('c', [{ kind: 'insertAfter', line: 2, value: { n: 2 } }]),
    ]);
    expect(r.applied.map((f) => f.ruleId)).toEqual(['a', 'b']);
    expect(r.deferred.map((f) => f.ruleId)).toEqual(['c']);
    // The edit is spliced into the line: its spacing stays.
    expect(decode(r.bytes)).toBe('{"b":1,"a":2}\n{ "spaced" : false }\r\n{"n":1}\n{"c":3}');
  });

  it('drops a whole fix whose edit cannot apply, and reports why', () => {
    const r = applyFixes(file, [
      fix('bad', [
        { kind: 'set', line: 1, pointer: '/a', value: 1 },
        { kind: 'remove', line: 2, pointer: '/x/0' },
      ]),
    ]);
    expect(r.applied).toEqual([]);
    expect(r.failed[0]?.reason).toMatch(/line 2/);
    expect(decode(r.bytes)).toBe(text);
  });

  it('replaces the text of a line that is not JSON', () => {
    const f = loadText('t.jsonl', '{"a":1}\n{"b":\u00002}\n');
    const r = applyFixes(f, [fix('r', [{ kind: 'replaceText', line: 2, text: '{"b":2}' }])]);
    expect(decode(r.bytes)).toBe('{"a":1}\n{"b":2}\n');
  });

  it("holds back a deletion that would make the BOM starting line 2 the file's own", () => {
    const f = loadText('t.jsonl', '{"a":1}\n\uFEFF{"b":2}\n{"c":3}\n');
    expect(f.bom).toBe(false);
    const r = applyFixes(f, [
      fix('d', [{ kind: 'delete', line: 1 }]),
      fix('e', [{ kind: 'set', line: 3, pointer: '/c', value: 4 }]),
    ]);
    expect(r.applied.map((x) => x.ruleId)).toEqual(['e']);
    expect(r.deferred.map((x) => x.ruleId)).toEqual(['d']);
    expect(decode(r.bytes)).toBe('{"a":1}\n\uFEFF{"b":2}\n{"c":4}\n');
    // With an entry inserted in its place, line 2 stays second and the deletion applies.
    const replaced = applyFixes(f, [
      fix('d', [
        { kind: 'delete', line: 1 },
        { kind: 'insertAfter', line: 1, value: { z: 0 } },
      ]),
    ]);
    expect(decode(replaced.bytes)).toBe('{"z":0}\n\uFEFF{"b":2}\n{"c":3}\n');
    // A file with a BOM of its own keeps it first, and line 2 keeps its own after it.
    const withBom = loadText('t.jsonl', '\uFEFF{"a":1}\n\uFEFF{"b":2}\n');
    expect(decode(applyFixes(withBom, [fix('d', [{ kind: 'delete', line: 1 }])]).bytes)).toBe('\uFEFF\uFEFF{"b":2}\n');
  });
});
