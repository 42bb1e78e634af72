// --max-diagnostics: which problems a human format prints when it may print only N. Errors come first (ruff and
// ESLint users cap the output to see what fails the run), then warnings; each file's problems stay in line order.
import type { LintResult } from '../engine/lint.js';
import type { Diagnostic } from '../engine/run-rules.js';

/** Per result, the diagnostics to print (all of them without a cap). */
export function cappedDiagnostics(results: readonly LintResult[], max: number | undefined): Diagnostic[][] {
  if (max === undefined) return results.map((r) => r.diagnostics);
  let errorBudget = max;
  let errors = 0;
  for (const r of results) for (const d of r.diagnostics) if (d.severity === 'error') errors++;
  let warningBudget = Math.max(0, max - errors);
  return results.map((r) =>
    r.diagnostics.filter((d) => (d.severity === 'error' ? errorBudget-- > 0 : warningBudget-- > 0)),
  );
}
