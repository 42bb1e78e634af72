// The Gemini CLI harness (issue 39; not part of npm test; needs ../shared/oracle/gemini installed and root for
// unshare). For each damage class cut from the recordings in fixtures/sessions/gemini, the real Gemini CLI
// 0.61.0 resumes the damaged file under MOCK_STRICT=1 (oracle resume.sh), and transcript-lint is judged against it:
// - lint: an error exactly when the CLI's request is rejected, the file is not resumed (`--resume latest` finds no
//   session in it), or the request is accepted with history lost (a call readable in the file, or held by a line the
//   CLI cannot parse, not sent; a message record on a line the CLI cannot parse; a user or gemini text not sent);
// - export: equals the contents the CLI sent, without the resume prompt and the `<session_context>` part it makes afresh;
// - fix: `split` (when gemini/single-session reports another session) and `--fix --unsafe-fixes` on a copy; the CLI
//   resumes the fixed file (and each file split off it) with nothing rejected, and every call id the CLI sent for the
//   damaged file is still sent by one of them.
// With --seeds A..B it also judges the compound damage of ../differential/damage.mjs (seed N damages recording
// N mod 3 of tool-call, parallel, resumed, with the next one as the other session).
// usage: node test/oracle/gemini/run.mjs [--out DIR] [--jobs N] [--timeout S] [--seeds A..B] [--only NAME,...]
// Build first (npm run build). Prints one row per case and writes DIR/REPORT.md (the table and its totals).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { damage } from '../differential/damage.mjs';
import { pool } from '../pool.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const ORACLE = process.env.GEMINI_ORACLE ?? path.resolve(ROOT, '..', 'shared', 'oracle', 'gemini');
const DATA = path.join(ROOT, 'fixtures', 'sessions', 'gemini');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? dflt : process.argv[i + 1];
};
const OUT = path.resolve(arg('out', '/tmp/gemini-harness'));
const JOBS = Math.min(2, Number(arg('jobs', 2)));
const TIMEOUT = Number(arg('timeout', 180));
const ONLY = arg('only', '')?.split(',').filter(Boolean);
const SEEDS = arg('seeds', '');

const lines = (name) =>
  readFileSync(path.join(DATA, `${name}.jsonl`), 'utf8')
    .replace(/\n$/, '')
    .split('\n');
const text = (ls, end = '\n') => `${ls.join('\n')}${end}`;
const edit = (line, change) => {
  const v = JSON.parse(line);
  change(v);
  return JSON.stringify(v);
};
const dropResults = (l) =>
  edit(l, (v) => {
    for (const tc of v.toolCalls) delete tc.result;
  });
const without = (ls, ...n) => ls.filter((_, i) => !n.includes(i + 1));

/** The damage classes: name → file text. Line numbers are those of the recordings (tool-call: 7 = model record with toolCalls, 8 = its user record). */
function cases() {
  const c = lines('tool-call');
  const p = lines('parallel');
  const r = lines('resumed');
  return {
    'clean tool-call': text(c),
    'clean parallel': text(p),
    'clean resumed': text(r),
    'synthetic user record dropped': text(without(c, 8)),
    'every response dropped': text(without(c, 8).map((l, i) => (i === 6 ? dropResults(l) : l))),
    'parallel results lost at the tail': text(p.slice(0, 7).map((l, i) => (i === 6 ? dropResults(l) : l))),
    'model record with the call lost': text(without(c, 7)),
    'last line torn ($set)': text(c.slice(0, 10)) + c[10].slice(0, 25),
    'last message record torn': text(c.slice(0, 9)) + c[9].slice(0, 80),
    'NUL padding at the end': `${text(c)}${'\u0000'.repeat(64)}\n`,
    'NULs glued to a record': text(c.map((l, i) => (i === 9 ? `${'\u0000'.repeat(8)}${l}` : l))),
    'garbage line in the middle': text([...c.slice(0, 3), 'garbage{', ...c.slice(3)]),
    'two files joined': text([...c, ...p]),
    'file doubled by a restored backup': text([...c, ...c]),
  };
}

/** The seeded cases: name → file bytes. */
function seeded() {
  if (!SEEDS) return {};
  const bases = ['tool-call', 'parallel', 'resumed'];
  const [a, b] = SEEDS.split('..').map(Number);
  const out = {};
  for (let seed = a; seed <= (b ?? a); seed++) {
    const base = bases[seed % bases.length];
    const other = bases[(seed + 1) % bases.length];
    const read = (n) => readFileSync(path.join(DATA, `${n}.jsonl`));
    const d = damage(read(base), seed, { others: [read(other)] });
    if (d) {
      out[`seed-${seed}`] = d.bytes;
      console.error(`seed-${seed} ${base}: ${d.steps.join('; ')}`);
    }
  }
  return out;
}

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { encoding: 'utf8', timeout: TIMEOUT * 1000, ...opts });
const cli = (...args) => run(process.execPath, [path.join(ROOT, 'bin', 'transcript-lint.js'), ...args]);

/** Resumes a file under strict rules; the first request's contents, without the prompt, and the verdict. */
function resume(file, dir) {
  // `--resume latest`: the file is the only session of the fresh home, and the CLI lists it by the id its last
  // `$set sessionId` gives (the header's id then finds nothing).
  run(path.join(ORACLE, 'resume.sh'), [file, dir], {
    env: { ...process.env, MOCK_STRICT: '1', GEMINI_TIMEOUT: String(TIMEOUT), SID: 'latest' },
  });
  const said = ['gemini.out', 'gemini.err'].map((f) => {
    try {
      return readFileSync(path.join(dir, f), 'utf8');
    } catch {
      return '';
    }
  });
  // A file the CLI cannot list is not resumed: headless, it goes on with a new session (and its session cleanup,
  // on by default, deletes the file).
  const notResumed = /No previous sessions found|Error resuming session/.exec(said.join('\n'))?.[0];
  let requests = [];
  try {
    requests = readFileSync(path.join(dir, 'requests.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {}
  const first = requests.find((r) => r.body?.contents);
  const rejected = requests.find((r) => r.strict_reject);
  const contents = first ? structuredClone(first.body.contents) : undefined;
  if (contents) {
    const last = contents.at(-1);
    if (last?.role === 'user' && last.parts.at(-1)?.text === 'continue') {
      last.parts.pop();
      if (last.parts.length === 0) contents.pop();
    }
  }
  const ids = new Set();
  for (const c of contents ?? [])
    for (const p of c.parts) if (p.functionCall) ids.add(p.functionCall.id ?? p.functionCall.name);
  const verdict = rejected
    ? `400 ${String(rejected.strict_reject.message ?? rejected.strict_reject).slice(0, 60)}`
    : notResumed
      ? `not resumed: ${notResumed}`
      : first
        ? 'ok'
        : 'no request';
  return { contents, verdict, ids };
}

/**
 * What a resume that was not rejected still lost: the calls readable in the file's lines (toolCalls ids, without the
 * `<tool name>__` prefix) that were not sent, and the message records on lines the CLI cannot parse (torn, garbage,
 * NUL bytes), which it skips.
 */
function historyLost(body, sentIds, contents) {
  const calls = new Set();
  const texts = new Map();
  let unreadable = 0;
  /** The ids of message records glued after a cut record on a line the CLI cannot parse. */
  const glued = [];
  const add = (m) => {
    for (const tc of Array.isArray(m?.toolCalls) ? m.toolCalls : [])
      if (typeof tc?.id === 'string') calls.add(tc.id.replace(/^.*?__/, ''));
    // The last version of each user or gemini message record (the later line wins); the context message is not sent.
    if ((m?.type === 'user' || m?.type === 'gemini') && typeof m.id === 'string') texts.set(m.id, messageTexts(m));
  };
  for (const line of Buffer.from(body).toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    let v;
    try {
      v = JSON.parse(line.trim());
    } catch {
      const text = line.replace(/\u0000/g, '').trim();
      if (/^\{"id":"/.test(text)) unreadable++;
      // Whole message records glued after a cut one on the line are skipped with it (generated seed 111: a cut
      // lastUpdated update, then the last gemini record: its text was not sent).
      for (const piece of text.split(/(?=\{"id":")/).slice(1)) {
        let r;
        try {
          r = JSON.parse(piece);
        } catch {}
        if ((r?.type === 'user' || r?.type === 'gemini') && typeof r.id === 'string') glued.push(r.id);
      }
      // The calls an unreadable line held (a torn $set messages snapshot holds every call so far).
      for (const m of text.matchAll(/"id":"[A-Za-z_]+__([^"]+)"/g)) calls.add(m[1]);
      continue;
    }
    add(v);
    for (const m of Array.isArray(v?.$set?.messages) ? v.$set.messages : []) add(m);
  }
  // A glued record the CLI reads whole on another line (or in a snapshot) is not lost.
  unreadable += glued.filter((id) => !texts.has(id)).length;
  const notSent = [...calls].filter((id) => !sentIds.has(id)).length;
  const sent = JSON.stringify(contents ?? []);
  const textsLost = [...texts.values()].flat().filter((t) => !sent.includes(JSON.stringify(t).slice(1, -1))).length;
  const why = [];
  if (notSent) why.push(`${notSent} call(s) not sent`);
  if (unreadable) why.push(`${unreadable} record(s) unreadable`);
  if (textsLost) why.push(`${textsLost} text(s) not sent`);
  return why.join(', ');
}

const NOTHING = 'nothing to resume';

/**
 * Whether a line the CLI reads holds a message it would resume (its isResumableMessageRecord): a user text that is
 * not the `<session_context>`, or a gemini record with text, calls or thoughts.
 */
function hasResumable(body) {
  const resumable = (m) =>
    (m?.type === 'user' && messageTexts(m).length > 0) ||
    (m?.type === 'gemini' && (messageTexts(m).length > 0 || m.toolCalls?.length > 0 || m.thoughts?.length > 0));
  for (const line of Buffer.from(body).toString('utf8').split('\n')) {
    let v;
    try {
      v = JSON.parse(line.trim());
    } catch {
      continue;
    }
    if (resumable(v) || (Array.isArray(v?.$set?.messages) && v.$set.messages.some(resumable))) return true;
  }
  return false;
}

/** A message record's texts, without the `<session_context>` the CLI sends afresh. */
function messageTexts(m) {
  const parts = typeof m.content === 'string' ? [{ text: m.content }] : Array.isArray(m.content) ? m.content : [];
  return parts
    .map((p) => (typeof p?.text === 'string' ? p.text.trim() : ''))
    .filter((t) => t && !t.startsWith('<session_context>'));
}

/**
 * The contents without the `<session_context>` part the first turn opens with: the CLI makes it afresh on resume
 * (today's date, the folder listing), so it is not read from the file (export gives the stored one, when the file
 * holds one it can read; seed 98: none readable, the CLI sent a fresh one; seeds sent after midnight UTC: another date).
 */
function withoutContext(contents) {
  const out = structuredClone(contents ?? []);
  const first = out[0];
  if (first?.role === 'user' && /^\s*<session_context>/.test(first.parts[0]?.text ?? '')) {
    first.parts.shift();
    if (first.parts.length === 0) out.shift();
  }
  return out;
}

/** Deep equality with key order ignored. */
const same = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
const sortKeys = (v) =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys(v[k])]),
        )
      : v;

async function judge([name, body]) {
  const dir = path.join(OUT, name.replace(/[^a-z0-9]+/gi, '-'));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'session-2026-12-07T06-57-d90bfb6e.jsonl');
  writeFileSync(file, body);
  const results = (f) => JSON.parse(cli('--format', 'json', f).stdout || '{}').results ?? [];
  const diags = results(file)
    .flatMap((r) => r.diagnostics)
    .filter((d) => d.severity === 'error');
  const exported = JSON.parse(cli('export', file).stdout || '{}');
  const before = resume(file, path.join(dir, 'resume'));
  // A file with nothing to resume is no session to the CLI: not resuming it loses nothing.
  if (before.verdict.startsWith('not resumed') && !hasResumable(body)) before.verdict = NOTHING;
  const lostOnResume = before.verdict === 'ok' ? historyLost(body, before.ids, before.contents) : '';
  if (lostOnResume) before.verdict = `ok, but ${lostOnResume}`;
  const fixedDir = path.join(dir, 'fixed');
  rmSync(fixedDir, { recursive: true, force: true });
  mkdirSync(fixedDir, { recursive: true });
  const fixed = path.join(fixedDir, path.basename(file));
  writeFileSync(fixed, body);
  // Another session's lines go to a file of their own first, as the Qwen harness does.
  if (diags.some((d) => d.ruleId === 'gemini/single-session')) cli('split', fixed);
  // The fixed file and the files `split` wrote beside it: each is resumed on its own, and a call the damaged file
  // sent may be in any of them.
  const parts = [
    fixed,
    ...readdirSync(fixedDir)
      .filter((f) => /^session-.*\.jsonl$/.test(f) && f !== path.basename(fixed))
      .map((f) => path.join(fixedDir, f)),
  ];
  let left = 0;
  const sentAfter = new Set();
  const verdicts = [];
  for (const [i, part] of parts.entries()) {
    cli('--fix', '--unsafe-fixes', part);
    left += results(part)
      .flatMap((r) => r.diagnostics)
      .filter((d) => d.severity === 'error').length;
    const after = resume(part, path.join(dir, i === 0 ? 'resume-fixed' : `resume-fixed-${i}`));
    for (const id of after.ids) sentAfter.add(id);
    if (!(after.verdict.startsWith('not resumed') && !hasResumable(readFileSync(part)))) verdicts.push(after.verdict);
  }
  const after = { verdict: verdicts.length === 0 ? NOTHING : (verdicts.find((v) => v !== 'ok') ?? 'ok') };
  const lost = [...before.ids].filter((id) => !sentAfter.has(id));
  const row = {
    name,
    cli: before.verdict,
    lint: [...new Set(diags.map((d) => d.ruleId))].join(' ') || '—',
    export:
      before.contents && !before.verdict.startsWith('not resumed') && before.verdict !== NOTHING
        ? same(withoutContext(exported.contents), withoutContext(before.contents))
          ? 'equal'
          : 'DIFFERS'
        : 'n/a',
    fixed: after.verdict,
    errorsLeft: left,
    callsLost: lost.length,
  };
  console.log(JSON.stringify(row));
  return row;
}

execFileSync('test', ['-x', '/tmp/gemini/node_modules/.bin/gemini']);
mkdirSync(OUT, { recursive: true });
const all = Object.entries({ ...cases(), ...seeded() }).filter(([n]) => ONLY.length === 0 || ONLY.includes(n));
const rows = await pool(all, JOBS, judge);
const table = [
  '| case | CLI on the damaged file (strict) | lint errors | export = sent | fixed file (strict) | errors left | calls lost |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) => `| ${r.name} | ${r.cli} | ${r.lint} | ${r.export} | ${r.fixed} | ${r.errorsLeft} | ${r.callsLost} |`,
  ),
].join('\n');
// Totals: a case the CLI mishandles (rejected, or no request) reported with an error; export equal to what was
// sent; the fixed copy accepted with no error left and no call lost.
// Cases with nothing to resume (no resumable message readable in the file) are listed, not scored.
const scored = rows.filter((r) => r.cli !== NOTHING);
const mishandled = scored.filter((r) => r.cli !== 'ok');
const fixScored = rows.filter((r) => r.fixed !== NOTHING);
const totals = [
  `detected: ${mishandled.filter((r) => r.lint !== '—').length}/${mishandled.length}`,
  `errors where the CLI was fine: ${scored.filter((r) => r.cli === 'ok' && r.lint !== '—').length}/${scored.length - mishandled.length}`,
  `export = sent: ${rows.filter((r) => r.export === 'equal').length}/${rows.filter((r) => r.export !== 'n/a').length}`,
  `fix resumes clean, nothing lost: ${fixScored.filter((r) => r.fixed === 'ok' && r.errorsLeft === 0 && r.callsLost === 0).length}/${fixScored.length}`,
  `nothing to resume (not scored): ${rows.length - scored.length} damaged, ${rows.length - fixScored.length} fixed`,
].join('\n');
writeFileSync(path.join(OUT, 'REPORT.md'), `${table}\n\n${totals}\n`);
console.log(totals);
console.log(table);
