// RuleTester: registers one vitest case per valid/invalid example of a rule and checks the exact diagnostics
// (message id and line, optionally severity and block index) that rule alone produces.
import { describe, expect, it } from 'vitest';
import { lintBytes } from '../../src/index.js';
import { fixBytes } from '../../src/index.js';
import { loadInput } from './formats.js';
import type { Rule, Target } from '../../src/sdk/rule-api.js';

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
  /** Default: the format's own (claude-code for sessions, api for requests and message lists). */
  target?: Target;
  /** Default: detected from the text. */
  inputFormat?: string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedError[];
  /**
   * The file after `--fix` (safe fixes, all passes), or null when the rule offers no safe fix here.
   * Omit only for rules that are not fixable at all.
   */
  output?: string | null;
  /** The file after `--fix --unsafe-fixes`, when it differs from `output`. */
  unsafeOutput?: string;
}

export function lintWith(rule: Rule, text: string, target?: Target, inputFormat?: string) {
  return lintBytes('test.jsonl', new TextEncoder().encode(text), { rules: [rule], target, inputFormat });
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
        const { result } = lintWith(rule, c.text, c.target, c.inputFormat);
        expect(result.diagnostics.map((d) => `${d.line} ${d.messageId}: ${d.message}`)).toEqual([]);
      });
    }

    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        const { result } = lintWith(rule, c.text, c.target, c.inputFormat);
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

      if (rule.meta.fixable === undefined) {
        it(`invalid: ${c.name} (no fix)`, () => {
          expect(c.output ?? null, 'a rule without meta.fixable cannot have an output').toBeNull();
          expect(c.unsafeOutput).toBeUndefined();
          expect(lintWith(rule, c.text, c.target, c.inputFormat).findings.some((f) => f.fix)).toBe(false);
        });
        continue;
      }
      it(`invalid: ${c.name} (fix)`, () => {
        expect(c.output, `${c.name}: give output (or null when no safe fix applies)`).not.toBeUndefined();
        checkFix(rule, c, false, c.output ?? c.text);
        checkFix(rule, c, true, c.unsafeOutput ?? c.output ?? c.text);
      });
    }
  });
}

const decode = (b: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);

/** The fixed text is as expected, parses, and a second fix changes nothing and finds nothing fixable. */
function checkFix(rule: Rule, c: InvalidCase, unsafe: boolean, expected: string): void {
  const opts = { rules: [rule], target: c.target, inputFormat: c.inputFormat, unsafe };
  const once = fixBytes('test.jsonl', new TextEncoder().encode(c.text), opts);
  const label = unsafe ? 'unsafeOutput' : 'output';
  expect(once.status, `${c.name}: fix status`).not.toBe('worse');
  expect(decode(once.output), `${c.name}: ${label}`).toBe(expected);
  if (expected !== c.text) expect(once.changed).toBe(true);
  const unreadable = (text: Uint8Array): number =>
    loadInput('t', text, { inputFormat: c.inputFormat }).model.file.lines.filter((l) => l.problems.length > 0).length;
  expect(unreadable(once.output), `${c.name}: the fix leaves no new unreadable line`).toBeLessThanOrEqual(
    unreadable(new TextEncoder().encode(c.text)),
  );
  const twice = fixBytes('test.jsonl', once.output, opts);
  expect(decode(twice.output), `${c.name}: ${label} is idempotent`).toBe(expected);
  expect(twice.changed, `${c.name}: a second fix changes nothing`).toBe(false);
}
