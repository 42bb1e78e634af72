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
      ...(r.outputBase64 !== undefined ? { outputBase64: r.outputBase64 } : {}),
    })),
    // Inputs that could not be linted, or with --fix not written back (the run then exits 2); absent when none.
    ...(ctx.failures && ctx.failures.length > 0
      ? { failures: ctx.failures.map((f) => ({ filePath: f.filePath, message: f.message })) }
      : {}),
  })}\n`;

// One field order for every input format, the fields a reader looks for first leading (where, what, then the
// details), so that reports diff cleanly; optional fields are left out when absent, and fields added later follow.
const FIELD_ORDER = [
  'ruleId',
  'severity',
  'line',
  'column',
  'endLine',
  'message',
  'messageId',
  'blockIndex',
  'uuid',
  'pointer',
  'related',
  'fix',
  'docsUrl',
] as const;

function orderDiagnostic(d: Diagnostic): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (d[key] !== undefined) ordered[key] = d[key];
  for (const [key, value] of Object.entries(d)) if (!(key in ordered) && value !== undefined) ordered[key] = value;
  return ordered;
}
