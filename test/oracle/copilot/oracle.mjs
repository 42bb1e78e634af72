#!/usr/bin/env node
// The Copilot CLI oracle of the copilot-events format (not part of npm test; needs the real Copilot CLI 1.0.102,
// /work/shared/oracle/copilot/install-copilot.sh, and root for `unshare -n`). For every damage class of the research
// (RESEARCH/defects/<class>/: a damaged session folder recorded from a real session), it:
//   1. lints the damaged events.jsonl (what we report),
//   2. resumes the damaged copy with the real CLI under MOCK_STRICT=1 (what Copilot does),
//   3. runs `transcript-lint --fix --unsafe-fixes` on another copy, lints it again (what is left),
//   4. resumes the fixed copy under MOCK_STRICT=1: rc 0, nothing rejected, the file only appended to (no
//      transcript recovery, no events.jsonl.backup-before-recovery-*), and the conversation sent compared with the
//      clean recording's own resume (RESEARCH/defects/clean-<baseline>/, or the damaged copy's when there is none).
// It also checks `transcript-lint export` against what the real CLI sent on every clean recording. Writes
// OUT/RESULTS.md (the table; its first column quotes the research's words for each class, with this run's own
// observation of the damaged copy) and OUT/results.json. The size classes (huge-*) are linted where the research
// generated them, not resumed.
//
//   node test/oracle/copilot/oracle.mjs [--out DIR] [--bin transcript-lint] [--jobs N] [--render] [class...]
//   env: RESEARCH (default /work/research/copilot), ORACLE (default /work/shared/oracle/copilot/run.sh)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pool } from '../pool.mjs';
import { fileURLToPath } from 'node:url';
import {
  conversation,
  exportOf as exportWith,
  lintJson as lintWith,
  resumeSession,
  sentMessages,
  shareCache as shareCacheIn,
  transcriptLint,
  warmCache as warmCacheIn,
} from './cli.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const OUT = path.resolve(option('--out', '/tmp/copilot-oracle'));
const BIN = option('--bin', path.join(repo, 'bin/transcript-lint.js'));
const JOBS = Number(option('--jobs', '4'));
/** --render: only write RESULTS.md again from OUT/results.json. */
const RENDER = args.includes('--render') && args.splice(args.indexOf('--render'), 1).length > 0;
const RESEARCH = process.env.RESEARCH ?? '/work/research/copilot';
const DEFECTS = path.join(RESEARCH, 'defects');

const readJson = (f) => JSON.parse(readFileSync(f, 'utf8'));
const tl = (...argv) => transcriptLint(BIN, ...argv);

/** Every class with an input folder, or the ones named; clean references and the size classes apart. */
function classes() {
  const all = readdirSync(DEFECTS)
    .filter((c) => existsSync(path.join(DEFECTS, c, 'defect.json')))
    .sort();
  return args.length > 0 ? all.filter((c) => args.includes(c)) : all.filter((c) => !c.startsWith('clean-'));
}

/**
 * Copilot unpacks its package into $HOME/.cache/copilot on first run (about 235 MB): every fresh HOME shares one
 * unpacked copy, made once before the runs.
 */
const CACHE = path.join(OUT, 'copilot-cache');
const shareCache = (home) => shareCacheIn(CACHE, home);
const warmCache = () => warmCacheIn(CACHE, path.join(OUT, 'warm-home'));

const inputOf = (meta) =>
  path.isAbsolute(meta.input_dir) ? meta.input_dir : path.join(DEFECTS, meta.cls, meta.input_dir);

/** A session folder copied into a fresh HOME, as Copilot would find it (locks of a live process made live). */
function stage(meta, home, live) {
  const input = inputOf(meta);
  const state = path.join(home, '.copilot', 'session-state');
  rmSync(home, { recursive: true, force: true });
  mkdirSync(path.dirname(state), { recursive: true });
  shareCache(home);
  cpSync(path.join(input, 'session-state'), state, { recursive: true, verbatimSymlinks: true });
  const folder = path.join(state, meta.folder);
  if (live && existsSync(folder))
    for (const f of readdirSync(folder))
      if (f.includes('LIVEPID')) {
        writeFileSync(path.join(folder, f.replace('LIVEPID', String(live.pid))), `${live.pid}\n`);
        rmSync(path.join(folder, f));
      }
  return { folder, events: path.join(folder, 'events.jsonl') };
}

/** One resume by the real CLI under MOCK_STRICT=1 (the oracle's run.sh), and what it did to the folder. */
async function resume(meta, home, out, events) {
  const r = await resumeSession({ home, out, id: meta.resume_id, events });
  const file = r.backups.length > 0 ? `${r.file} + backup-before-recovery` : r.file;
  // What the CLI said that matters: errors, warnings, rejections (not its usage summary).
  return {
    rc: r.rc,
    requests: r.requests.length,
    rejected: r.rejected,
    file,
    first: r.requests[0],
    said: r.said.slice(0, 2).join(' / '),
  };
}

function compare(got, want) {
  if (!got) return 'no request';
  if (!want) return 'no reference';
  const a = got.join('\n');
  const b = want.join('\n');
  if (a === b) return 'same as clean';
  const removed = want.filter((l) => !got.includes(l)).map((l) => `-${l.slice(0, 110)}`);
  const added = got.filter((l) => !want.includes(l)).map((l) => `+${l.slice(0, 110)}`);
  return `DIFFERS: ${[...removed, ...added].slice(0, 4).join(' | ')}`;
}

const lintJson = (file) => lintWith(BIN, file);

const findingText = (d) => `${d.ruleId.replace('copilot/', '')}/${d.messageId} ${d.severity}`;

async function runClass(cls) {
  const meta = readJson(path.join(DEFECTS, cls, 'defect.json'));
  const work = path.join(OUT, 'runs', cls);
  mkdirSync(work, { recursive: true });
  const live = cls === 'live-lock' ? spawn('sleep', ['600'], { stdio: 'ignore' }) : undefined;
  const huge = cls.startsWith('huge-');
  try {
    if (huge) {
      // Resumed by the research (minutes and gigabytes each); here what we report, linted where it lies. No fix.
      const events = path.join(inputOf(meta), 'session-state', meta.folder, 'events.jsonl');
      return { cls, meta, found: existsSync(events) ? lintJson(events) : [], huge: true };
    }
    const damaged = stage(meta, path.join(work, 'damaged-home'), live);
    const found = existsSync(damaged.events) ? lintJson(damaged.events) : [];
    // What we say Copilot sends from the damaged file (its recovery included), before the resume changes the file.
    const predicted = existsSync(damaged.events) ? exportOf(damaged.events) : undefined;
    const before = await resume(meta, path.join(work, 'damaged-home'), path.join(work, 'damaged-run'), damaged.events);
    const fixed = stage(meta, path.join(work, 'fixed-home'), live);
    let fixRun = { status: 'no file' };
    let left = [];
    let safeLeft = [];
    if (existsSync(fixed.events)) {
      const safeCopy = path.join(work, 'safe-only.jsonl');
      cpSync(fixed.events, safeCopy);
      tl('--fix', '--no-backup', '--input-format', 'copilot-events', safeCopy);
      safeLeft = lintJson(safeCopy).filter((d) => d.severity === 'error');
      const r = tl('--fix', '--unsafe-fixes', '--no-backup', fixed.events);
      fixRun = { status: r.status, said: r.stderr.trim() };
      left = lintJson(fixed.events);
      cpSync(fixed.events, path.join(work, 'fixed.jsonl'));
    }
    const after = await resume(meta, path.join(work, 'fixed-home'), path.join(work, 'fixed-run'), fixed.events);
    const clean = path.join(DEFECTS, `clean-${meta.baseline}`, 'resume-strict', 'requests.jsonl');
    let reference;
    if (existsSync(clean)) {
      const body = readFileSync(clean, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .find((l) => l.body?.messages)?.body;
      reference = conversation(body);
    } else reference = conversation(before.first);
    return {
      cls,
      meta,
      found,
      before: {
        ...before,
        first: undefined,
        conversation: compare(conversation(before.first), reference),
        exportSame: before.first ? JSON.stringify(sentMessages(before.first)) === JSON.stringify(predicted) : undefined,
      },
      fix: fixRun,
      left,
      safeLeft,
      after: { ...after, first: undefined, conversation: compare(conversation(after.first), reference) },
      reference: existsSync(clean) ? `clean-${meta.baseline}` : 'the damaged copy (no clean recording)',
    };
  } finally {
    live?.kill();
    for (const home of ['damaged-home', 'fixed-home']) rmSync(path.join(work, home), { recursive: true, force: true });
  }
}

const exportOf = (file) => exportWith(BIN, file);

/** `export` of every clean recording against what the real CLI sent when it resumed it. */
function exportCheck() {
  const rows = [];
  for (const c of readdirSync(DEFECTS)
    .filter((d) => d.startsWith('clean-'))
    .sort()) {
    const meta = readJson(path.join(DEFECTS, c, 'defect.json'));
    const events = path.join(DEFECTS, c, 'input', 'session-state', meta.folder, 'events.jsonl');
    const sent = readFileSync(path.join(DEFECTS, c, 'resume-strict', 'requests.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.body?.messages).body;
    const want = JSON.parse(
      JSON.stringify(sent.messages.slice(0, -1), (k, v) => (k === 'cache_control' ? undefined : v)),
    );
    const r = tl('export', events);
    const got = r.status === 0 ? JSON.parse(r.stdout).messages : undefined;
    const lint = lintJson(events);
    rows.push({
      recording: c.slice('clean-'.length),
      messages: want.length,
      same: JSON.stringify(got) === JSON.stringify(want),
      findings: lint.length,
    });
  }
  return rows;
}

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** What the research wrote Copilot did with each damaged copy (RESEARCH/fixed-check/README.md, second column). */
function researchWords() {
  const file = path.join(RESEARCH, 'fixed-check', 'README.md');
  const words = new Map();
  if (!existsSync(file)) return words;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\| `([^`]+)` \| (.*?) \| /.exec(line);
    if (m) words.set(m[1], m[2]);
  }
  return words;
}

/** The rules the fix applied over all its passes, from its summary ("fixed 3 problems (a ×1, b ×2) in 1 file"). */
const appliedRules = (said = '') => /\(([^)]*×[^)]*)\)/.exec(said)?.[1] ?? '';

function table(results, exports) {
  const words = researchWords();
  const rows = [
    '| class | what Copilot 1.0.102 does on resume (research; this run, strict) | what we report | the fix (`--fix --unsafe-fixes`) | fixed copy resumed under MOCK_STRICT=1 |',
    '|---|---|---|---|---|',
  ];
  for (const r of results) {
    const found = r.found.length ? [...new Set(r.found.map(findingText))].join('; ') : 'nothing';
    const said = words.get(r.cls) ?? '';
    if (r.huge) {
      rows.push(
        `| \`${r.cls}\` | ${cell(said)} | ${cell(found)} | none | n/a (no fix; size classes are not resumed here) |`,
      );
      continue;
    }
    const b = r.before;
    const did = `${said} [this run: rc=${b.rc}, ${b.requests} request(s), ${b.rejected.length} rejected, ${b.file}; ${b.conversation}${b.said ? `; said: ${b.said}` : ''}]`;
    const fixes = [...new Set(r.found.filter((d) => d.fix).map((d) => `${d.fix.applicability}: ${d.fix.description}`))];
    const applied = appliedRules(r.fix.said);
    const a = r.after;
    const ok = a.rc === 0 && a.requests > 0 && a.rejected.length === 0 && a.file === 'appended only';
    const left = r.left.length ? `; left: ${[...new Set(r.left.map(findingText))].join('; ')}` : '';
    const resumed = `${ok ? 'yes' : 'NO'}: rc=${a.rc}, ${a.requests} request(s), ${a.rejected.length} rejected, ${a.file}; ${a.conversation}${left}`;
    rows.push(
      `| \`${r.cls}\` | ${cell(did)} | ${cell(found)} | ${cell(fixes.length ? fixes.join('; ') : 'none')}${applied ? cell(` (applied: ${applied})`) : ''} | ${cell(resumed)} |`,
    );
  }
  const ex = [
    '| recording | messages | `export` equals what Copilot sent on resume | findings |',
    '|---|---|---|---|',
    ...exports.map((e) => `| ${e.recording} | ${e.messages} | ${e.same ? 'yes' : 'NO'} | ${e.findings} |`),
  ];
  return `${rows.join('\n')}\n\n${ex.join('\n')}\n`;
}

mkdirSync(OUT, { recursive: true });
let results;
let exports;
if (RENDER) ({ results, exports } = readJson(path.join(OUT, 'results.json')));
else {
  warmCache();
  results = await pool(classes(), JOBS, (name) => {
    process.stderr.write(`${name}\n`);
    return runClass(name);
  });
  exports = exportCheck();
  writeFileSync(path.join(OUT, 'results.json'), JSON.stringify({ results, exports }, null, 1));
}
writeFileSync(path.join(OUT, 'RESULTS.md'), table(results, exports));
const failed = results.filter(
  (r) => !r.huge && !(r.after.rc === 0 && r.after.rejected.length === 0 && r.after.file === 'appended only'),
);
process.stdout.write(
  `${results.length} classes, ${failed.length} not resumed clean after the fix: ${failed.map((r) => r.cls).join(', ') || 'none'}\n`,
);
process.stdout.write(`export: ${exports.filter((e) => e.same).length}/${exports.length} recordings equal\n`);
const predicted = results.filter((r) => r.before?.exportSame !== undefined);
const wrong = predicted.filter((r) => !r.before.exportSame).map((r) => r.cls);
process.stdout.write(
  `export of the damaged copies: ${predicted.length - wrong.length}/${predicted.length} equal what Copilot sent${wrong.length ? ` (not: ${wrong.join(', ')})` : ''}\n`,
);
process.stdout.write(`table: ${path.join(OUT, 'RESULTS.md')}\n`);
