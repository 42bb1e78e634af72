// One line per problem, `path:line: severity rule-id message`, and nothing else (like ruff's concise output and
// stylelint's unix formatter): easy to grep, and the `path:line:` prefix is what editors' quickfix lists parse.
// A clean run prints nothing. Control characters are shown as visible escapes, and so is a newline inside a message
// or a path, so that every problem stays on exactly one line.
import { cappedDiagnostics } from './capped.js';
import { displayPath } from './display-path.js';
import { neutralize } from './neutralize.js';
import type { Formatter } from './types.js';

export const compact: Formatter = (results, ctx) => {
  let out = '';
  // --max-diagnostics: N problems are printed (errors first); what was left out is the caller's to say (on
  // stderr), so every line of the output stays a problem.
  const capped = cappedDiagnostics(results, ctx.maxDiagnostics);
  for (const [i, result] of results.entries()) {
    const file = oneLine(displayPath(result.filePath, ctx.cwd));
    for (const d of capped[i]!) {
      const severity = d.severity === 'error' ? 'error' : 'warning';
      out += `${file}:${d.line}: ${severity} ${oneLine(d.ruleId)} ${oneLine(d.message)}\n`;
    }
  }
  return out;
};

function oneLine(text: string): string {
  return neutralize(text).replaceAll('\n', '\\n');
}
