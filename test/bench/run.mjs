// `npm run bench`: times transcript-lint against a floor (read + JSON.parse every line, single-threaded) on
// generated sessions — one of 200 MB and 200 of 1 MB — alternating the two in the same run, and prints CPU and wall
// ratios and peak RSS against the targets of the speed issue. Also checks that one worker and several give
// identical results. Sizes can be scaled down for a quick look: BENCH_SCALE=0.1 npm run bench.
import { spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, copyFileSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const scale = Number(process.env.BENCH_SCALE ?? '1');
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const dir = path.join(os.tmpdir(), `transcript-lint-bench-${scale}`);
const params = { largeBytes: Math.round(200 * 1024 * 1024 * scale), smallCount: 200, smallBytes: Math.round(1024 * 1024 * scale) };

if (!existsSync(path.join(root, 'dist/bundle/cli.js'))) {
  console.error('build first: npm run build');
  process.exit(2);
}
const marker = path.join(dir, 'params.json');
if (!existsSync(marker) || readFileSync(marker, 'utf8') !== JSON.stringify(params)) {
  rmSync(dir, { recursive: true, force: true });
  console.error(`generating sessions in ${dir} ...`);
  await generateCorpus(dir, params);
  writeFileSync(marker, JSON.stringify(params));
}
const large = path.join(dir, 'large.jsonl');
const many = path.join(dir, 'many');
const manyFiles = readdir(many);

function readdir(d) {
  return spawnSync('ls', [d]).stdout.toString().trim().split('\n').map((f) => path.join(d, f));
}

function run(script, args, env = {}) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [script, ...args], { cwd: root, env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${script} failed (${r.status}): ${r.stderr}`);
  return { wallMs, ...JSON.parse(r.stdout.toString().trim().split('\n').pop()) };
}

const loadBefore = os.loadavg();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const supportsJobs = spawnSync(process.execPath, ['bin/transcript-lint.js', '--help'], { cwd: root }).stdout.toString().includes('--jobs');

function bench(name, files, lintArgs) {
  const floor = [];
  const ours = [];
  for (let i = 0; i < rounds; i++) {
    floor.push(run(path.join(here, 'floor.mjs'), files));
    ours.push(run(path.join(here, 'measure.mjs'), ['-f', 'json', '--no-progress', ...lintArgs, ...files]));
  }
  const f = { cpu: median(floor.map((x) => x.cpuMs)), wall: median(floor.map((x) => x.wallMs)), rss: Math.max(...floor.map((x) => x.maxRssKb)) };
  const o = { cpu: median(ours.map((x) => x.cpuMs)), wall: median(ours.map((x) => x.wallMs)), rss: Math.max(...ours.map((x) => x.maxRssKb)) };
  return { name, floor: f, ours: o };
}

const mb = (kb) => (kb / 1024).toFixed(0);
const largestMb = statSync(large).size / 1024 / 1024;
const results = [bench(`1 session of ${largestMb.toFixed(0)} MB`, [large], []), bench(`${manyFiles.length} sessions of ${(params.smallBytes / 1048576).toFixed(1)} MB`, manyFiles, [])];

console.log(`\ntranscript-lint benchmark (node ${process.version}, ${os.cpus().length} cores, ${rounds} alternating rounds, medians)`);
// Other work on the machine skews the ratios, the wall ratio of the parallel run most.
console.log(`load average before the runs: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}\n`);
for (const r of results) {
  console.log(`${r.name}`);
  console.log(`  floor (read + JSON.parse, 1 thread): cpu ${r.floor.cpu.toFixed(0)} ms, wall ${r.floor.wall.toFixed(0)} ms, peak RSS ${mb(r.floor.rss)} MB`);
  console.log(`  transcript-lint:                     cpu ${r.ours.cpu.toFixed(0)} ms, wall ${r.ours.wall.toFixed(0)} ms, peak RSS ${mb(r.ours.rss)} MB`);
  console.log(`  ratios: cpu ${(r.ours.cpu / r.floor.cpu).toFixed(2)}x, wall ${(r.ours.wall / r.floor.wall).toFixed(2)}x`);
}
const [big, small] = results;
const rssBudgetMb = 1.5 * largestMb + 100;
const checks = [
  [`CPU time <= 1.2x floor (200 MB session)`, big.ours.cpu / big.floor.cpu <= 1.2, `${(big.ours.cpu / big.floor.cpu).toFixed(2)}x`],
  [`CPU time <= 1.2x floor (200 files)`, small.ours.cpu / small.floor.cpu <= 1.2, `${(small.ours.cpu / small.floor.cpu).toFixed(2)}x`],
  [`wall <= 0.6x single-threaded floor (200 files)`, small.ours.wall / small.floor.wall <= 0.6, `${(small.ours.wall / small.floor.wall).toFixed(2)}x`],
  [`peak RSS <= 1.5 x largest file + 100 MB (${rssBudgetMb.toFixed(0)} MB)`, big.ours.rss / 1024 <= rssBudgetMb, `${mb(big.ours.rss)} MB`],
];
if (supportsJobs) {
  const one = path.join(os.tmpdir(), 'tl-bench-jobs1.json');
  const several = path.join(os.tmpdir(), 'tl-bench-jobsN.json');
  run(path.join(here, 'measure.mjs'), ['-f', 'json', '--jobs', '1', ...manyFiles], { BENCH_REPORT: one });
  run(path.join(here, 'measure.mjs'), ['-f', 'json', '--jobs', String(os.cpus().length), ...manyFiles], { BENCH_REPORT: several });
  checks.push(['one worker and several give identical results', readFileSync(one, 'utf8') === readFileSync(several, 'utf8'), '']);
} else {
  checks.push(['one worker and several give identical results', false, 'no --jobs flag yet']);
}
// --fix on the large session: a copy with one entry repeated (the fix drops it) and a torn last line (the fix drops
// it too), written back in place. Peak RSS against the same budget; one run (the copy is remade for it).
const fixTarget = path.join(dir, 'large-fix.jsonl');
copyFileSync(large, fixTarget);
appendFileSync(fixTarget, `${firstEntryLine(large)}\n{"parentUuid":null,"type":"user","mess`);
const fixRun = run(path.join(here, 'measure.mjs'), ['-f', 'json', '--no-progress', '--fix', '--no-backup', fixTarget]);
rmSync(fixTarget, { force: true });
console.log(`\n--fix on the ${largestMb.toFixed(0)} MB session (2 fixes): cpu ${fixRun.cpuMs.toFixed(0)} ms, wall ${fixRun.wallMs.toFixed(0)} ms, peak RSS ${mb(fixRun.maxRssKb)} MB`);
checks.push([`--fix peak RSS <= 1.5 x largest file + 100 MB (${rssBudgetMb.toFixed(0)} MB)`, fixRun.maxRssKb / 1024 <= rssBudgetMb, `${mb(fixRun.maxRssKb)} MB`]);

/** The first line of a session that is an entry with a uuid (read from its first MB). */
function firstEntryLine(file) {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(1 << 20);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  return head.subarray(0, n).toString('utf8').split('\n').find((l) => l.includes('"uuid"'));
}

console.log('\ntargets');
for (const [what, ok, value] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${what}${value ? `: ${value}` : ''}`);
