// The Cline / Roo Code defect classes, end to end (not part of npm test; needs `npx tsc -p .` and ../shared/oracle).
// There is no Cline or Roo CLI to resume a history with: what the tool sends is transcript-lint's export of the file
// (compile-cline.ts, compile-roo.ts), and the API's verdict on it is the strict stand-in's
// (../shared/oracle/strict.mjs).
// Per class (a fixture of fixtures/rules/cline|roo, and the research samples when ../research is there): what the
// tool sends and whether the API takes it; what we report; the fix; then, on the fixed file, whether what the tool
// sends is taken, whether the file itself is a request the API takes (the `api` target), whether --fix left any error
// for either target, and whether every tool call and text of the history is still there.
// Usage: node test/oracle/cline/run.mjs [OUT]   (writes OUT/REPORT.md, default /tmp/transcript-lint-cline)
// after `npx tsc -p .`; SHARED=<path of ../shared> when the repository is not beside it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const OUT = process.argv[2] ?? '/tmp/transcript-lint-cline';
// ../shared (beside the repository), or SHARED=<its path> for a copy of the repository elsewhere.
const SHARED = process.env.SHARED ?? path.resolve(ROOT, '..', 'shared');
const { validate } = await import(path.join(SHARED, 'oracle', 'strict.mjs'));
const { fixBytes, lintBytes } = await import(path.join(ROOT, 'dist', 'src', 'index.js'));
const { linter } = await import(path.join(ROOT, 'dist', 'src', 'composition.js'));

const NAME = 'api_conversation_history.json';
const dec = (b) => new TextDecoder().decode(b);

function classes() {
  const found = [];
  for (const prefix of ['cline', 'roo']) {
    const base = path.join(ROOT, 'fixtures', 'rules', prefix);
    for (const rule of readdirSync(base)) {
      for (const f of readdirSync(path.join(base, rule))) {
        if (!f.endsWith('.json') || f.endsWith('.options.json')) continue;
        const options = JSON.parse(readFileSync(path.join(base, rule, `${f}.options.json`), 'utf8'));
        found.push({ name: `${prefix}/${rule}/${f}`, file: path.join(base, rule, f), options });
      }
    }
  }
  const samples = path.resolve(SHARED, '..', 'research', 'formats', 'samples');
  for (const tool of ['cline', 'roo']) {
    const walk = (dir) => {
      if (!existsSync(dir)) return;
      for (const f of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, f.name);
        if (f.isDirectory()) walk(p);
        else if (f.name === NAME) found.push({ name: `research ${path.relative(samples, p)}`, file: p, options: {} });
      }
    };
    walk(path.join(samples, tool));
  }
  return found;
}

/** What the tool sends of these bytes, and the stand-in's verdict (null: accepted). */
function sends(bytes, inputFormat) {
  const format = inputFormat ? linter.format(inputFormat) : linter.detect(NAME, bytes);
  const request = format.exportRequest(format.load(NAME, bytes, {}));
  return { format: format.id, verdict: validate(request) };
}

/** The file itself as a request (the api target). */
function asRequest(bytes) {
  try {
    const messages = JSON.parse(dec(bytes)).map(({ role, content }) => ({ role, content }));
    return validate({ messages });
  } catch (err) {
    return `not JSON: ${err.message}`;
  }
}

const callsAndTexts = (bytes) => {
  const s = dec(bytes);
  return [...s.matchAll(/"type":"tool_use","id":"([^"]+)"|"type":"text","text":("(?:[^"\\]|\\.)*")/g)].map(
    (m) => m[1] ?? m[2],
  );
};
const kept = (before, after) => {
  const a = callsAndTexts(after);
  return callsAndTexts(before).every((x) => a.includes(x));
};
const short = (v) => (v === null ? 'accepted' : `rejected: ${v.length > 90 ? `${v.slice(0, 90)}…` : v}`);

const rows = [];
for (const c of classes()) {
  const input = readFileSync(c.file);
  const opts = { inputFormat: c.options.inputFormat, target: c.options.target };
  const before = sends(input, c.options.inputFormat);
  const lint = lintBytes(NAME, input, opts).result;
  const reported = lint.diagnostics.map((d) => `${d.ruleId} ${d.severity} 1:${d.column}`).join('; ') || 'nothing';
  const fixed = fixBytes(NAME, input, { ...opts, unsafe: true });
  const fixes = [...new Set(fixed.applied.map((f) => `${f.ruleId}: ${f.description}`))].join('; ') || '—';
  const after = sends(fixed.output, c.options.inputFormat);
  const apiFixed = fixBytes(NAME, input, { inputFormat: c.options.inputFormat, target: 'api', unsafe: true });
  const left = lintBytes(NAME, fixed.output, opts).result.errorCount;
  const leftApi = lintBytes(NAME, apiFixed.output, { inputFormat: c.options.inputFormat, target: 'api' }).result
    .errorCount;
  rows.push({
    name: c.name,
    tool: `${before.format}: ${short(before.verdict)}`,
    reported,
    fixes,
    clean:
      after.verdict === null &&
      asRequest(apiFixed.output) === null &&
      left === 0 &&
      leftApi === 0 &&
      kept(input, fixed.output)
        ? 'yes'
        : `NO (tool: ${short(after.verdict)}; api request after --target api --fix: ${short(asRequest(apiFixed.output))}; errors left: ${left}/${leftApi}; kept: ${kept(input, fixed.output)})`,
  });
}

const table = [
  '| defect class | what the tool sends (strict stand-in) | what we report (default target) | the fix | fixed file clean |',
  '|---|---|---|---|---|',
  ...rows.map((r) => `| ${r.name} | ${r.tool} | ${r.reported} | ${r.fixes} | ${r.clean} |`),
].join('\n');
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'REPORT.md'), `${table}\n`);
console.log(table);
const bad = rows.filter((r) => r.clean !== 'yes').length;
console.log(`\n${rows.length} classes, ${bad} not clean after --fix (report: ${path.join(OUT, 'REPORT.md')})`);
process.exitCode = bad > 0 ? 1 : 0;
