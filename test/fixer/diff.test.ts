import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/fixer/diff.js';

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
      ['--- a/s.jsonl', '+++ b/s.jsonl', '@@ -2,7 +2,7 @@', ' 2', ' 3', ' 4', '-5', '+five', ' 6', ' 7', ' 8', ''].join(
        '\n',
      ),
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
