// The scripting contract: one JSON document, versioned, with every diagnostic field. Never coloured.
import type { Diagnostic } from '../engine/run-rules.js';
import type { Formatter } from './types.js';

export const JSON_FORMAT_VERSION = 1;

export const json: Formatter = (results, ctx) =>
  `${JSON.stringify({
    version: JSON_FORMAT_VERSION,
    results: results.map((r) => ({
      filePath: r.filePath,
      diagnostics: r.diagnostics.map(orderDiagnostic),
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      fixableCount: r.fixableCount,
      unsafeFixableCount: r.unsafeFixableCount,
      // What the file was read as and judged for (library callers' hand-made results may lack them).
      ...(r.inputFormat !== undefined ? { inputFormat: r.inputFormat } : {}),
      ...(r.target !== undefined ? { target: r.target } : {}),
      ...(r.output !== undefined ? { output: r.output } : {}),
    })),
    // Inputs that could not be linted (the run then exits 2); absent when every input was read.
    ...(ctx.failures && ctx.failures.length > 0
      ? { failures: ctx.failures.map((f) => ({ filePath: f.filePath, message: f.message })) }
      : {}),
  })}\n`;

// The fields a reader looks for first lead, so the document reads well when printed; the rest follow unchanged.
function orderDiagnostic({ ruleId, severity, line, message, ...rest }: Diagnostic) {
  return { ruleId, severity, line, message, ...rest };
}
