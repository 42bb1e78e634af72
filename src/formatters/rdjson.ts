// reviewdog's Diagnostic Format (rdjson), one document for the run, as ruff's `rdjson` writes it: reviewdog
// (`-f=rdjson`) turns it into review comments. Lines only: transcripts have no columns unless a rule gives one.
import { INFORMATION_URI } from './sarif.js';
import { reportPath } from './display-path.js';
import type { Formatter } from './types.js';

interface RdDiagnostic {
  message: string;
  location: { path: string; range?: { start: { line: number; column?: number }; end?: { line: number } } };
  severity: 'ERROR' | 'WARNING';
  code?: { value: string; url: string };
}

export const rdjson: Formatter = (results, ctx) => {
  const diagnostics: RdDiagnostic[] = [];
  for (const r of results) {
    for (const d of r.diagnostics) {
      const start = { line: Math.max(d.line, 1), ...(d.column !== undefined ? { column: d.column } : {}) };
      const end = d.endLine !== undefined && d.endLine > d.line ? { end: { line: d.endLine } } : {};
      diagnostics.push({
        message: d.message,
        location: { path: reportPath(r.filePath, ctx.cwd), range: { start, ...end } },
        severity: d.severity === 'error' ? 'ERROR' : 'WARNING',
        code: { value: d.ruleId, url: d.docsUrl },
      });
    }
  }
  for (const f of ctx.failures ?? [])
    diagnostics.push({ message: f.message, location: { path: reportPath(f.filePath, ctx.cwd) }, severity: 'ERROR' });
  const source = { name: 'transcript-lint', url: INFORMATION_URI };
  return `${JSON.stringify({ source, diagnostics })}\n`;
};
