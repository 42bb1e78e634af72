#!/usr/bin/env node
// `npm run fuzz`: the property suite (test/property) with many cases and a random seed.
//   FUZZ_RUNS   total cases over all properties (default 10000)
//   FUZZ_SEED   the seed (default: random); rerun a failure with FUZZ_SEED=<printed seed>
//   FUZZ_CASE_MS     the time one lint or fix of one case may take (default 30000)
//   FUZZ_HANG_MS     a case still running after this long is a hang: its worker is stopped (default 300000)
//   FUZZ_NO_CORPUS=1 mutate only the transcripts built in seeds.ts, as on a clone without ../shared
// Extra arguments go to vitest (e.g. a single file: npm run fuzz -- test/property/fix.property.heavy.test.ts).
// The seed is printed before and after the run, whatever the outcome; fast-check prints the seed, path and the
// shrunk counterexample of any failure. A case that hangs (synchronous code cannot be interrupted inside the test)
// is caught by a watchdog here, which prints the case and stops that test file's worker; the others run on.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = process.env.FUZZ_RUNS ?? '10000';
const seed = process.env.FUZZ_SEED ?? String((Math.random() * 0x7fffffff) | 0);
const hangMs = Number(process.env.FUZZ_HANG_MS ?? 300_000);
const progress = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-fuzz-'));
const extra = process.argv.slice(2);
const files = extra.some((a) => !a.startsWith('-')) ? [] : ['test/property'];

console.log(
  `[fuzz] FUZZ_SEED=${seed} FUZZ_RUNS=${runs} (rerun with: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz)`,
);
const started = Date.now();
const vitestBin = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const child = spawn(process.execPath, [vitestBin, 'run', ...files, ...extra], {
  cwd: root,
  stdio: 'inherit',
  // Its own process group, so the watchdog can stop vitest's workers too (a hung worker keeps running otherwise).
  detached: true,
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_PROGRESS_DIR: progress },
});

function running() {
  const out = [];
  for (const name of readdirSync(progress)) {
    try {
      const p = JSON.parse(readFileSync(path.join(progress, name), 'utf8'));
      if (!p.done) out.push({ property: name.replace(/\.json$/, ''), ...p });
    } catch {
      // being written
    }
  }
  return out;
}

function killAll(signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => killAll(signal));

let hung = 0;
const watchdog = setInterval(() => {
  for (const p of running()) {
    if (Date.now() - p.started > hangMs) {
      hung++;
      console.log(
        `\n[fuzz] HANG: property ${p.property} has run one case for over ${hangMs} ms (seed ${seed}); stopping its worker`,
      );
      console.log(`[fuzz] hanging case: ${JSON.stringify(p.case)}`);
      try {
        // Only that test file's worker: the other properties run on.
        process.kill(p.pid, 'SIGKILL');
      } catch {
        killAll('SIGKILL');
      }
      rmSync(path.join(progress, `${p.property}.json`), { force: true });
    }
  }
}, 5_000);

child.on('exit', (code, signal) => {
  clearInterval(watchdog);
  rmSync(progress, { recursive: true, force: true });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  const outcome = [
    hung > 0 ? `${hung} case(s) hung (see HANG above)` : '',
    code === 0 ? 'no failure' : `failed (exit ${code ?? signal})`,
  ]
    .filter(Boolean)
    .join('; ');
  console.log(`[fuzz] FUZZ_SEED=${seed} FUZZ_RUNS=${runs}: ${outcome} in ${secs} s`);
  process.exit(hung > 0 ? 1 : (code ?? 1));
});
