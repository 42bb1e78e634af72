import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/fixer/diff.js';
import { describeLineChange } from '../../src/fixer/line-change.js';

const opts = { fromFile: 'a/s.jsonl', toFile: 'b/s.jsonl' };

/** Applies a unified diff with `patch` when it is installed, the strongest check of the format. */
function patchApplies(before: string, diff: string): string | undefined {
  try {
    execFileSync('patch', ['--version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-diff-'));
  const file = path.join(dir, 's.jsonl');
  writeFileSync(file, before);
  execFileSync('patch', [file], { input: diff });
  return execFileSync('cat', [file]).toString();
}

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb\n', 'a\nb\n', opts)).toBe('');
  });

  it('shows a changed line with three lines of context', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n') + '\n';
    const after = before.replace('5\n', 'five\n');
    expect(unifiedDiff(before, after, opts)).toBe(
      [
        '--- a/s.jsonl',
        '+++ b/s.jsonl',
        '@@ -2,7 +2,7 @@ line 5: changed',
        ' 2',
        ' 3',
        ' 4',
        '-5',
        '+five',
        ' 6',
        ' 7',
        ' 8',
        '',
      ].join('\n'),
    );
  });

  it('handles inserts, deletes, separate hunks and a missing final newline, and patch accepts it', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `{"n":${i}}`);
    const before = lines.join('\n');
    const afterLines = [...lines];
    afterLines.splice(30, 1);
    afterLines.splice(2, 0, '{"inserted":true}');
    const after = afterLines.join('\n') + '\n';
    const diff = unifiedDiff(before, after, opts);
    expect(diff.match(/^@@/gm)?.length).toBe(3);
    expect(diff).toContain('\\ No newline at end of file');
    const patched = patchApplies(before, diff);
    if (patched !== undefined) expect(patched).toBe(after);
  });
});

describe('hunk headers say what changed inside the line', () => {
  const entry = (content: unknown[]) =>
    JSON.stringify({ type: 'user', message: { role: 'user', content }, uuid: 'u-1', cwd: '/tmp/p' });
  const text = { type: 'text', text: 'Here is the output:' };
  const result = { tool_use_id: 'toolu_T3', type: 'tool_result', content: 't3' };

  it('names swapped blocks, removed and added items and keys, and changed values', () => {
    expect(describeLineChange(entry([text, result]), entry([result, text]))).toBe('message.content[0] <-> [1]');
    expect(describeLineChange(entry([text, result]), entry([result]))).toBe('message.content[0] removed');
    expect(describeLineChange(entry([result]), entry([result, text]))).toBe('message.content[1] added');
    expect(describeLineChange('{"a":1,"b":2}', '{"a":1,"c":2}')).toBe('b removed, c added');
    expect(describeLineChange('{"a":{"b c":1}}', '{"a":{"b c":2}}')).toBe('a["b c"] changed');
    expect(describeLineChange('{"a":1}', '{"a":1}')).toBeUndefined();
    expect(describeLineChange('{"a":1', '{"a":1}')).toBeUndefined();
  });

  it('a two-block swap: the header names it, after @@ where patch ignores it, and patch applies the diff', () => {
    const before = `${entry([])}\n${entry([text, result])}\n{"type":"last-prompt"}\n`;
    const after = `${entry([])}\n${entry([result, text])}\n{"type":"last-prompt"}\n`;
    const diff = unifiedDiff(before, after, opts);
    expect(diff.split('\n')[2]).toBe('@@ -1,3 +1,3 @@ line 2: message.content[0] <-> [1]');
    const patched = patchApplies(before, diff);
    if (patched !== undefined) expect(patched).toBe(after);
  });

  it('lines without a partner are named as removed or added, and a last line without newline is still JSON', () => {
    const diff = unifiedDiff('{"n":1}\n{"n":2}\n{"n":3}', '{"n":1}\n{"n":4}', opts);
    expect(diff.split('\n')[2]).toBe('@@ -1,3 +1,2 @@ line 2: n changed; line 3 removed');
  });
});
