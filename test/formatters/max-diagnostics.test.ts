// --max-diagnostics in the human formats: N problems print, errors first, and the counts cover everything.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compact } from '../../src/formatters/compact.js';
import { hiddenCount, stylish } from '../../src/formatters/stylish.js';
import { CWD, sampleResults } from './results.js';

const ctx = { cwd: CWD, color: false };
const rows = (out: string) => out.split('\n').filter((l) => /^ +\d+ {2}(error|warning)/.test(l));

describe('stylish with maxDiagnostics', () => {
  it('prints N problems (errors first) in report order, then how many were left out, then the full summary', () => {
    const out = stylish(sampleResults(), { ...ctx, maxDiagnostics: 2 });
    expect(rows(out)).toHaveLength(2);
    expect(rows(out).every((l) => / error /.test(l))).toBe(true);
    expect(out).toContain(path.join('sessions', 'crash day', 'a b.jsonl'));
    // Files whose problems are all hidden are not listed.
    expect(out).not.toContain('odd,name');
    expect(out).toContain('… 3 more problems not shown (--max-diagnostics 2)\n\n✖ 5 problems (3 errors, 2 warnings)');
  });

  it('with 0 prints only the note and the summary; without a cap it prints everything', () => {
    const zero = stylish(sampleResults(), { ...ctx, maxDiagnostics: 0 });
    expect(rows(zero)).toEqual([]);
    expect(zero.startsWith('… 5 more problems not shown (--max-diagnostics 0)\n\n✖ 5 problems')).toBe(true);
    expect(stylish(sampleResults(), { ...ctx, maxDiagnostics: 5 })).toBe(stylish(sampleResults(), ctx));
  });

  it('hiddenCount is what the cap leaves out', () => {
    expect(hiddenCount(sampleResults(), undefined)).toBe(0);
    expect(hiddenCount(sampleResults(), 2)).toBe(3);
    expect(hiddenCount(sampleResults(), 10)).toBe(0);
  });
});

describe('compact with maxDiagnostics', () => {
  it('prints only N lines, errors first, in report order, and nothing else', () => {
    const all = compact(sampleResults(), ctx).split('\n').filter(Boolean);
    const errors = all.filter((l) => l.includes(': error '));
    expect(errors).toHaveLength(3);
    expect(compact(sampleResults(), { ...ctx, maxDiagnostics: 2 })).toBe(`${errors.slice(0, 2).join('\n')}\n`);
    // All three errors, then the first warning, each where the report has it.
    const firstWarning = all.find((l) => l.includes(': warning '))!;
    expect(compact(sampleResults(), { ...ctx, maxDiagnostics: 4 })).toBe(
      `${all.filter((l) => errors.includes(l) || l === firstWarning).join('\n')}\n`,
    );
    expect(compact(sampleResults(), { ...ctx, maxDiagnostics: 0 })).toBe('');
  });
});
