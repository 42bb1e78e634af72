// ESLint's JSON formatter's shape (`eslint -f json`), so tools that read ESLint's output read ours as it is:
//   [{filePath, messages: [{ruleId, severity: 1|2, message, line, column, endLine?}], errorCount, warningCount,
//     fixableErrorCount, fixableWarningCount, fatalErrorCount, suppressedMessages: [], usedDeprecatedRules: []}]
// Transcripts have lines, not columns: column is 1 unless a rule gives one. A file that could not be linted is a
// fatal message with no rule, as ESLint reports a file it could not parse.
import type { Formatter } from './types.js';

interface EslintMessage {
  ruleId: string | null;
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  fatal?: true;
}

interface EslintFile {
  filePath: string;
  messages: EslintMessage[];
  suppressedMessages: [];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  usedDeprecatedRules: [];
}

const file = (filePath: string, messages: EslintMessage[], counts: Partial<EslintFile>): EslintFile => ({
  filePath,
  messages,
  suppressedMessages: [],
  errorCount: 0,
  fatalErrorCount: 0,
  warningCount: 0,
  fixableErrorCount: 0,
  fixableWarningCount: 0,
  usedDeprecatedRules: [],
  ...counts,
});

export const eslint: Formatter = (results, ctx) => {
  const files = results.map((r) => {
    const messages = r.diagnostics.map(
      (d): EslintMessage => ({
        ruleId: d.ruleId,
        severity: d.severity === 'error' ? 2 : 1,
        message: d.message,
        line: d.line,
        column: d.column ?? 1,
        ...(d.endLine !== undefined ? { endLine: d.endLine } : {}),
      }),
    );
    // ESLint counts what `--fix` would fix: here, the safe fixes.
    const fixable = (severity: 'error' | 'warn') =>
      r.diagnostics.filter((d) => d.severity === severity && d.fix?.applicability === 'safe').length;
    return file(r.filePath, messages, {
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      fixableErrorCount: fixable('error'),
      fixableWarningCount: fixable('warn'),
    });
  });
  for (const f of ctx.failures ?? []) {
    const fatal: EslintMessage = { ruleId: null, severity: 2, message: f.message, line: 0, column: 0, fatal: true };
    files.push(file(f.filePath, [fatal], { errorCount: 1, fatalErrorCount: 1 }));
  }
  return `${JSON.stringify(files)}\n`;
};
