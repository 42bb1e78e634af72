// --statistics: how many problems each rule found, most frequent first, like ruff's `--statistics`:
//
//     12  tool-use-has-result  [*] A tool_use has no tool_result in the next user message
//      3  resume-branch            The file forks and resume will not pick the newest branch
//
// `[*]` marks a rule with at least one problem `--fix` repairs (ruff's marker). It counts what the report holds (after
// --quiet), not what --max-diagnostics let through. Pure, and never coloured, so it reads the same in a file.
import type { LintResult } from '../engine/lint.js';
import type { RuleMeta } from '../sdk/rule-api.js';
import { neutralize } from './neutralize.js';

export interface RuleStatistic {
  ruleId: string;
  count: number;
  errors: number;
  warnings: number;
  /** Problems `--fix` repairs. */
  fixable: number;
}

export function ruleStatistics(results: readonly LintResult[]): RuleStatistic[] {
  const byRule = new Map<string, RuleStatistic>();
  for (const r of results) {
    for (const d of r.diagnostics) {
      let s = byRule.get(d.ruleId);
      if (!s) byRule.set(d.ruleId, (s = { ruleId: d.ruleId, count: 0, errors: 0, warnings: 0, fixable: 0 }));
      s.count++;
      if (d.severity === 'error') s.errors++;
      else s.warnings++;
      if (d.fix?.applicability === 'safe') s.fixable++;
    }
  }
  return [...byRule.values()].sort(
    (a, b) => b.count - a.count || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );
}

export function formatStatistics(results: readonly LintResult[], rulesMeta: readonly RuleMeta[]): string {
  const stats = ruleStatistics(results);
  if (stats.length === 0) return 'Statistics: no problems.\n';
  const describe = new Map(rulesMeta.map((m) => [m.id, m.description]));
  const countWidth = Math.max(...stats.map((s) => String(s.count).length));
  const idWidth = Math.max(...stats.map((s) => neutralize(s.ruleId).length));
  const rows = stats.map((s) =>
    `${String(s.count).padStart(countWidth)}  ${neutralize(s.ruleId).padEnd(idWidth)}  ${s.fixable > 0 ? '[*]' : '   '} ${neutralize(describe.get(s.ruleId) ?? '')}`.trimEnd(),
  );
  const legend = stats.some((s) => s.fixable > 0) ? '[*] fixable with --fix\n' : '';
  return `${rows.join('\n')}\n${legend}`;
}
