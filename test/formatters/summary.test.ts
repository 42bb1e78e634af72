// summary: one line per file (verdict, errors, warnings, fixable, file), aligned, nothing else.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { summary } from '../../src/formatters/summary.js';
import { CLEAN, CWD, OUTSIDE, diag, result, sampleResults } from './results.js';

const ctx = { cwd: CWD, color: false };

describe('summary', () => {
  it('prints one aligned line per file: fail for errors, warn for warnings only, ok for neither', () => {
    const results = sampleResults();
    results[1]!.fixableCount = 12;
    expect(summary(results, ctx)).toBe(
      [
        'ok    0 errors  0 warnings  0 fixable   clean.jsonl',
        `fail  2 errors  1 warning   12 fixable  ${path.join('sessions', 'crash day', 'a b.jsonl')}`,
        'warn  0 errors  1 warning   0 fixable   odd,name:100%.jsonl',
        `fail  1 error   0 warnings  0 fixable   ${OUTSIDE}`,
        '',
      ].join('\n'),
    );
  });

  it('lists an input that could not be linted as fail, and prints nothing for no files', () => {
    const failures = [{ filePath: path.join(CWD, 'gone.jsonl'), message: 'cannot read gone.jsonl: no such file' }];
    expect(summary([result(CLEAN, [])], { ...ctx, failures })).toBe(
      'ok    0 errors  0 warnings  0 fixable  clean.jsonl\nfail  not linted  gone.jsonl\n',
    );
    expect(summary([], ctx)).toBe('');
  });

  it('colours the verdict only, and only when asked; control characters in names are made visible', () => {
    const odd = path.join(CWD, 'a\x1b[2Jb.jsonl');
    const out = summary([result(odd, [diag('valid-json', 1, 'torn')])], { ...ctx, color: true });
    expect(out).toBe('\x1b[31mfail\x1b[39m  1 error  0 warnings  0 fixable  a\\x1b[2Jb.jsonl\n');
  });
});
