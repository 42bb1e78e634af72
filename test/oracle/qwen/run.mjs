#!/usr/bin/env node
// The Qwen Code oracle of the qwen-code format (not part of npm test; needs ../shared/oracle/qwen with Qwen Code 0.24.4
// installed by its install-qwen.sh, and root for `unshare -n`). Build first (`npm run build`). For every case (the
// recordings of fixtures/sessions/qwen, the damage classes below cut from them, and with --seeds the compound damage
// of ../differential/damage.mjs), it:
//   1. lints the file (what we report) and exports it (what we say Qwen sends);
//   2. resumes it with the real CLI under MOCK_STRICT=1 (oracle/qwen/resume.sh): rc, requests rejected, the first
//      request's messages (system message, new prompt and <system-reminder> parts left out, as export leaves them);
//   3. runs `split` (when lint reports qwen/single-session) and `--fix --unsafe-fixes` on a copy, lints it again, and
//      resumes the fixed copy under MOCK_STRICT=1.
// A case is "mishandled" by Qwen when resume fails, a request is rejected, a line holding a conversation record cannot
// be read, a call or a user or assistant text readable in the file is not sent (or a text is sent more often than the
// file holds it), a made-up result is sent, or the first prompt is not sent. Judged: lint reports every mishandled case and nothing on
// the recordings; export equals what Qwen sent; the fixed copy lints without error, resumes with rc 0 and nothing
// rejected, sends no made-up result it did not need and keeps every call that the damaged file still held.
// Writes OUT/RESULTS.md (the table) and OUT/results.json.
//
//   node test/oracle/qwen/run.mjs [--out DIR] [--jobs N] [--seeds A..B] [--timeout S] [case...]
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { damage } from '../differential/damage.mjs';
import { pool } from '../pool.mjs';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  return args.splice(i, 2)[1];
};
const OUT = path.resolve(option('--out', '/tmp/qwen-oracle'));
const JOBS = Math.min(2, Number(option('--jobs', '2')));
const SEEDS = option('--seeds', '');
const TIMEOUT = Number(option('--timeout', '200'));
const ORACLE = process.env.ORACLE ?? path.resolve(repo, '..', 'shared', 'oracle', 'qwen');
const BIN = path.join(repo, 'bin', 'transcript-lint.js');
const RECORDINGS = path.join(repo, 'fixtures', 'sessions', 'qwen');
const MADE_UP = 'Tool execution result was not recorded';
/** The prompt oracle/qwen/resume.sh resumes with. */
const PROMPT = 'continue';

const read = (f) => readFileSync(f);
const lines = (buf) =>
  buf
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0);
const parse = (l) => {
  try {
    return JSON.parse(l);
  } catch {
    return undefined;
  }
};
const join = (ls) => Buffer.from(`${ls.join('\n')}\n`);

/** The damage classes, each cut from a recording's lines. */
function classes() {
  const base = (name) => lines(read(path.join(RECORDINGS, name, 'session.jsonl')));
  const at = (ls, type, n = 0) => ls.map((l, i) => [parse(l)?.type, i]).filter(([t]) => t === type)[n][1];
  const relinked = (ls, drop) => {
    const gone = parse(ls[drop]);
    const child = { ...parse(ls[drop + 1]), parentUuid: gone.parentUuid };
    return [...ls.slice(0, drop), JSON.stringify(child), ...ls.slice(drop + 2)];
  };
  const one = base('one-tool');
  const two = base('two-rounds');
  const par = base('parallel');
  const mb = (() => {
    const last = parse(one.at(-1));
    last.message.parts[0].text += ' \u2713 ok';
    const b = Buffer.from(JSON.stringify(last));
    const k = b.indexOf(Buffer.from('\u2713'));
    return Buffer.concat([join(one.slice(0, -1)), b.subarray(0, k + 2), b.subarray(k + 3), Buffer.from('\n')]);
  })();
  const r = at(two, 'tool_result');
  return {
    'drop-result': join([...two.slice(0, r), ...two.slice(r + 1)]),
    'drop-result-relinked': join(relinked(two, r)),
    'torn-result-mid': join([...two.slice(0, r), two[r].slice(0, 120), ...two.slice(r + 1)]),
    'crash-after-call': join(two.slice(0, at(two, 'assistant') + 1)),
    'torn-last-line': Buffer.from(`${one.slice(0, -1).join('\n')}\n${one.at(-1).slice(0, 200)}`),
    'parallel-one-result-lost': join(relinked(par, at(par, 'tool_result', 1))),
    'call-record-lost': join(relinked(two, at(two, 'assistant'))),
    'nul-padding': Buffer.concat([join(one.slice(0, 5)), Buffer.alloc(64), join(one.slice(5))]),
    'two-records-one-line': join([...one.slice(0, 5), one[5] + one[6], ...one.slice(7)]),
    'torn-multibyte': mb,
    'restored-backup': join([...one, ...one]),
    'two-sessions': join([...one, ...par]),
  };
}

/** The recordings: the folders of RECORDINGS (its README.md is not one). */
const recordings = () =>
  readdirSync(RECORDINGS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

function cases() {
  const out = [];
  for (const name of recordings())
    out.push({ name: `clean-${name}`, clean: true, bytes: read(path.join(RECORDINGS, name, 'session.jsonl')) });
  for (const [name, bytes] of Object.entries(classes())) out.push({ name, bytes });
  if (SEEDS) {
    const [a, b] = SEEDS.split('..').map(Number);
    const bases = recordings();
    for (let seed = a; seed <= (b ?? a); seed++) {
      const baseName = bases[seed % bases.length];
      const other = bases[(seed + 1) % bases.length];
      const d = damage(read(path.join(RECORDINGS, baseName, 'session.jsonl')), seed, {
        others: [read(path.join(RECORDINGS, other, 'session.jsonl'))],
      });
      if (d) out.push({ name: `seed-${seed}`, bytes: d.bytes, steps: `${baseName}: ${d.steps.join('; ')}` });
    }
  }
  return args.length > 0 ? out.filter((c) => args.includes(c.name)) : out;
}

const tl = (...argv) => spawnSync(process.execPath, [BIN, ...argv], { encoding: 'utf8' });

function lintOf(file) {
  const r = tl('-f', 'json', file);
  const diags = JSON.parse(r.stdout).results.flatMap((x) => x.diagnostics);
  const errors = diags.filter((d) => d.severity === 'error');
  return {
    errors: errors.length,
    warnings: diags.length - errors.length,
    rules: [...new Set(diags.map((d) => d.ruleId))].sort(),
  };
}

function exportOf(file) {
  const r = tl('export', file);
  return r.status === 0 ? JSON.parse(r.stdout) : { error: r.stderr.trim() };
}

/** Resumes the file with the real CLI, strict; the first agent request's messages as export gives them. */
async function resume(file, out) {
  rmSync(out, { recursive: true, force: true });
  await new Promise((done) => {
    const child = spawn('timeout', [String(TIMEOUT + 30), path.join(ORACLE, 'resume.sh'), file, out], {
      env: { ...process.env, MOCK_STRICT: '1', QWEN_TIMEOUT: String(TIMEOUT) },
      stdio: 'ignore',
    });
    child.on('close', done);
  });
  const rc = existsSync(path.join(out, 'qwen.rc')) ? Number(read(path.join(out, 'qwen.rc')).toString().trim()) : -1;
  const log = existsSync(path.join(out, 'requests.jsonl')) ? lines(read(path.join(out, 'requests.jsonl'))) : [];
  const entries = log.map(parse).filter(Boolean);
  const rejected = entries.filter((e) => e.strict_reject).length;
  const first = entries.find((e) => e.body?.messages && e.body?.tools);
  const messages = first ? sentHistory(first.body.messages) : undefined;
  const err = existsSync(path.join(out, 'qwen.err')) ? read(path.join(out, 'qwen.err')).toString() : '';
  const fatal = /An unexpected critical error occurred:\s*\n?(.*)/.exec(err)?.[1]?.trim();
  return { rc, rejected, messages, fatal };
}

/**
 * A request's messages as the file gives them: no system message, no new prompt, no <system-reminder> parts. The new
 * prompt is the last user message's final "continue" part (with its date reminder); a history that ends with a user
 * message is sent merged with it into one message (seen with Qwen 0.24.4), so only that part goes.
 */
function sentHistory(messages) {
  const out = [];
  for (const m of messages.slice(1)) {
    if (m.role !== 'user' || !Array.isArray(m.content)) {
      out.push(m);
      continue;
    }
    const content = m.content.filter((p) => !(p.type === 'text' && p.text?.startsWith('<system-reminder>')));
    // A user message of reminders only is Qwen's own, made when the history it resumes starts with no user message.
    if (content.length > 0) out.push({ ...m, content });
  }
  const last = out.at(-1);
  if (last?.role === 'user' && Array.isArray(last.content) && last.content.at(-1)?.text === PROMPT) {
    const content = last.content.slice(0, -1);
    if (content.length > 0) out[out.length - 1] = { ...last, content };
    else out.pop();
  }
  return out;
}

const callIds = (messages) => new Set((messages ?? []).flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
const madeUp = (messages) =>
  (messages ?? []).some((m) => m.role === 'tool' && JSON.stringify(m.content).includes(MADE_UP));

/** The call ids in records of the file Qwen can read (whole lines, or objects recovered from a line). */
function readableCalls(bytes) {
  const ids = new Set();
  for (const l of lines(bytes)) {
    const text = l.replace(/\u0000/g, '');
    for (const m of text.matchAll(/"functionCall":\{"id":"([^"]+)"/g))
      if (parse(text) || text.includes('}{')) ids.add(m[1]);
  }
  return ids;
}

const firstPrompt = (bytes) => {
  const first = lines(bytes)
    .map(parse)
    .find((r) => r?.type === 'user');
  return first?.message?.parts?.find((p) => typeof p.text === 'string')?.text;
};
const sendsPrompt = (messages, prompt) =>
  prompt === undefined || JSON.stringify(messages ?? []).includes(JSON.stringify(prompt).slice(1, -1));

/**
 * The records on lines Qwen cannot read that were conversation records (user, assistant or tool_result, or a record
 * torn before its type): Qwen skips them, and what they held is not sent. A line's first record is judged by its own
 * type, not by one of a record written inside it (generated Qwen seed 69: an assistant record cut in two by another
 * session's telemetry record); whole records of the session written after a cut one on the same line are lost with it (seed 94: a
 * telemetry record cut, the last assistant record glued to it; Qwen sent neither, "It printed hi." was lost). Lines
 * whose records Qwen reads in pieces (records run together, NUL bytes beside them) and system records (telemetry)
 * are not counted.
 */
function unreadableRecords(bytes) {
  let n = 0;
  const all = lines(bytes);
  const sid = all.map((l) => parse(l.replace(/^\u0000+/, ''))?.sessionId).find(Boolean);
  // A record Qwen reads whole on another line is not lost.
  const read = new Set(all.map((l) => parse(l.replace(/\u0000/g, '').trim())?.uuid).filter(Boolean));
  for (const [i, l] of all.entries()) {
    const text = l.replace(/\u0000/g, '').trim();
    if (text === '' || parse(text) || text.includes('}{')) continue;
    if (!text.startsWith('{"uuid"')) continue;
    const [head, ...rest] = text.split(/(?=\{"uuid":)/);
    // The first record's type: on its line, or (cut before it, another record written inside) on the next line,
    // which holds its rest.
    const next = all[i + 1]?.replace(/\u0000/g, '').trim() ?? '';
    const own =
      /"type":"(\w+)"/.exec(head)?.[1] ?? (next.startsWith('{') ? undefined : /"type":"(\w+)"/.exec(next)?.[1]);
    if (own !== 'system' && !read.has(/^\{"uuid":"([^"]*)"/.exec(head)?.[1])) n++;
    for (const piece of rest) {
      const r = parse(piece);
      if (r && r.type !== 'system' && r.sessionId === sid && !read.has(r.uuid)) n++;
    }
  }
  return n;
}

/** The text parts of the user and assistant records Qwen reads, one per uuid (the later line wins). */
function readableTexts(bytes) {
  const byUuid = new Map();
  for (const l of lines(bytes)) {
    const r = parse(l.replace(/^\u0000+/, ''));
    if (!r || (r.type !== 'user' && r.type !== 'assistant') || !Array.isArray(r.message?.parts)) continue;
    byUuid.set(
      r.uuid,
      r.message.parts.filter((p) => typeof p?.text === 'string' && p.text.trim() && !p.thought),
    );
  }
  return [...byUuid.values()].flat().map((p) => p.text);
}

/** How many times a text is sent, as a whole string or a whole content part. */
function timesSent(messages, text) {
  let n = 0;
  for (const m of messages ?? []) {
    if (typeof m.content === 'string') n += m.content === text ? 1 : 0;
    else if (Array.isArray(m.content)) n += m.content.filter((p) => p?.text === text).length;
  }
  return n;
}

function mishandled(res, bytes) {
  const why = [];
  if (res.rc !== 0) why.push(res.fatal ? `fails: ${res.fatal.slice(0, 60)}` : `rc ${res.rc}`);
  if (res.rejected) why.push(`${res.rejected} rejected`);
  const unreadable = unreadableRecords(bytes);
  if (unreadable) why.push(`${unreadable} record(s) unreadable`);
  if (res.messages) {
    const sent = callIds(res.messages);
    const lost = [...readableCalls(bytes)].filter((id) => !sent.has(id));
    if (lost.length) why.push(`${lost.length} call(s) not sent`);
    // Texts of records Qwen can read that it leaves out, or sends more often than the file holds them.
    const texts = readableTexts(bytes);
    const count = (t) => texts.filter((x) => x === t).length;
    const unsent = new Set(texts.filter((t) => timesSent(res.messages, t) === 0));
    const twice = new Set(texts.filter((t) => timesSent(res.messages, t) > count(t)));
    if (unsent.size) why.push(`${unsent.size} text(s) not sent`);
    if (twice.size) why.push(`${twice.size} text(s) sent twice`);
    if (madeUp(res.messages)) why.push('made-up result');
    if (!sendsPrompt(res.messages, firstPrompt(bytes))) why.push('first prompt lost');
  }
  return why;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

async function runCase(c) {
  const dir = path.join(OUT, c.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sid =
    lines(c.bytes)
      .map((l) => parse(l.replace(/^\u0000+/, ''))?.sessionId)
      .find(Boolean) ?? 'session';
  const damaged = path.join(dir, `${sid}.jsonl`);
  writeFileSync(damaged, c.bytes);
  const lint = lintOf(damaged);
  const exp = exportOf(damaged);
  const before = await resume(damaged, path.join(dir, 'resume-damaged'));
  const why = mishandled(before, c.bytes);
  // The fixed copy: split off other sessions first, then every fix.
  const fixedDir = path.join(dir, 'fixed');
  mkdirSync(fixedDir, { recursive: true });
  const fixed = path.join(fixedDir, `${sid}.jsonl`);
  copyFileSync(damaged, fixed);
  if (lint.rules.includes('qwen/single-session')) tl('split', fixed);
  tl('--fix', '--unsafe-fixes', fixed);
  const lintFixed = lintOf(fixed);
  const after = await resume(fixed, path.join(dir, 'resume-fixed'));
  const fixedBytes = read(fixed);
  const keptCalls = [...readableCalls(c.bytes)].filter((id) => readableCalls(fixedBytes).has(id));
  const sentAfter = callIds(after.messages);
  const result = {
    name: c.name,
    steps: c.steps,
    clean: !!c.clean,
    lint,
    mishandled: why,
    exportMatches: exp.refused ? before.rc !== 0 : same(exp.messages, before.messages),
    fixed: {
      lint: lintFixed,
      rc: after.rc,
      rejected: after.rejected,
      exportMatches: same(exportOf(fixed).messages, after.messages),
      madeUp: madeUp(after.messages) && !madeUp(before.messages) && !why.includes('made-up result'),
      lostCalls: keptCalls.filter((id) => !sentAfter.has(id)).length,
    },
  };
  const reported = lint.errors + lint.warnings > 0;
  result.verdict = {
    lint: c.clean ? !reported : why.length === 0 || reported,
    export: result.exportMatches,
    fix:
      result.fixed.lint.errors === 0 &&
      result.fixed.rc === 0 &&
      result.fixed.rejected === 0 &&
      result.fixed.exportMatches &&
      result.fixed.lostCalls === 0,
  };
  process.stderr.write(`${c.name}: ${JSON.stringify(result.verdict)}\n`);
  return result;
}

function render(results) {
  const yes = (b) => (b ? 'yes' : '**no**');
  const rows = results.map((r) =>
    [
      r.name + (r.steps ? ` (${r.steps})` : ''),
      r.mishandled.join(', ') || 'ok',
      r.lint.errors + r.lint.warnings === 0
        ? 'clean'
        : `${r.lint.errors}E ${r.lint.warnings}W ${r.lint.rules.join(' ')}`,
      yes(r.verdict.lint),
      yes(r.verdict.export),
      `${r.fixed.lint.errors}E ${r.fixed.lint.warnings}W`,
      `rc ${r.fixed.rc}, ${r.fixed.rejected} rejected`,
      yes(r.fixed.exportMatches),
      String(r.fixed.lostCalls),
      yes(r.verdict.fix),
    ].join(' | '),
  );
  const count = (k) => results.filter((r) => r.verdict[k]).length;
  const bad = results.filter((r) => r.mishandled.length > 0);
  const fine = results.filter((r) => r.mishandled.length === 0);
  return [
    '# Qwen Code 0.24.4 oracle (test/oracle/qwen/run.mjs)',
    '',
    `${results.length} cases: lint right ${count('lint')}, export = sent ${count('export')}, fix resumes clean with no call lost ${count('fix')}.`,
    `Mishandled by Qwen and reported: ${bad.filter((r) => r.lint.errors + r.lint.warnings > 0).length}/${bad.length}; no error where Qwen was fine: ${fine.filter((r) => r.lint.errors === 0).length}/${fine.length}.`,
    '',
    '| case | Qwen on resume (strict) | lint | lint right | export = sent | fixed: lint | fixed: resume | fixed: export = sent | calls lost | fix ok |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
    '',
  ].join('\n');
}

mkdirSync(OUT, { recursive: true });
const results = await pool(cases(), JOBS, async (c) => runCase(c));
writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 2));
writeFileSync(path.join(OUT, 'RESULTS.md'), render(results));
process.stdout.write(render(results));
