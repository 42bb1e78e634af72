// JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure), as ruff's `junit` writes it: one test
// suite per file, one failing test case per problem (named by its rule and line), and one passing case for a clean
// file, so that a file with no problem still shows as checked. A file that could not be linted is an <error>.
import { reportPath } from './display-path.js';
import type { Formatter } from './types.js';

/** Text for XML 1.0: its five special characters escaped, and the characters it cannot hold at all dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export const junit: Formatter = (results, ctx) => {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  for (const r of results) {
    const name = xml(reportPath(r.filePath, ctx.cwd));
    const cases = r.diagnostics.map((d) => {
      const where = `line ${d.line}`;
      return `    <testcase name="${xml(`${d.ruleId} (${where})`)}" classname="${name}"><failure message="${xml(d.message)}" type="${d.severity === 'error' ? 'error' : 'warning'}">${xml(`${where}: ${d.ruleId}: ${d.message}`)}</failure></testcase>`;
    });
    if (cases.length === 0) cases.push(`    <testcase name="No problems found" classname="${name}"/>`);
    tests += cases.length;
    failures += r.diagnostics.length;
    suites.push(
      `  <testsuite name="${name}" tests="${cases.length}" failures="${r.diagnostics.length}" errors="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  for (const f of ctx.failures ?? []) {
    const name = xml(reportPath(f.filePath, ctx.cwd));
    tests += 1;
    errors += 1;
    suites.push(
      `  <testsuite name="${name}" tests="1" failures="0" errors="1">\n    <testcase name="could not be linted" classname="${name}"><error message="${xml(f.message)}"/></testcase>\n  </testsuite>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="transcript-lint" tests="${tests}" failures="${failures}" errors="${errors}">\n${suites.join('\n')}\n</testsuites>\n`;
};
