import { describe, expect, it } from 'vitest';
import { loadText } from '../../src/loader/read-jsonl.js';

describe('LoadedLine problems', () => {
  it('gives the lines without a problem one frozen empty array, and each other line its own', () => {
    const file = loadText('t.jsonl', '{"a":1}\n{"b":\n\n{"c":2}\nnot json\n');
    const [a, broken, blank, c, text] = file.lines;
    expect(a!.problems).toEqual([]);
    expect(Object.isFrozen(a!.problems)).toBe(true);
    // One array for them all: a push onto it would reach every line, so it throws.
    expect(c!.problems).toBe(a!.problems);
    expect(blank!.problems).toBe(a!.problems);
    expect(() => a!.problems.push({ kind: 'parse', message: 'x' })).toThrow(TypeError);
    expect(broken!.problems.map((p) => p.kind)).toEqual(['parse']);
    expect(text!.problems.map((p) => p.kind)).toEqual(['parse']);
    expect(broken!.problems).not.toBe(text!.problems);
  });
});
