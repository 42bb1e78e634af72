// RuleTester: registers one vitest case per valid/invalid example of a rule and checks the exact diagnostics
// (message id and line, optionally severity and block index) that rule alone produces.
import { describe, expect, it } from 'vitest';
import { lintBytes } from '../../src/engine/lint.js';
import type { Rule, Target } from '../../src/rule-api.js';

export interface ExpectedError {
  messageId: string;
  line: number;
  severity?: 'error' | 'warn';
  blockIndex?: number;
  /** A substring the rendered message must contain. */
  messageIncludes?: string;
}

export interface ValidCase {
  name: string;
  text: string;
  target?: Target;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
}

export function lintWith(rule: Rule, text: string, target: Target = 'claude-code') {
  return lintBytes('test.jsonl', new TextEncoder().encode(text), { rules: [rule], target });
}

export function runRuleTests(rule: Rule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  const names = [...cases.valid, ...cases.invalid].map((c) => c.name);
  describe(rule.meta.id, () => {
    it('has unique case names and only declared message ids', () => {
      expect(new Set(names).size).toBe(names.length);
      for (const c of cases.invalid) {
        expect(c.errors.length, `${c.name} lists no errors`).toBeGreaterThan(0);
        for (const e of c.errors) expect(Object.keys(rule.meta.messages)).toContain(e.messageId);
      }
    });

    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const { result } = lintWith(rule, c.text, c.target);
        expect(result.diagnostics.map((d) => `${d.line} ${d.messageId}: ${d.message}`)).toEqual([]);
      });
    }

    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        const { result } = lintWith(rule, c.text, c.target);
        const got = result.diagnostics.map((d) => {
          const e: ExpectedError = { messageId: d.messageId, line: d.line };
          const want = c.errors.find((x) => x.messageId === d.messageId && x.line === d.line);
          if (want?.severity !== undefined) e.severity = d.severity;
          if (want?.blockIndex !== undefined) e.blockIndex = d.blockIndex;
          if (want?.messageIncludes !== undefined) {
            e.messageIncludes = d.message.includes(want.messageIncludes) ? want.messageIncludes : d.message;
          }
          return e;
        });
        expect(got).toEqual(c.errors);
        for (const d of result.diagnostics) expect(d.message).not.toMatch(/\{\{/);
      });
    }
  });
}
