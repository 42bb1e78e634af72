// The GitHub Action's reports, from the one lint it runs (-f json): workflow-command annotations on stdout, and the
// SARIF file when a path is given. Both come from transcript-lint's own formatters, so they say what `-f github`
// and `-f sarif` would have said.
//
// usage: node action/report.mjs RESULTS.json [SARIF_FILE]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { formatters } from '../dist/src/formatters/index.js';
import { linter } from '../dist/src/index.js';

const [resultsFile, sarifFile] = process.argv.slice(2);
// No report when the lint itself failed before writing one (exit code 2): its error is already on stderr.
if (!resultsFile || !existsSync(resultsFile)) process.exit(0);

const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
const results = report.results;
const targets = new Set(results.map((r) => r.target).filter(Boolean));
const ctx = {
  cwd: process.cwd(),
  color: false,
  rulesMeta: linter.rules.map((r) => r.meta),
  targets: linter.targets,
  target: targets.size === 1 ? [...targets][0] : undefined,
  failures: report.failures ?? [],
};
process.stdout.write(formatters.github(results, ctx));
if (sarifFile) writeFileSync(sarifFile, formatters.sarif(results, ctx));
