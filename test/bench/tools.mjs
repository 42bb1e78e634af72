// The rows of the benchmark: what each one runs on a set's files. The two floors (floor.mjs, the old one;
// fair-floor.mjs, issue 36's), transcript-lint (default jobs, --jobs 1, --fix on a copy, --cache reruns: nothing
// changed, and a line appended to a few files), and peers on the same files: jq empty (Debian's jq), ccusage 18.0.11 (the last
// pure-JS release; it parses every line of the files under $CLAUDE_CONFIG_DIR/projects) and simdjson, the physical
// floor. A peer that is not installed is left out with the command that installs it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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
  statSync,
  truncateSync,
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
function cacheArgs(set, bin = lintArgs[0], tag = '') {
  const location = path.join(benchDir(), `${set.key}${tag}.transcriptlintcache`);
  const args = [bin, ...lintArgs.slice(1), '--cache', '--cache-location', location, ...set.files];
  if (!primed.has(location)) {
    rmSync(location, { force: true });
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`the --cache run that fills the cache failed (${r.status})`);
    primed.add(location);
  }
  return args;
}

/** How many of a set's sessions the cache-grown row appends a line to. */
export const GROWN_FILES = 10;

/**
 * The args of a --cache rerun after an agent appended one line to GROWN_FILES sessions. The set is copied once (its
 * own files are never written) and the cache filled over the copy; the filled cache file is kept aside. Before every
 * timed run the cache file is put back and each chosen copy (every n/GROWN_FILES-th, sorted by path) is cut back to
 * its copied bytes and one line appended: an entry like its last one, with a fresh uuid, hung off that one.
 */
const grown = new Map();
function grownArgs(set, bin = lintArgs[0], tag = '') {
  let g = grown.get(set.key);
  if (!g) {
    const dir = path.join(benchDir(), `${set.key}-grown`);
    rmSync(dir, { recursive: true, force: true });
    const files = set.files.map((f, i) => {
      const to = path.join(dir, String(i), path.basename(f));
      mkdirSync(path.dirname(to), { recursive: true });
      copyFileSync(f, to);
      return to;
    });
    // The copies' times must be settled before the cache keeps their entries (engine/original.ts SETTLED_MS).
    spawnSync('sleep', ['3.5']);
    const location = path.join(benchDir(), `${set.key}-grown.transcriptlintcache`);
    const args = [...lintArgs, '--cache', '--cache-location', location, ...files];
    rmSync(location, { force: true });
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`the --cache run that fills the cache failed (${r.status})`);
    copyFileSync(location, `${location}.filled`);
    const step = Math.max(1, Math.floor(files.length / GROWN_FILES));
    const chosen = files.filter((_, i) => i % step === 0).slice(0, GROWN_FILES);
    g = { args, location, files, chosen: chosen.map((f) => ({ file: f, size: statSync(f).size, line: nextLine(f) })) };
    g.filled = new Set(['']);
    grown.set(set.key, g);
  }
  // Another checkout (BENCH_BASE) fills a cache file of its own over the same copies, as they were copied.
  const location = tag === '' ? g.location : g.location.replace(/\.transcriptlintcache$/, `${tag}$&`);
  const args = [bin, ...g.args.slice(1)];
  args[args.indexOf('--cache-location') + 1] = location;
  if (!g.filled.has(tag)) {
    for (const c of g.chosen) truncateSync(c.file, c.size);
    rmSync(location, { force: true });
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`the --cache run that fills the cache failed (${r.status})`);
    copyFileSync(location, `${location}.filled`);
    g.filled.add(tag);
  }
  copyFileSync(`${location}.filled`, location);
  for (const c of g.chosen) {
    truncateSync(c.file, c.size);
    appendFileSync(c.file, c.line);
  }
  return args;
}

/**
 * The report of a run without the cache over the grown copies as the cache-grown row left them, to compare with that
 * row's report; undefined when the row did not run.
 */
export function grownReference(set) {
  const g = grown.get(set.key);
  if (!g) return undefined;
  const out = reportFile(set, 'cache-grown-reference');
  const args = [...lintArgs, ...g.files];
  const r = spawnSync(process.execPath, args, { cwd: root, maxBuffer: 1 << 28 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`the run without the cache failed (${r.status})`);
  writeFileSync(out, r.stdout);
  return out;
}

/** A line an agent could append to `file`: its last entry with a uuid, a fresh uuid, hung off that entry. */
function nextLine(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    let entry;
    try {
      entry = JSON.parse(lines[i]);
    } catch {
      continue;
    }
    if (typeof entry?.uuid !== 'string') continue;
    const end = lines[lines.length - 1] === '' ? '' : '\n';
    const h = createHash('sha256').update(file).digest('hex');
    const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
    return `${end}${JSON.stringify({ ...entry, parentUuid: entry.uuid, uuid })}\n`;
  }
  return '{}\n';
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
      plan: (set, bin, tag) => ({
        cmd: node,
        args: cacheArgs(set, bin, tag),
        stdoutFile: reportFile(set, 'cache'),
        okCodes: [0, 1],
      }),
    },
    {
      id: 'cache-grown',
      label: `transcript-lint --cache (rerun, a line appended to ${GROWN_FILES} files)`,
      plan: (set, bin, tag) => ({
        cmd: node,
        args: grownArgs(set, bin, tag),
        stdoutFile: reportFile(set, 'cache-grown'),
        okCodes: [0, 1],
      }),
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
  // BENCH_BASE: the same lint rows run by another built checkout (the code before a change), alternating with these;
  // its --cache rows with cache files of their own.
  const base = process.env.BENCH_BASE && path.resolve(process.env.BENCH_BASE);
  if (base) {
    const baseBin = path.join(base, 'bin/transcript-lint.js');
    for (const row of all.filter((t) => t.id.startsWith('cache')).slice())
      all.push({
        id: `${row.id}-base`,
        label: `${row.label} [base]`,
        plan: (set) => ({ ...row.plan(set, baseBin, '-base'), stdoutFile: reportFile(set, `${row.id}-base`) }),
      });
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
