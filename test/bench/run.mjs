// `npm run bench`: times transcript-lint against two floors (floor.mjs, the old one: a chunk decoded to one string,
// JSON.parse of every line; fair-floor.mjs: each line decoded on its own, parsed, its chain fields read) and
// against peers (jq empty, ccusage, simdjson) on the same files, rows alternating within each round, medians of
// BENCH_ROUNDS (default 3). The sets that count are built from real sessions (sets.mjs); the real corpus as it is and
// the old synthetic generator are extra rows. Prints each set's shape, then the targets of issues 36 and 13 as PASS/FAIL.
// Targets are reported, not asserted: exit 0, or 2 when something could not run.
// BENCH_SCALE=0.1 for a quick look; BENCH_HUGE=1 adds the 1 GB row (linearity, and --fix of a 1 GB copy);
// BENCH_SETS=real-long,real-many,... measures only those sets (growth too only when named: `growth`);
// BENCH_BASE=<another checkout, built> adds its lint and --fix rows beside these, for a before/after in one session;
// BENCH_CORPUS=<dir> if the corpus is not at ../shared/corpus; BENCH_PEERS=<npm prefix holding ccusage> (default
// $TMPDIR/peers).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, rmSync, statfsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runnableOfOthers } from '../../dist/src/engine/busy-cores.js';
import { defaultJobs, freeCores } from '../../dist/src/engine/worker-start.js';
import { measure } from './proc.mjs';
import { lintSummary, printGrowth, printSet, printTargets, replicaCheck } from './report.mjs';
import { benchDir, realLongSession, realManySessions, realPublic, replicaCheckFiles, syntheticSets } from './sets.mjs';
import { measureGrowth } from './growth.mjs';
import { formatShape } from './shape.mjs';
import { fixTargetFile, grownReference, tools } from './tools.mjs';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const rounds = Number(process.env.BENCH_ROUNDS ?? '3');
const huge = process.env.BENCH_HUGE === '1';
const only = process.env.BENCH_SETS?.split(',');
const chosen = (key) => !only || only.includes(key);
const { all, skipped, root } = tools();
const corpus = path.resolve(process.env.BENCH_CORPUS ?? path.join(root, '../shared/corpus'));
const failures = [];

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 2;
}

async function main() {
  if (!existsSync(path.join(root, 'dist/bundle/cli.js'))) {
    console.error('build first: npm run build');
    process.exit(2);
  }
  if (!existsSync(path.join(corpus, 'claude-code-trace'))) {
    console.error(`no corpus at ${corpus}: the real-shaped sets are built from its sessions (set BENCH_CORPUS)`);
    process.exit(2);
  }

  const loadBefore = os.loadavg();
  const peers = ['jq', 'ccusage', 'simdjson'];
  const mbOf = (set) => (set.shape.bytes / 2 ** 20).toFixed(0);
  const longSet = await realLongSession(corpus, 200 * scale);
  const long = {
    key: 'real-long',
    name: `real sessions, one ${mbOf(longSet)} MB session`,
    ...longSet,
    rows: ['floor', 'fair', 'lint', 'lint-j1', 'fix', ...peers],
  };
  const manySet = await realManySessions(corpus, 200 * scale);
  const many = {
    key: 'real-many',
    name: `real sessions, a folder of ${manySet.files.length} sessions`,
    ...manySet,
    rows: ['floor', 'fair', 'lint', 'lint-j1', 'cache', 'cache-grown', ...peers],
  };
  const pub = {
    key: 'real-public',
    name: 'real public, as they are',
    ...realPublic(corpus),
    rows: ['floor', 'fair', 'lint', 'lint-j1', 'cache', 'cache-grown', ...peers],
  };
  const sets = [long, many, pub];
  if (chosen('syn-long') || chosen('syn-many')) {
    const syn = await syntheticSets(scale);
    sets.push(
      {
        key: 'syn-long',
        name: 'synthetic (old generator), one session',
        ...syn.large,
        rows: ['floor', 'fair', 'lint', 'lint-j1', ...peers],
      },
      {
        key: 'syn-many',
        name: `synthetic (old generator), ${syn.many.files.length} sessions`,
        ...syn.many,
        rows: ['floor', 'fair', 'lint', 'lint-j1', ...peers],
      },
    );
  }
  if (huge && chosen('real-huge')) {
    // The 1 GB session (and its cache), the copy --fix repairs and the temp file that fix writes beside it take
    // disk: say so rather than fill it.
    const { bavail, bsize } = statfsSync(path.dirname(benchDir()));
    const needMb = 3300 * scale;
    if ((bavail * bsize) / 2 ** 20 < needMb)
      failures.push(`BENCH_HUGE: ${needMb.toFixed(0)} MB of free disk needed under ${benchDir()}`);
    else {
      const set = await realLongSession(corpus, 1024 * scale);
      sets.push({
        key: 'real-huge',
        name: `real sessions, one ${mbOf(set)} MB session`,
        ...set,
        rows: ['floor', 'fair', 'lint', 'fix', 'jq', 'simdjson'],
      });
    }
  }
  for (const set of sets) set.largest = set.files.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));

  for (const set of sets) set.results = {};
  const measured = sets.filter((s) => chosen(s.key));
  // Rows alternate within a round, so a change in the machine's speed touches them all alike.
  for (const set of measured) {
    process.stderr.write(`measuring ${set.name} ...\n`);
    const rows = all.filter((t) => set.rows.includes(t.id.replace(/-base$/, '')));
    for (let r = 0; r < rounds; r++) {
      for (const t of rows) {
        const res = (set.results[t.id] ??= { label: t.label, runs: [] });
        if (res.failed) continue;
        try {
          const { cmd, args, env, stdoutFile, okCodes } = t.plan(set);
          // Before every run, not once per set: some machines give the page cache back within a minute (seen here: a
          // kernel memory monitor, kdamond, kept 0.9 of 24 GB cached), and a cold read costs the row that does it.
          warm(set.files);
          // The default picks one thread while other processes keep every core busy (worker-start.ts freeCores):
          // such runs are counted and said under the table, for a set large enough for more than one. Read as the
          // tool reads it, twice (the warm-up's reads can leave kernel threads runnable for a moment), or by the load
          // average where there is no /proc.
          const cores = os.availableParallelism();
          if (t.id === 'lint' && defaultJobs(set.files.length, set.shape.bytes, cores) > 1) {
            const first = runnableOfOthers();
            spawnSync('sleep', ['0.05']);
            if (freeCores(cores, runnableOfOthers(), first) === 1) res.oneThread = (res.oneThread ?? 0) + 1;
          }
          res.runs.push(measure(cmd, args, { env, cwd: root, stdoutFile, okCodes }));
          res.report = stdoutFile;
        } catch (err) {
          res.failed = err.message;
          failures.push(`${set.name}, ${t.label}: ${err.message}`);
        }
      }
    }
  }

  rmSync(fixTargetFile(), { force: true });
  for (const set of measured)
    if (set.results['cache-grown'])
      try {
        set.grownReference = grownReference(set);
      } catch (err) {
        failures.push(`${set.name}, the run without the cache over the grown copies: ${err.message}`);
      }
  const check = await replicaCheck(await replicaCheckFiles(corpus), root);
  if (chosen('growth')) process.stderr.write('measuring growth with the size, other agents ...\n');
  const growth = !chosen('growth')
    ? []
    : measureGrowth({
        root,
        dir: path.join(benchDir(), 'growth'),
        mb: Math.max(1, Math.round(12 * scale)),
        rounds,
        measure,
        lintArgs: ['bin/transcript-lint.js', '-f', 'json', '--no-progress'],
      });

  console.log(
    `\ntranscript-lint benchmark (node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${rounds} alternating rounds, medians; CPU = user + system of the process, all threads; spread = (slowest - fastest) / median of a row's CPU)`,
  );
  // Other work on the machine skews the ratios, the wall ratio of the parallel run most.
  const load = (l) => l.map((x) => x.toFixed(2)).join(', ');
  console.log(
    `load average before the runs: ${load(loadBefore)}, after: ${load(os.loadavg())}; scale ${scale}; code at ${gitHead()}`,
  );
  // Other sessions' work takes turns on the same cores: wall time then grows with the queue, CPU time far less.
  if (Math.max(loadBefore[0], os.loadavg()[0]) > os.cpus().length)
    console.log(
      `  the machine was busy (load above ${os.cpus().length} cores): wall ratios are unreliable, CPU ratios less so`,
    );
  for (const s of skipped) console.log(`  ${s}`);
  console.log(`replication check: ${check}`);
  for (const set of measured) {
    const lines = formatShape(set.shape);
    if (set.leftOut)
      lines.push(`(${set.leftOut} files left out: a line that is not JSON, as a publisher's comment header)`);
    printSet(set, lines, lintSummary(set.results.lint?.report));
  }
  printGrowth(growth);
  printTargets({ long, many, pub, huge: sets.find((s) => s.key === 'real-huge'), growth });
  if (failures.length) {
    console.log('\ncould not run:');
    for (const f of failures) console.log(`  ${f}`);
    process.exitCode = 2;
  }
}

/** Reads the files, so that the run that follows does not pay for a cold page cache. */
function warm(files) {
  const buf = Buffer.allocUnsafe(16 << 20);
  for (const f of files) {
    const fd = openSync(f, 'r');
    while (readSync(fd, buf, 0, buf.length, null) > 0);
    closeSync(fd);
  }
}

function gitHead() {
  const r = spawnSync('git', ['-C', root, 'log', '-1', '--format=%h'], { encoding: 'utf8' });
  const dirty = spawnSync('git', ['-C', root, 'status', '--porcelain', '--', 'src', 'rules'], {
    encoding: 'utf8',
  }).stdout?.trim();
  return r.status === 0 ? `${r.stdout.trim()}${dirty ? ' (src/rules modified)' : ''}` : path.basename(root);
}
