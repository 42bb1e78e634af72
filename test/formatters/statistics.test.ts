// --statistics: per-rule counts, most frequent first, [*] where --fix repairs some.
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { formatStatistics, ruleStatistics } from '../../src/formatters/statistics.js';
import { CLEAN, SPACED, diag, result } from './results.js';

const metas = rules.map((r) => r.meta);
const safeFix = { applicability: 'safe' as const, description: 'fix' };

describe('statistics', () => {
  const results = [
    result(CLEAN, [diag('valid-json', 1, 'a', { fix: safeFix })]),
    result(SPACED, [
      diag('tool-use-has-result', 2, 'b', { severity: 'warn' }),
      diag('tool-use-has-result', 3, 'c', { fix: { applicability: 'unsafe', description: 'x' } }),
      diag('unique-uuid', 4, 'd'),
      diag('custom\x1b[31m', 5, 'e'),
    ]),
  ];

  it('counts per rule with errors, warnings and safe fixes, most frequent first, then by id', () => {
    expect(ruleStatistics(results)).toEqual([
      { ruleId: 'tool-use-has-result', count: 2, errors: 1, warnings: 1, fixable: 0 },
      { ruleId: 'custom\x1b[31m', count: 1, errors: 1, warnings: 0, fixable: 0 },
      { ruleId: 'unique-uuid', count: 1, errors: 1, warnings: 0, fixable: 0 },
      { ruleId: 'valid-json', count: 1, errors: 1, warnings: 0, fixable: 1 },
    ]);
  });

  it('prints aligned rows with the rule description, [*] for fixable, and a legend', () => {
    const describe = (id: string) => metas.find((m) => m.id === id)!.description;
    expect(formatStatistics(results, metas)).toBe(
      [
        `2  tool-use-has-result      ${describe('tool-use-has-result')}`,
        '1  custom\\x1b[31m',
        `1  unique-uuid              ${describe('unique-uuid')}`,
        `1  valid-json           [*] ${describe('valid-json')}`,
        '[*] fixable with --fix',
        '',
      ].join('\n'),
    );
  });

  it('says when there is nothing to count, and leaves out the legend when nothing is fixable', () => {
    expect(formatStatistics([result(CLEAN, [])], metas)).toBe('Statistics: no problems.\n');
    expect(formatStatistics([result(CLEAN, [diag('unique-uuid', 1, 'x')])], metas)).not.toContain('[*]');
  });
});
