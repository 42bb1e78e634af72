// GitLab Code Quality (a JSON array of issues), for a merge request's Code Quality widget, as ruff's `gitlab`
// format writes it: {check_name, description, severity, fingerprint, location: {path, lines: {begin}}}. The path is
// repository-relative (the job runs at the checkout's root). The fingerprint is stable across runs: the file, the
// rule, the message and how many times that same finding came before it in the file, hashed.
import { createHash } from 'node:crypto';
import { reportPath } from './display-path.js';
import type { Formatter } from './types.js';

type Severity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

interface CodeQualityIssue {
  check_name: string;
  description: string;
  severity: Severity;
  fingerprint: string;
  location: { path: string; lines: { begin: number } };
}

export const gitlab: Formatter = (results, ctx) => {
  const issues: CodeQualityIssue[] = [];
  const seen = new Map<string, number>();
  const add = (filePath: string, checkName: string, description: string, severity: Severity, line: number) => {
    const path = reportPath(filePath, ctx.cwd);
    const key = `${path}\u0000${checkName}\u0000${description}`;
    const before = seen.get(key) ?? 0;
    seen.set(key, before + 1);
    issues.push({
      check_name: checkName,
      description,
      severity,
      fingerprint: createHash('sha256').update(`${key}\u0000${before}`).digest('hex').slice(0, 32),
      location: { path, lines: { begin: Math.max(line, 1) } },
    });
  };
  for (const r of results)
    for (const d of r.diagnostics)
      add(r.filePath, d.ruleId, `${d.ruleId}: ${d.message}`, d.severity === 'error' ? 'major' : 'minor', d.line);
  for (const f of ctx.failures ?? []) add(f.filePath, 'transcript-lint', f.message, 'blocker', 1);
  return `${JSON.stringify(issues, null, 2)}\n`;
};
