// One line per file: the verdict, then how many errors, warnings and problems --fix repairs, then the file, aligned:
//
//     fail  2 errors  1 warning   2 fixable  .claude/projects/-home-me-app/6b0f3c1e-….jsonl
//     ok    0 errors  0 warnings  0 fixable  .claude/projects/-home-me-app/1111….jsonl
//
// `fail`: errors (for a session, it will not resume as it is); `warn`: warnings only; `ok`: neither. An input that
// could not be linted is `fail` with `not linted`. The file comes last so that a name with spaces keeps the columns.
import { createColors } from 'picocolors';
import { displayPath } from './display-path.js';
import { neutralize } from './neutralize.js';
import type { Formatter } from './types.js';

export const summary: Formatter = (results, ctx) => {
  const c = createColors(ctx.color);
  const rows = results.map((r) => ({
    verdict: r.errorCount > 0 ? 'fail' : r.warningCount > 0 ? 'warn' : 'ok',
    counts: [count(r.errorCount, 'error'), count(r.warningCount, 'warning'), `${r.fixableCount} fixable`],
    file: neutralize(displayPath(r.filePath, ctx.cwd)),
  }));
  const widths = [0, 1, 2].map((i) => Math.max(0, ...rows.map((row) => row.counts[i]!.length)));
  const paint = (verdict: string) =>
    (verdict === 'fail' ? c.red : verdict === 'warn' ? c.yellow : c.green)(verdict.padEnd(4));
  let out = '';
  for (const row of rows) {
    const counts = row.counts.map((text, i) => text.padEnd(widths[i]!)).join('  ');
    out += `${paint(row.verdict)}  ${counts}  ${row.file}\n`;
  }
  for (const f of ctx.failures ?? [])
    out += `${paint('fail')}  not linted  ${neutralize(displayPath(f.filePath, ctx.cwd))}\n`;
  return out;
};

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
