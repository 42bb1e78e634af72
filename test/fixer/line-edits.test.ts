// The line-edit base of the Codex, Qwen Code and Copilot fix builders: what edits it hands on, in which order, and
// the file they make.
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fixer/apply.js';
import type { Edit } from '../../src/fixer/edits.js';
import { LineEdits } from '../../src/fixer/line-edits.js';
import { loadText } from '../../src/loader/read-jsonl.js';

/** A builder with one edit of its own, as the formats' builders add theirs. */
class Builder extends LineEdits {
  set(line: number, pointer: string, value: unknown): this {
    return this.add({ kind: 'set', line, pointer, value });
  }
  all(): Edit[] {
    return [...this.edits, ...this.lineEdits()];
  }
}

const decode = (b: Uint8Array): string => new TextDecoder().decode(b);

describe('LineEdits', () => {
  it('hands on its own edits in order, then each dropped line once, then each rewritten line with its last text', () => {
    const b = new Builder()
      .deleteLine(4)
      .replaceText(2, 'first')
      .set(1, '/a', 1)
      .deleteLine(3)
      .deleteLine(4)
      .replaceText(2, 'second')
      .set(1, '/b', 2);
    expect(b.all()).toEqual([
      { kind: 'set', line: 1, pointer: '/a', value: 1 },
      { kind: 'set', line: 1, pointer: '/b', value: 2 },
      { kind: 'delete', line: 4 },
      { kind: 'delete', line: 3 },
      { kind: 'replaceText', line: 2, text: 'second' },
    ]);
  });

  it('has no edits until asked', () => {
    expect(new Builder().all()).toEqual([]);
  });

  it("makes the file its edits say, the other lines' bytes kept", () => {
    const file = loadText('t.jsonl', '{"a": 0, "k":1}\r\n{bad\n{"gone":1}\n{"kept" : true}\n{"gone":2}');
    const edits = new Builder().set(1, '/a', 5).replaceText(2, '{"fixed":1}').deleteLine(3).deleteLine(5).all();
    const result = applyFixes(file, [{ ruleId: 'r', applicability: 'safe', description: 'd', edits }]);
    expect(result.applied).toHaveLength(1);
    expect(decode(result.bytes)).toBe('{"a": 5, "k":1}\r\n{"fixed":1}\n{"kept" : true}\n');
  });
});
