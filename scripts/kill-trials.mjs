// kill -9 trials for --fix (issue 11): builds a ~200 MB session from real sessions with a torn last line, then
// runs `transcript-lint --fix` on a fresh copy of it again and again, SIGKILLs it at a random moment of its run,
// and checks after each kill that
//   - the file is byte-identical to the original or to the fully fixed file (what an uninterrupted run writes);
//   - every backup (<file>.bak*) is byte-identical to the original: absent or complete, never truncated;
//   - a --fix run afterwards removes every temp file the killed run left, and ends with the fixed file.
// Not part of npm test (minutes, ~1 GB of disk). Run `npm run build` first.
//
//   node scripts/kill-trials.mjs [--trials 25] [--mb 200] [--seed 1] [--keep]
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTemplate, renderCopy, rng, uuidFromSeed } from '../test/bench/replicate.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(root, 'bin/transcript-lint.js');
const CORPUS = path.resolve(root, '../shared/corpus/claude-code-2.1.332');
const args = parseArgs(process.argv.slice(2));
const rand = rng(args.seed);

if (!existsSync(path.join(root, 'dist/bundle/cli.js'))) fail('no build: run `npm run build` first');
const work = mkdtempSync(path.join(os.tmpdir(), 'tl-kill-trials-'));
const pristine = path.join(work, 'pristine.jsonl');
const file = path.join(work, 'session.jsonl');
try {
  const bytes = generate(pristine, args.mb * 2 ** 20);
  const original = digest(pristine);
  // The reference: one uninterrupted run, timed, with the moment its first file (a temp file) appears.
  copyFileSync(pristine, file);
  const ref = await timedRun();
  const fixed = digest(file);
  if (fixed === original) fail(`the reference --fix changed nothing (exit ${ref.code})`);
  const { fullMs, writeMs } = ref;
  log(
    `session: ${(bytes / 2 ** 20).toFixed(0)} MB; an uninterrupted --fix takes ${(fullMs / 1000).toFixed(2)} s, writing from ${(writeMs / 1000).toFixed(2)} s (exit ${ref.code})`,
  );

  const tally = { file: { original: 0, fixed: 0 }, backup: { absent: 0, complete: 0 }, leftTemps: 0, violations: [] };
  for (let trial = 1; trial <= args.trials; trial++) {
    for (const f of readdirSync(work)) if (f !== 'pristine.jsonl') rmSync(path.join(work, f), { force: true });
    copyFileSync(pristine, file);
    // A third at any moment of the run; the rest while it writes (backup, temp file, rename), timed from the moment
    // its first temp file appears, since the time the lint before takes varies with the machine's load.
    const kill = trial % 3 === 1 ? { fromStart: rand() * fullMs } : { fromWrite: rand() * (fullMs - writeMs) * 1.2 };
    const exit = await runAndKill(kill);
    const state = check(original, fixed);
    tally.file[state.file === original ? 'original' : state.file === fixed ? 'fixed' : 'other']++;
    for (const b of state.backups)
      tally.backup[b.digest === original ? 'complete' : 'other'] =
        (tally.backup[b.digest === original ? 'complete' : 'other'] ?? 0) + 1;
    if (state.backups.length === 0) tally.backup.absent++;
    tally.leftTemps += state.temps.length;
    const problems = [];
    if (state.file !== original && state.file !== fixed)
      problems.push('the file is neither the original nor the fixed file');
    for (const b of state.backups) if (b.digest !== original) problems.push(`${b.name} is not the original`);
    // The run after: leftovers cleared, the file fixed.
    const after = spawnSync(process.execPath, [BIN, '--fix', '-f', 'compact', file], { encoding: 'utf8' });
    const leftover = readdirSync(work).filter((f) => f.startsWith('.'));
    if (leftover.length > 0) problems.push(`the next --fix left ${leftover.join(', ')}`);
    if (digest(file) !== fixed)
      problems.push(
        `after the next --fix the file is not the fixed file (exit ${after.status}: ${after.stderr.trim()})`,
      );
    if (problems.length > 0) tally.violations.push({ trial, exit, problems });
    log(
      `trial ${String(trial).padStart(2)}: ${exit} -> file ${state.file === original ? 'original' : state.file === fixed ? 'fixed' : 'OTHER'}, ` +
        `backup ${state.backups.length === 0 ? 'absent' : state.backups.map((b) => (b.digest === original ? 'complete' : 'BAD')).join('+')}, ` +
        `${state.temps.length} temp file(s) left, removed by the next run: ${leftover.length === 0 ? 'yes' : 'NO'}${problems.length ? `  VIOLATION: ${problems.join('; ')}` : ''}`,
    );
  }
  log(
    `\n${args.trials} trials on a ${args.mb} MB session: file original ${tally.file.original}, fixed ${tally.file.fixed}, other ${tally.file.other ?? 0}; ` +
      `backup absent ${tally.backup.absent}, complete ${tally.backup.complete}, bad ${tally.backup.other ?? 0}; temp files left by kills ${tally.leftTemps} (all removed by the next run: ${tally.violations.every((v) => !v.problems.some((p) => p.includes('left'))) ? 'yes' : 'no'}); violations ${tally.violations.length}`,
  );
  process.exitCode = tally.violations.length === 0 ? 0 : 1;
} finally {
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  else log(`kept ${work}`);
}

/** Runs --fix to the end: how long it took, and when the first new file appeared in the folder. */
function timedRun() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let writeMs;
    const child = spawn(process.execPath, [BIN, '--fix', '-f', 'compact', file], { stdio: 'ignore' });
    const poll = setInterval(() => {
      if (writeMs === undefined && readdirSync(work).some((f) => f.startsWith('.'))) writeMs = performance.now() - t0;
    }, 2);
    child.on('exit', (code) => {
      clearInterval(poll);
      const fullMs = performance.now() - t0;
      resolve({ code, fullMs, writeMs: writeMs ?? fullMs * 0.8 });
    });
  });
}

/**
 * Runs --fix on the work file and SIGKILLs it `fromStart` ms after it starts, or `fromWrite` ms after its first temp
 * file appears (or lets it finish first). Says when the kill came.
 */
function runAndKill({ fromStart, fromWrite }) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN, '--fix', '-f', 'compact', file], { stdio: 'ignore' });
    let timer;
    let poll;
    let writing;
    const killAfter = (ms) => (timer = setTimeout(() => child.kill('SIGKILL'), ms));
    if (fromStart !== undefined) killAfter(fromStart);
    else {
      poll = setInterval(() => {
        if (!readdirSync(work).some((f) => f.startsWith('.'))) return;
        clearInterval(poll);
        writing = performance.now() - t0;
        killAfter(fromWrite);
      }, 1);
    }
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      const at = `${((performance.now() - t0) / 1000).toFixed(2)} s${writing !== undefined ? `, ${(performance.now() - t0 - writing).toFixed(0)} ms into the write` : ''}`;
      resolve(signal ? `killed at ${at}` : `finished first, exit ${code}, at ${at}`);
    });
  });
}

function check() {
  const names = readdirSync(work);
  return {
    file: digest(file),
    backups: names
      .filter((n) => n.startsWith('session.jsonl.bak'))
      .map((name) => ({ name, digest: digest(path.join(work, name)) })),
    temps: names.filter((n) => n.startsWith('.')),
  };
}

/** Real sessions replicated with fresh ids into one chained session of about `target` bytes, torn at the end. */
function generate(out, target) {
  const templates = readdirSync(CORPUS)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => makeTemplate(path.join(CORPUS, f)));
  const sessionId = uuidFromSeed(args.seed);
  const fd = openSync(out, 'w');
  let bytes = 0;
  let parent = null;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  for (let k = 0; bytes < target; k++) {
    const t = templates[k % templates.length];
    const copy = renderCopy(t, { seed: args.seed * 100_003 + k, sessionId, parent, shiftMs: clock - t.firstTs });
    writeSync(fd, copy.text);
    bytes += Buffer.byteLength(copy.text);
    parent = copy.leaf;
    clock += t.span + 60_000;
  }
  // A crash while the next entry was being written.
  const torn = `{"parentUuid":"${parent}","isSidechain":false,"type":"user","message":{"role":"user","content":"and th`;
  writeSync(fd, torn);
  closeSync(fd);
  return bytes + torn.length;
}

function digest(p) {
  if (!existsSync(p)) return 'absent';
  return createHash('sha256').update(readFileSync(p)).digest('hex');
}

function parseArgs(argv) {
  const a = { trials: 25, mb: 200, seed: 1, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    if (k === '--keep') a.keep = true;
    else if (k === '--trials' || k === '--mb' || k === '--seed') a[k.slice(2)] = Number(argv[++i]);
    else fail(`unknown argument ${k}`);
  }
  return a;
}

function log(s) {
  console.log(s);
}

function fail(s) {
  console.error(`kill-trials: ${s}`);
  process.exit(2);
}
