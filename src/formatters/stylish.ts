// The human report, laid out like ESLint's stylish with ruff's rule-first rows: each file with problems, one row per
// problem (line, severity, rule id, [*] when --fix repairs it, message) and its related lines beneath it, then a
// summary, then each session that will not resume as it is and the commands that repair and resume it. On a
// terminal, messages wrap to its width under a hanging indent; elsewhere each problem is one line. A clean run prints
// only the one-line summary.
import { createColors } from 'picocolors';
import type { Diagnostic } from '../engine/run-rules.js';
import type { LintResult } from '../engine/lint.js';
import { displayPath } from './display-path.js';
import { neutralize } from './neutralize.js';
import { cappedDiagnostics } from './capped.js';
import { resumeBlock } from './resume-block.js';
import { wrapText } from './wrap-text.js';
import type { FormatContext, Formatter } from './types.js';
import { maxOf } from '../model/arrays.js';

type Colors = ReturnType<typeof createColors>;

export const stylish: Formatter = (results, ctx) => {
  const c = createColors(ctx.color);
  // --max-diagnostics: N problems are printed (errors first), the summary still counts all of them.
  const capped = cappedDiagnostics(results, ctx.maxDiagnostics);
  let hidden = 0;
  let out = '';
  results.forEach((r, i) => {
    const shown = capped[i]!;
    hidden += r.diagnostics.length - shown.length;
    if (shown.length > 0) out += formatFile(r, shown, ctx, c);
  });
  if (hidden > 0) {
    out += `${c.dim(`… ${plural(hidden, 'more problem')} not shown (--max-diagnostics ${ctx.maxDiagnostics})`)}

`;
  }
  return out + summary(results, ctx, c) + resumeBlock(results, ctx, c);
};

/** How many problems a human format leaves out under `maxDiagnostics`. */
export function hiddenCount(results: readonly LintResult[], maxDiagnostics: number | undefined): number {
  const total = results.reduce((n, r) => n + r.diagnostics.length, 0);
  return maxDiagnostics === undefined ? 0 : Math.max(0, total - maxDiagnostics);
}

function formatFile(result: LintResult, diagnostics: readonly Diagnostic[], ctx: FormatContext, c: Colors): string {
  const lineWidth = maxOf(diagnostics, (d) => String(d.line).length);
  const severityWidth = maxOf(diagnostics, (d) => severityName(d).length);
  // Messages and their continuation lines hang under the rule id, after the line and the severity.
  const indent = ' '.repeat(2 + lineWidth + 2 + severityWidth + 2);
  const relatedIndent = ' '.repeat(2 + lineWidth + 2);
  const width = ctx.width ?? Infinity;

  let out = `${c.underline(neutralize(displayPath(result.filePath, ctx.cwd)))}\n`;
  for (const d of diagnostics) {
    const severity = severityName(d).padEnd(severityWidth);
    // ruff's marker: this problem is one --fix repairs.
    const marker = d.fix?.applicability === 'safe' ? ' [*]' : '';
    const ruleId = neutralize(d.ruleId);
    const [first, ...more] = neutralize(d.message).split('\n');
    const [head, ...wrapped] = wrapText(first!, width, indent, indent.length + ruleId.length + marker.length + 1);
    out +=
      `  ${c.dim(String(d.line).padStart(lineWidth))}  ` +
      `${d.severity === 'error' ? c.red(severity) : c.yellow(severity)}  ` +
      `${c.dim(ruleId)}${c.cyan(marker)} ${head}\n`;
    for (const line of wrapped) out += `${line}\n`;
    for (const text of more)
      out += `${wrapText(text, width, indent)
        .map((l, i) => (i === 0 ? indent + l : l))
        .join('\n')}\n`;
    for (const r of d.related) {
      const label = `→ line ${r.line}:`;
      const hang = `${relatedIndent}  `;
      const lines = neutralize(r.message)
        .split('\n')
        .flatMap((text, i) => {
          const [h, ...rest] = wrapText(
            text,
            width,
            hang,
            i === 0 ? relatedIndent.length + label.length + 1 : hang.length,
          );
          return [i === 0 ? h! : hang + h, ...rest];
        });
      out += `${relatedIndent}${c.dim(label)} ${lines.join('\n')}\n`;
    }
  }
  return `${out}\n`;
}

function severityName(d: Diagnostic): string {
  return d.severity === 'error' ? 'error' : 'warning';
}

function summary(results: readonly LintResult[], ctx: FormatContext, c: Colors): string {
  const errors = sum(results, (r) => r.errorCount);
  const warnings = sum(results, (r) => r.warningCount);
  const files = plural(results.length, 'file');
  const failed = ctx.failures?.length ?? 0;
  // A run in which some input could not be read is never shown as a success.
  const verb = ctx.fixing ? 'fixed' : 'linted';
  const notLinted = failed > 0 ? `${plural(failed, 'file')} could not be ${verb} (see the messages above)` : '';
  const config = configLine(ctx);
  if (errors + warnings === 0) {
    if (failed > 0)
      return `${c.bold(c.red(`✖ ${notLinted}`))}\nNo problems in the ${files} that ${results.length === 1 ? 'was' : 'were'} linted.\n${config}`;
    return `${c.green('✔')} No problems in ${files}.\n${config}`;
  }
  const headline = `✖ ${plural(errors + warnings, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  const failedLine = failed > 0 ? `${c.bold(c.red(`✖ ${notLinted}`))}\n` : '';
  return `${c.bold(errors > 0 ? c.red(headline) : c.yellow(headline))}\n${failedLine}${fixable(results)}Linted ${files}.\n${config}`;
}

/** Names the config files used, so that rules a config turned off are never a silent "no problems". */
function configLine(ctx: FormatContext): string {
  const files = ctx.configFiles ?? [];
  if (files.length === 0) return '';
  const shown = files.map((f) => neutralize(displayPath(f, ctx.cwd)));
  return `Config: ${shown.join(', ')}\n`;
}

/** ruff's hint: how many problems --fix would repair, and how many more need --unsafe-fixes. */
function fixable(results: readonly LintResult[]): string {
  const safe = sum(results, (r) => r.fixableCount);
  const unsafe = sum(results, (r) => r.unsafeFixableCount);
  if (safe + unsafe === 0) return '';
  // The marker explains the [*] beside the problems; without a safe fix there is none to explain.
  if (safe === 0) return `${unsafe} fixable with --fix --unsafe-fixes\n`;
  return `[*] ${safe} fixable with --fix${unsafe > 0 ? `, ${unsafe} more with --unsafe-fixes` : ''}\n`;
}

function sum(results: readonly LintResult[], pick: (r: LintResult) => number): number {
  return results.reduce((n, r) => n + pick(r), 0);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
