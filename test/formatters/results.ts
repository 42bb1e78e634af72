// Hand-made LintResults for the formatter tests: no rules run, so every field a formatter reads is pinned here.
import path from 'node:path';
import type { LintResult } from '../../src/engine/lint.js';
import type { Diagnostic } from '../../src/engine/run-rules.js';
import { docsUrl } from '../../src/sdk/rule-api.js';

/** The folder the report is relative to: absolute, with a space in it. */
export const CWD = path.resolve(path.sep, 'work', 'my repo');
export const SPACED = path.join(CWD, 'sessions', 'crash day', 'a b.jsonl');
export const ODD = path.join(CWD, 'odd,name:100%.jsonl');
export const OUTSIDE = path.resolve(path.sep, 'elsewhere', 'x.jsonl');
export const CLEAN = path.join(CWD, 'clean.jsonl');

export function diag(ruleId: string, line: number, message: string, more: Partial<Diagnostic> = {}): Diagnostic {
  return { ruleId, severity: 'error', messageId: 'm', message, line, related: [], docsUrl: docsUrl(ruleId), ...more };
}

export function result(filePath: string, diagnostics: Diagnostic[]): LintResult {
  return {
    filePath,
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warn').length,
    fixableCount: 0,
    unsafeFixableCount: 0,
    inputFormat: 'claude-code',
    target: 'claude-code',
  };
}

/** Messages with every character the formats must escape: %, CR, LF, `:` and `,`, and terminal controls. */
export const NASTY = 'tool_use toolu_01: 100% lost, then\r\nmore';
export const CONTROLS = 'red \x1b[31mtext\x1b[0m, bidi \u202eevil\u202c, nul \x00 bell \x07';

export function sampleResults(): LintResult[] {
  return [
    result(CLEAN, []),
    result(SPACED, [
      diag('tool-use-has-result', 3, NASTY, {
        severity: 'warn',
        related: [
          { line: 1, message: 'tool_use declared here' },
          { line: 2, message: 'next user message, no result: 50%' },
        ],
      }),
      diag('split-assistant-message', 5, 'message.id msg_1 is shared by parts of two responses', { endLine: 7 }),
      diag('valid-json', 9, CONTROLS, { endLine: 9 }),
    ]),
    result(ODD, [
      diag('unique-uuid', 4, 'uuid u-1 is used twice', {
        severity: 'warn',
        related: [{ line: 2, message: 'first use' }],
      }),
    ]),
    result(OUTSIDE, [
      diag('custom-rule', 1, 'from a rule outside the registry', { docsUrl: 'https://example.com/custom-rule' }),
    ]),
  ];
}
