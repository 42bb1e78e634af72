// What the benchmark prints: per set its shape, the lint findings, one line per row (CPU and wall against the
// floor, peak RSS); then the targets of issue 13 as PASS/FAIL; and the check that replicated copies lint as their
// originals do.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

const MB = 1024 * 1024;
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Medians of CPU and wall, the CPU's spread, the largest peak RSS, over a row's runs. */
export function summary(res) {
  if (!res || res.failed || !res.runs.length) return null;
  const cpus = res.runs.map((r) => r.cpuMs);
  const cpu = median(cpus);
  return {
    cpu,
    // How far apart the rounds were, against the median: a ratio that differs from another by less than both rows'
    // spreads is within the noise of this machine.
    cpuSpread: cpu ? (Math.max(...cpus) - Math.min(...cpus)) / cpu : 0,
    wall: median(res.runs.map((r) => r.wallMs)),
    rssMb: Math.max(...res.runs.map((r) => r.rssKb)) / 1024,
  };
}

/** Errors and warnings in a JSON report, with the rules that found them. */
export function lintSummary(file) {
  if (!file || !existsSync(file)) return 'lint: no report';
  const results = JSON.parse(readFileSync(file, 'utf8')).results;
  const rules = {};
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    errors += r.errorCount;
    warnings += r.warningCount;
    for (const d of r.diagnostics) rules[d.ruleId] = (rules[d.ruleId] ?? 0) + 1;
  }
  const top = Object.entries(rules)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([id, n]) => `${id} ${n}`);
  return `lint: ${errors} errors, ${warnings} warnings${top.length ? ` (${top.join(', ')}${Object.keys(rules).length > 4 ? ', ...' : ''})` : ''}`;
}

const pad = (s, n) => String(s).padStart(n);

export function printSet(set, shapeLines, findings) {
  console.log(`\n${set.name}`);
  for (const l of [...shapeLines, findings]) console.log(`  ${l}`);
  const floor = summary(set.results.floor);
  const width = Math.max(...Object.values(set.results).map((r) => r.label.length));
  console.log(
    `  ${''.padEnd(width)}  ${pad('cpu s', 7)} ${pad('/floor', 7)} ${pad('spread', 7)}  ${pad('wall s', 7)} ${pad('/floor', 7)}  ${pad('peak RSS', 9)}`,
  );
  for (const res of Object.values(set.results)) {
    const s = summary(res);
    if (!s) {
      console.log(`  ${res.label.padEnd(width)}  did not run: ${res.failed ?? 'no runs'}`);
      continue;
    }
    const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}x` : '');
    console.log(
      `  ${res.label.padEnd(width)}  ${pad((s.cpu / 1000).toFixed(2), 7)} ${pad(ratio(s.cpu, floor?.cpu), 7)} ${pad(`${(s.cpuSpread * 100).toFixed(0)}%`, 7)}  ${pad((s.wall / 1000).toFixed(2), 7)} ${pad(ratio(s.wall, floor?.wall), 7)}  ${pad(`${s.rssMb.toFixed(0)} MB`, 9)}`,
    );
  }
  for (const res of Object.values(set.results))
    if (res.oneThread)
      console.log(
        `  (${res.oneThread} of ${res.runs.length} runs of "${res.label}" started with other processes busy on every core: its default ran those on one thread)`,
      );
}

/** The growth rows (growth.mjs): each source's two sizes, their CPU, and CPU per MB at the larger over the smaller. */
export function printGrowth(rows) {
  console.log('\ngrowth with the size (lint --jobs 1, CPU s, medians; recordings replicated with fresh ids)');
  for (const r of rows) {
    const mb = (g) => `${(g.bytes / MB).toFixed(0)} MB`;
    console.log(
      `  ${r.name}: ${mb(r.small)} ${r.cpuSmall.toFixed(2)} s, ${mb(r.large)} ${r.cpuLarge.toFixed(2)} s; per MB ${r.ratio.toFixed(2)}x`,
    );
  }
}

export function printTargets({ long, many, huge, growth = [] }) {
  const checks = [];
  const get = (set, id) => summary(set?.results[id]);
  const target = (what, a, b, test, show) => {
    if (!a || !b) checks.push(['FAIL', what, 'a row did not run']);
    else checks.push([test(a, b) ? 'PASS' : 'FAIL', what, show(a, b)]);
  };
  const x = (v) => `${v.toFixed(2)}x`;
  for (const set of [long, many]) {
    target(
      `CPU <= 1.2x floor (${set.name})`,
      get(set, 'lint'),
      get(set, 'floor'),
      (a, b) => a.cpu <= 1.2 * b.cpu,
      (a, b) => x(a.cpu / b.cpu),
    );
  }
  for (const set of [long, many]) {
    if (!set.results.jq) checks.push(['SKIP', `faster than jq empty (${set.name})`, 'jq not installed']);
    else
      target(
        `CPU below jq empty's (${set.name})`,
        get(set, 'lint'),
        get(set, 'jq'),
        (a, b) => a.cpu < b.cpu,
        (a, b) => `${x(a.cpu / b.cpu)} of jq`,
      );
  }
  const budget = 1.5 * (statSync(long.largest).size / MB) + 100;
  for (const id of ['lint', 'fix']) {
    const what = `peak RSS <= 1.5 x largest file + 100 MB = ${budget.toFixed(0)} MB (${id === 'fix' ? '--fix' : 'lint'}, ${long.name})`;
    target(
      what,
      get(long, id),
      {},
      (a) => a.rssMb <= budget,
      (a) => `${a.rssMb.toFixed(0)} MB`,
    );
  }
  target(
    `wall <= 0.8x the single-threaded floor (${many.name})`,
    get(many, 'lint'),
    get(many, 'floor'),
    (a, b) => a.wall <= 0.8 * b.wall,
    (a, b) => x(a.wall / b.wall),
  );
  const [one, several] = [many.results['lint-j1']?.report, many.results.lint?.report];
  if (one && several && existsSync(one) && existsSync(several)) {
    checks.push([
      readFileSync(one, 'utf8') === readFileSync(several, 'utf8') ? 'PASS' : 'FAIL',
      `--jobs 1 and the default give identical reports (${many.name})`,
      '',
    ]);
  }
  // Linear means no dearer per MB as the file grows: the 1 GB session's CPU over its floor (a linear cost measured in
  // the same run) may be at most 15% above the 200 MB one's. Cheaper per MB (fixed costs spread wider) passes.
  if (!huge)
    checks.push(['SKIP', 'CPU/floor of the 1 GB session at most 15% above the 200 MB one', 'set BENCH_HUGE=1']);
  else {
    const hugeFloor = get(huge, 'floor');
    const longFloor = get(long, 'floor');
    const name = (set) => set.name.replace('real sessions, ', '');
    target(
      `CPU/floor of the ${name(huge)} at most 15% above the ${name(long)}`,
      hugeFloor && longFloor ? get(huge, 'lint') : undefined,
      get(long, 'lint'),
      (a, b) => a.cpu / hugeFloor.cpu <= 1.15 * (b.cpu / longFloor.cpu),
      (a, b) =>
        `${x(a.cpu / hugeFloor.cpu)} vs ${x(b.cpu / longFloor.cpu)} (per MB: ${(a.cpu / (huge.shape.bytes / MB)).toFixed(2)} vs ${(b.cpu / (long.shape.bytes / MB)).toFixed(2)} ms)`,
    );
  }
  // The same for the other agents' formats, which the 1 GB row does not cover: no dearer per MB at 4x the size.
  for (const r of growth)
    checks.push([
      r.ratio <= 1.15 ? 'PASS' : 'FAIL',
      `CPU per MB at 4x the size at most 15% above (${r.name})`,
      `${r.ratio.toFixed(2)}x`,
    ]);
  console.log('\ntargets (issue 13; reported, not asserted)');
  for (const [verdict, what, value] of checks) console.log(`  ${verdict}  ${what}${value ? `: ${value}` : ''}`);
}

/** Lints each source and its replicated copy; says whether every copy has its original's findings (rule, line). */
export async function replicaCheck(pairs, root) {
  const findings = (files) => {
    const r = spawnSync(process.execPath, ['bin/transcript-lint.js', '-f', 'json', '--no-progress', ...files], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (r.status !== 0 && r.status !== 1) throw new Error(`lint failed (${r.status}): ${r.stderr}`);
    const byPath = new Map(
      JSON.parse(r.stdout).results.map((res) => [
        res.filePath,
        res.diagnostics.map((d) => `${d.ruleId}:${d.severity}:${d.line}`).join(' '),
      ]),
    );
    return files.map((f) => byPath.get(f) ?? 'no result');
  };
  const orig = findings(pairs.map((p) => p[0]));
  const copy = findings(pairs.map((p) => p[1]));
  const differ = pairs.flatMap(([f], i) => (orig[i] === copy[i] ? [] : [`${f}: [${orig[i]}] vs [${copy[i]}]`]));
  const total = orig.filter(Boolean).join(' ');
  if (differ.length) return `FAIL, copies lint unlike their originals: ${differ.join('; ')}`;
  return `each of ${pairs.length} sources and a copy with fresh ids lint alike (findings: ${total || 'none'})`;
}
