// One line per problem, `path:line: severity rule-id message`, and nothing else (like ruff's concise output and
// stylelint's unix formatter): easy to grep, and the `path:line:` prefix is what editors' quickfix lists parse.
// A clean run prints nothing. Control characters are shown as visible escapes, and so is a newline inside a message
// or a path, so that every problem stays on exactly one line.
import { displayPath } from './display-path.js';
import { neutralize } from './neutralize.js';
import type { Formatter } from './types.js';

export const compact: Formatter = (results, ctx) => {
  let out = '';
  for (const result of results) {
    const file = oneLine(displayPath(result.filePath, ctx.cwd));
    for (const d of result.diagnostics) {
      const severity = d.severity === 'error' ? 'error' : 'warning';
      out += `${file}:${d.line}: ${severity} ${oneLine(d.ruleId)} ${oneLine(d.message)}\n`;
    }
  }
  return out;
};

function oneLine(text: string): string {
  return neutralize(text).replaceAll('\n', '\\n');
}
