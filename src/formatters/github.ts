// GitHub Actions workflow commands, one per problem, which the runner turns into annotations on the pull request:
//   ::error file=<path>,line=<n>,endLine=<n>,title=<rule-id>::<message> (see <docs url>)
// Errors come first, then warnings, because GitHub shows only the first few annotations of each kind per step.
//
// Escaping follows the runner (ActionCommand.cs) and Biome's display_github.rs: in the message `%`, CR and LF become
// %25, %0D and %0A; property values also escape `:` and `,` (%3A, %2C). An unescaped newline would end the command
// early and a stray `,` or `:` would cut a property short, and the annotation would be lost or misplaced (pitfall 12).
// `col`/`endColumn` are never written: transcripts have lines, not columns, and the runner silently drops an
// annotation whose multi-line range carries columns (ruff #22074, actions/runner #4167). `endLine` is written only
// for a range that spans lines.
//
// Paths are relative to cwd (the checkout root in a workflow) with forward slashes; a file outside cwd keeps its
// absolute path, which the runner maps into the workspace itself when it can. Other control characters, in messages
// and in file names alike, are shown as visible escapes, as in every other format: the Actions log renders ANSI
// sequences, so a raw one would restyle or hide log lines. (A file name with a control character then no longer
// names the file exactly; such names do not occur in practice, and safety wins.)
import type { Diagnostic } from '../engine/run-rules.js';
import { reportPath } from './display-path.js';
import { neutralize } from './neutralize.js';
import type { Formatter } from './types.js';

export const github: Formatter = (results, ctx) => {
  const commands: { error: string[]; warning: string[] } = { error: [], warning: [] };
  for (const result of results) {
    const file = annotationPath(result.filePath, ctx.cwd);
    for (const d of result.diagnostics) {
      const kind = d.severity === 'error' ? 'error' : 'warning';
      commands[kind].push(`::${kind} ${properties(file, d)}::${escapeData(annotationMessage(d))}\n`);
    }
  }
  return commands.error.join('') + commands.warning.join('');
};

function annotationPath(filePath: string, cwd: string): string {
  return visible(reportPath(filePath, cwd));
}

function properties(file: string, d: Diagnostic): string {
  const props = [`file=${escapeProperty(file)}`];
  // A line below 1 (no line at all) makes a file-level annotation.
  if (d.line >= 1) {
    props.push(`line=${d.line}`);
    if (d.endLine !== undefined && d.endLine > d.line) props.push(`endLine=${d.endLine}`);
  }
  props.push(`title=${escapeProperty(d.ruleId)}`);
  return props.join(',');
}

/** The message, a link to the rule's docs, then one line per related line, as stylish shows them. */
function annotationMessage(d: Diagnostic): string {
  let text = `${d.message} (see ${d.docsUrl})`;
  for (const r of d.related) text += `\n→ line ${r.line}: ${r.message}`;
  return visible(text);
}

/** Control characters made visible, except CR and LF, which survive only to be percent-encoded by the escaping. */
function visible(text: string): string {
  return text.split('\r').map(neutralize).join('\r');
}

export function escapeData(value: string): string {
  return value.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

export function escapeProperty(value: string): string {
  return escapeData(value).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
