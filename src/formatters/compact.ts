// One line per problem, `path:line: severity rule-id message`, and nothing else (like ruff's concise output and
// stylelint's unix formatter): easy to grep, and the `path:line:` prefix is what editors' quickfix lists parse.
// A clean run prints nothing. Control characters are shown as visible escapes, and so is a newline inside a message
// or a path, so that every problem stays on exactly one line.
import { displayPath } from './display-path.js';
import { neutralize } from './neutralize.js';
import type { Formatter } from './types.js';

export const compact: Formatter = (results, ctx) => {
  let out = '';
  // --max-diagnostics: the first N problems are printed; what was left out is the caller's to say (on stderr), so
  // every line of the output stays a problem.
  let budget = ctx.maxDiagnostics ?? Infinity;
  for (const result of results) {
    const file = oneLine(displayPath(result.filePath, ctx.cwd));
    for (const d of result.diagnostics) {
      if (budget-- <= 0) return out;
      const severity = d.severity === 'error' ? 'error' : 'warning';
      out += `${file}:${d.line}: ${severity} ${oneLine(d.ruleId)} ${oneLine(d.message)}\n`;
    }
  }
  return out;
};

function oneLine(text: string): string {
  return neutralize(text).replaceAll('\n', '\\n');
}
