// The rows of the benchmark: what each one runs on a set's files. The two floors (floor.mjs, the old one;
// fair-floor.mjs, issue 36's), transcript-lint (default jobs, --jobs 1, --fix on a copy, a --cache rerun), and peers on the same files: jq empty (Debian's jq), ccusage 18.0.11 (the last
// pure-JS release; it parses every line of the files under $CLAUDE_CONFIG_DIR/projects) and simdjson, the physical
// floor. A peer that is not installed is left out with the command that installs it.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiled } from './proc.mjs';
import { benchDir } from './sets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const CCUSAGE_VERSION = '18.0.11';
const lintArgs = ['bin/transcript-lint.js', '-f', 'json', '--no-progress'];

/** Where a set's report of a row goes, so findings and the jobs check can read it. */
function reportFile(set, id) {
  mkdirSync(path.join(benchDir(), 'reports'), { recursive: true });
  return path.join(benchDir(), 'reports', `${set.key}-${id}.json`);
}

function version(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().split('\n')[0] : null;
}

/** A CLAUDE_CONFIG_DIR whose projects/bench/ holds (hard links to) the set's files, for ccusage. */
function claudeHome(set) {
  const home = path.join(benchDir(), `ccusage-home-${set.key}`);
  const project = path.join(home, 'projects', 'bench');
  const marker = path.join(home, 'files.txt');
  const list = set.files.join('\n');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== list) {
    rmSync(home, { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
    set.files.forEach((f, i) => {
      const to = path.join(project, `${i}-${path.basename(f)}`);
      try {
        linkSync(f, to);
      } catch {
        copyFileSync(f, to);
      }
    });
    writeFileSync(marker, list);
  }
  return home;
}

/**
 * A copy of the set's largest file with two more defects that --fix repairs, a repeated entry and a torn last line,
 * besides whatever the file had (the long real set: a few interrupted tool calls).
 */
function fixTarget(set) {
  const target = fixTargetFile();
  copyFileSync(set.largest, target);
  const fd = openSync(set.largest, 'r');
  const head = Buffer.alloc(1 << 20);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const entry = head
    .subarray(0, n)
    .toString('utf8')
    .split('\n')
    .find((l) => l.includes('"uuid"'));
  appendFileSync(target, `${entry}\n{"parentUuid":null,"type":"user","mess`);
  return target;
}

/**
 * The args of a --cache rerun of the set: the first time in a run of the bench, the cache is filled by a run of its
 * own (not timed), so every timed run finds every file unchanged. The sets' files were written before (settled).
 */
const primed = new Set();
function cacheArgs(set) {
  const location = path.join(benchDir(), `${set.key}.transcriptlintcache`);
  const args = [...lintArgs, '--cache', '--cache-location', location, ...set.files];
  if (!primed.has(set.key)) {
    rmSync(location, { force: true });
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`the --cache run that fills the cache failed (${r.status})`);
    primed.add(set.key);
  }
  return args;
}

/** Every row that can run here; each gives { cmd, args, env?, stdoutFile?, okCodes? } for a set. */
export const fixTargetFile = () => path.join(benchDir(), 'fix-target.jsonl');

export function tools() {
  const node = process.execPath;
  const all = [
    {
      id: 'floor',
      label: 'old floor: node, chunk string + JSON.parse',
      plan: (set) => ({ cmd: node, args: [path.join(here, 'floor.mjs'), ...set.files] }),
    },
    {
      id: 'fair',
      label: 'fair floor: node, per line + chain fields',
      plan: (set) => ({ cmd: node, args: [path.join(here, 'fair-floor.mjs'), ...set.files] }),
    },
    {
      id: 'lint',
      label: 'transcript-lint',
      plan: (set) => ({
        cmd: node,
        args: [...lintArgs, ...set.files],
        stdoutFile: reportFile(set, 'lint'),
        okCodes: [0, 1],
      }),
    },
    {
      id: 'lint-j1',
      label: 'transcript-lint --jobs 1',
      plan: (set) => ({
        cmd: node,
        args: [...lintArgs, '--jobs', '1', ...set.files],
        stdoutFile: reportFile(set, 'lint-j1'),
        okCodes: [0, 1],
      }),
    },
    {
      id: 'cache',
      label: 'transcript-lint --cache (rerun, no file changed)',
      plan: (set) => ({ cmd: node, args: cacheArgs(set), stdoutFile: reportFile(set, 'cache'), okCodes: [0, 1] }),
    },
    {
      id: 'fix',
      label: 'transcript-lint --fix (on a copy)',
      plan: (set) => ({
        cmd: node,
        args: [...lintArgs, '--fix', '--no-backup', fixTarget(set)],
        stdoutFile: reportFile(set, 'fix'),
        okCodes: [0, 1],
      }),
    },
  ];
  // BENCH_BASE: the same lint rows run by another built checkout (the code before a change), alternating with these.
  const base = process.env.BENCH_BASE && path.resolve(process.env.BENCH_BASE);
  if (base) {
    const baseBin = path.join(base, 'bin/transcript-lint.js');
    for (const row of all.filter((t) => t.id.startsWith('lint') || t.id === 'fix').slice())
      all.push({
        id: `${row.id}-base`,
        label: `${row.label} [base]`,
        plan: (set) => {
          const plan = row.plan(set);
          return { ...plan, args: [baseBin, ...plan.args.slice(1)], stdoutFile: reportFile(set, `${row.id}-base`) };
        },
      });
  }
  const skipped = [];
  const jq = version('jq', ['--version']);
  if (jq)
    all.push({ id: 'jq', label: `jq empty (${jq})`, plan: (set) => ({ cmd: 'jq', args: ['empty', ...set.files] }) });
  else skipped.push('jq empty: not installed (apt-get install -y jq)');

  const peers = process.env.BENCH_PEERS ?? path.join(os.tmpdir(), 'peers');
  const ccusagePkg = path.join(peers, 'node_modules/ccusage/package.json');
  const ccusage = existsSync(ccusagePkg) ? JSON.parse(readFileSync(ccusagePkg, 'utf8')).version : null;
  if (ccusage) {
    const bin = path.join(path.dirname(ccusagePkg), 'dist/index.js');
    all.push({
      id: 'ccusage',
      label: `ccusage ${ccusage} session --json --offline`,
      plan: (set) => ({
        cmd: node,
        args: [bin, 'session', '--json', '--offline'],
        env: { CLAUDE_CONFIG_DIR: claudeHome(set) },
      }),
    });
    if (ccusage !== CCUSAGE_VERSION)
      skipped.push(`note: ccusage is ${ccusage}, the issue's figures are for ${CCUSAGE_VERSION}`);
  } else
    skipped.push(`ccusage: not installed (npm i --prefix ${peers} ccusage@${CCUSAGE_VERSION}; or set BENCH_PEERS)`);

  const simd = existsSync('/usr/include/simdjson.h')
    ? compiled('simdjson-scan.cpp', 'c++', ['-std=c++17', '-lsimdjson'])
    : { bin: null, why: 'not installed (apt-get install -y libsimdjson-dev)' };
  if (simd.bin) {
    const v = version('dpkg-query', ['-W', '-f', '${Version}', 'libsimdjson-dev']);
    all.push({
      id: 'simdjson',
      label: `simdjson ${v ?? ''} parse_many, 1 thread`.replace('  ', ' '),
      plan: (set) => ({ cmd: simd.bin, args: set.files }),
    });
  } else skipped.push(`simdjson: ${simd.why}`);
  return { all, skipped, root };
}
