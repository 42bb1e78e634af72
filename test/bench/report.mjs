// What the benchmark prints: per set its shape, the lint findings, one line per row (CPU against both floors, wall
// against the fair floor, peak RSS); then the targets of issues 36 and 13 as PASS/FAIL; and the check that
// replicated copies lint as their originals do.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { GROWN_FILES } from './tools.mjs';

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

/**
 * A row's CPU over a floor's, from the runs of the same round (rows alternate within a round, so a change in the
 * machine's speed touches both alike): the median of the rounds' ratios and their spread, (max - min) / median.
 * Undefined when either row has no runs; the medians' ratio when the two rows have not run the same rounds.
 */
export function cpuRatio(res, floor) {
  const a = summary(res);
  const b = summary(floor);
  if (!a || !b?.cpu) return undefined;
  if (res.runs.length !== floor.runs.length) return { ratio: a.cpu / b.cpu, spread: undefined };
  const each = res.runs.map((r, i) => r.cpuMs / floor.runs[i].cpuMs);
  const ratio = median(each);
  return { ratio, spread: (Math.max(...each) - Math.min(...each)) / ratio };
}

const showRatio = (r) =>
  r ? `${r.ratio.toFixed(2)}x${r.spread === undefined ? '' : ` ±${((r.spread * 100) / 2).toFixed(0)}%`}` : '';

export function printSet(set, shapeLines, findings) {
  console.log(`\n${set.name}`);
  for (const l of [...shapeLines, findings]) console.log(`  ${l}`);
  const old = set.results.floor;
  const fair = set.results.fair;
  const width = Math.max(...Object.values(set.results).map((r) => r.label.length));
  console.log(
    `  ${''.padEnd(width)}  ${pad('cpu s', 7)} ${pad('spread', 6)} ${pad('/old floor', 11)} ${pad('/fair floor', 11)}  ${pad('wall s', 7)} ${pad('/fair', 6)}  ${pad('peak RSS', 9)}`,
  );
  for (const res of Object.values(set.results)) {
    const s = summary(res);
    if (!s) {
      console.log(`  ${res.label.padEnd(width)}  did not run: ${res.failed ?? 'no runs'}`);
      continue;
    }
    const wallFair = summary(fair)?.wall;
    console.log(
      `  ${res.label.padEnd(width)}  ${pad((s.cpu / 1000).toFixed(2), 7)} ${pad(`${(s.cpuSpread * 100).toFixed(0)}%`, 6)} ${pad(showRatio(cpuRatio(res, old)), 11)} ${pad(showRatio(cpuRatio(res, fair)), 11)}  ${pad((s.wall / 1000).toFixed(2), 7)} ${pad(wallFair ? `${(s.wall / wallFair).toFixed(2)}x` : '', 6)}  ${pad(`${s.rssMb.toFixed(0)} MB`, 9)}`,
    );
  }
  console.log('  (ratios: median over the rounds of the CPU ratio within a round, ± half its range)');
  for (const res of Object.values(set.results))
    if (res.oneThread)
      console.log(
        `  (${res.oneThread} of ${res.runs.length} runs of "${res.label}" started with other processes busy on every core: its default ran those on one thread)`,
      );
}

/** The growth rows (growth.mjs): each source's two sizes, their CPU, and CPU per MB at the larger over the smaller. */
export function printGrowth(rows) {
  if (rows.length === 0) return;
  console.log('\ngrowth with the size (lint --jobs 1, CPU s, medians; recordings replicated with fresh ids)');
  for (const r of rows) {
    const mb = (g) => `${(g.bytes / MB).toFixed(0)} MB`;
    console.log(
      `  ${r.name}: ${mb(r.small)} ${r.cpuSmall.toFixed(2)} s, ${mb(r.large)} ${r.cpuLarge.toFixed(2)} s; per MB ${r.ratio.toFixed(2)}x`,
    );
  }
}

export function printTargets({ long, many, pub, huge, growth = [] }) {
  const checks = [];
  const get = (set, id) => summary(set?.results[id]);
  // A set left out by BENCH_SETS has no results: its targets are skipped, not failed.
  const unmeasured = (sets) => sets.some((set) => Object.keys(set.results).length === 0);
  const target = (sets, what, a, b, test, show) => {
    if (unmeasured(sets)) checks.push(['SKIP', what, 'set not measured (BENCH_SETS)']);
    else if (!a || !b) checks.push(['FAIL', what, 'a row did not run']);
    else checks.push([test(a, b) ? 'PASS' : 'FAIL', what, show(a, b)]);
  };
  const x = (v) => `${v.toFixed(2)}x`;
  // Issue 36: CPU against the fair floor and jq, by the rounds' ratios (cpuRatio); memory; --fix against lint.
  const byRatio = (what, set, id, ref, limit) => {
    const r = cpuRatio(set.results[id], set.results[ref]);
    if (unmeasured([set])) checks.push(['SKIP', what, 'set not measured (BENCH_SETS)']);
    else if (!r && ref === 'jq' && !set?.results.jq) checks.push(['SKIP', what, 'jq not installed']);
    else if (!r) checks.push(['FAIL', what, 'a row did not run']);
    else checks.push([r.ratio <= limit ? 'PASS' : 'FAIL', what, showRatio(r)]);
  };
  for (const set of [long, many, pub])
    byRatio(`lint CPU <= 1.2x the fair floor (${set.name})`, set, 'lint', 'fair', 1.2);
  byRatio(`lint CPU <= 1.0x jq empty (${long.name})`, long, 'lint', 'jq', 1.0);
  byRatio(`--fix CPU <= 1.3x lint, the same file (${long.name})`, long, 'fix', 'lint', 1.3);
  // --cache: a rerun with no file changed, against the lint of the same set (which lints every file: a cold run).
  for (const set of [many, pub]) {
    byRatio(`--cache rerun, nothing changed, CPU <= 0.10x lint (${set.name})`, set, 'cache', 'lint', 0.1);
    const [cached, linted] = [set.results.cache?.report, set.results.lint?.report];
    if (cached && linted && existsSync(cached) && existsSync(linted))
      checks.push([
        readFileSync(cached, 'utf8') === readFileSync(linted, 'utf8') ? 'PASS' : 'FAIL',
        `--cache and no cache give identical reports (${set.name})`,
        '',
      ]);
    byRatio(
      `--cache rerun, a line appended to ${GROWN_FILES} files, CPU <= 0.20x lint (${set.name})`,
      set,
      'cache-grown',
      'lint',
      0.2,
    );
    const [grown, reference] = [set.results['cache-grown']?.report, set.grownReference];
    if (grown && reference && existsSync(grown) && existsSync(reference))
      checks.push([
        readFileSync(grown, 'utf8') === readFileSync(reference, 'utf8') ? 'PASS' : 'FAIL',
        `--cache and no cache give identical reports after the appends (${set.name})`,
        '',
      ]);
  }
  target(
    [long],
    `lint peak RSS <= 200 MB (${long.name})`,
    get(long, 'lint'),
    {},
    (a) => a.rssMb <= 200,
    (a) => `${a.rssMb.toFixed(0)} MB`,
  );
  if (!huge) checks.push(['SKIP', 'lint peak RSS <= 300 MB (the 1 GB session)', 'set BENCH_HUGE=1']);
  else
    target(
      [huge],
      `lint peak RSS <= 300 MB (${huge.name})`,
      get(huge, 'lint'),
      {},
      (a) => a.rssMb <= 300,
      (a) => `${a.rssMb.toFixed(0)} MB`,
    );
  // Issue 13's, still checked.
  target(
    [many],
    `wall <= 0.8x the single-threaded old floor (${many.name})`,
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
  // Linear means no dearer per MB as the file grows: the 1 GB session's CPU over its fair floor (a linear cost
  // measured in the same run) may be at most 15% above the 200 MB one's. Cheaper per MB (fixed costs spread wider)
  // passes.
  if (!huge)
    checks.push(['SKIP', 'CPU/floor of the 1 GB session at most 15% above the 200 MB one', 'set BENCH_HUGE=1']);
  else {
    const hugeFloor = get(huge, 'fair');
    const longFloor = get(long, 'fair');
    const name = (set) => set.name.replace('real sessions, ', '');
    target(
      [huge, long],
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
  console.log('\ntargets (issue 36, then issue 13; reported, not asserted)');
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
