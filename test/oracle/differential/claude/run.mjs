// The differential harness for Claude Code (issue 35): seeded compound damage of sessions the real CLI recorded,
// resumed by the real Claude Code 2.1.332 under the strict stand-in, against our lint, export and fix.
// Not part of `npm test` (it needs ../shared/oracle and root for `unshare -n`). Build first: `npm run build`.
//
// usage: node test/oracle/differential/claude/run.mjs [--seeds A..B] [--jobs N] [--out DIR] [--timeout S]
//                                                     [--ops a,b] [--steps K] [--case SEED] [--list A,B]
//   --seeds    seeds to run (default 1..50); the same seed always gives the same damaged bytes
//   --jobs     cases run at once (default 2)
//   --out      work folder (default /tmp/claude-diff); Claude Code runs are cached in OUT/cc/<digest>, keyed by the
//              bytes resumed, so a rerun after a code change only re-runs our side
//   --timeout  seconds allowed to each process of a case (default 240)
//   --case, --list  run only these seeds (--case once per seed, --list comma-separated)
// Writes OUT/cases/<seed>/ (<sessionId>.jsonl: the damaged file; fix/: the repaired copy; steps, our outputs, verdict.json) and OUT/REPORT.md, and prints the report.
//
// For each seed: a baseline (a recorded session, or one with a recorded continuation appended), damaged by
// ../damage.mjs plus the operators in ops.mjs. The reference ("what the original would send"): the items of Claude
// Code's request for the longest run of whole lines the damaged file shares with the baseline's start, and the items
// of its request for the whole baseline that lines surviving intact in the damaged file still hold. A case is MISHANDLED when
// Claude Code fails, is rejected, sends nothing, leaves out an item of the reference (a tool call, a user text or an
// assistant text), or sends one the baseline does not hold (another conversation). A case with an empty reference
// (nothing to resume) is skipped.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { damage, lineRanges } from '../damage.mjs';
import { pool } from '../../pool.mjs';
import { recordTails, terminalOps } from './ops.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..', '..');
const oracle = path.resolve(repo, '..', 'shared', 'oracle');
const corpus = path.resolve(repo, '..', 'shared', 'corpus', 'claude-code-2.1.332');
const recordings = path.join(repo, 'fixtures', 'sessions', 'claude-code', 'recorded', 'recordings');
const cli = path.join(repo, 'bin', 'transcript-lint.js');

function parseArgs(argv) {
  const a = { seeds: [1, 50], jobs: 2, out: '/tmp/claude-diff', timeout: 240, ops: undefined, steps: 3, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const f = argv[i];
    const v = argv[++i];
    if (f === '--seeds') a.seeds = v.split('..').map(Number);
    else if (f === '--jobs') a.jobs = Number(v);
    else if (f === '--out') a.out = path.resolve(v);
    else if (f === '--timeout') a.timeout = Number(v);
    else if (f === '--ops') a.ops = v.split(',');
    else if (f === '--steps') a.steps = Number(v);
    else if (f === '--case') a.only.push(Number(v));
    else if (f === '--list') a.only.push(...v.split(',').map(Number));
    else throw new Error(`unknown flag ${f}`);
  }
  if (a.seeds.length === 1) a.seeds.push(a.seeds[0]);
  return a;
}

const args = parseArgs(process.argv.slice(2));
const sha = (b) => createHash('sha256').update(b).digest('hex').slice(0, 24);

/** Runs a command; resolves { code, stdout, stderr } (code 124 on timeout). */
function run(cmd, argv, { env, timeout = args.timeout, cwd } = {}) {
  return new Promise((resolve) => {
    execFile(
      cmd,
      argv,
      { env: { ...process.env, ...env }, timeout: timeout * 1000, maxBuffer: 1 << 28, cwd, killSignal: 'SIGKILL' },
      (err, stdout, stderr) =>
        resolve({
          code: err ? (err.killed ? 124 : (err.code ?? 1)) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

// ---- baselines --------------------------------------------------------------------------------------------------

function firstSid(buf) {
  const m = /"sessionId": *"([0-9a-f-]{36})"/.exec(buf.toString('utf8'));
  return m?.[1];
}

function baselines() {
  const out = [];
  for (const f of readdirSync(corpus)
    .filter((x) => x.endsWith('.jsonl'))
    .sort()) {
    const bytes = readFileSync(path.join(corpus, f));
    out.push({ name: `corpus/${f.replace(/\.jsonl$/, '')}`, bytes, sid: firstSid(bytes) });
  }
  for (const d of readdirSync(recordings).sort()) {
    const bytes = readFileSync(path.join(recordings, d, 'session.jsonl'));
    out.push({ name: `rec/${d}`, bytes, sid: readFileSync(path.join(recordings, d, 'SID'), 'utf8').trim() });
  }
  return out;
}

// ---- Claude Code runs, cached by the bytes resumed -------------------------------------------------------------------

const ccDir = path.join(args.out, 'cc');
const inflight = new Map();

/** MOCK_STRICT=1 resume.sh on these bytes (as session `sid`); returns the run folder. Cached by digest. */
function resume(bytes, sid) {
  const key = `${sha(bytes)}-${sid.slice(0, 8)}`;
  const dir = path.join(ccDir, key);
  if (existsSync(path.join(dir, 'claude.rc'))) return Promise.resolve(dir);
  if (inflight.has(key)) return inflight.get(key);
  const p = (async () => {
    mkdirSync(dir, { recursive: true });
    const input = path.join(dir, 'input.jsonl');
    writeFileSync(input, bytes);
    const r = await run(path.join(oracle, 'resume.sh'), [input, dir], { env: { SID: sid, MOCK_STRICT: '1' } });
    rmSync(path.join(dir, 'home'), { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'claude.rc'))) writeFileSync(path.join(dir, 'claude.rc'), `${r.code}\n`);
    return dir;
  })();
  inflight.set(key, p);
  return p;
}

/** What a run sent: rc, /v1/messages requests (count_tokens left out), rejections, the first request's messages. */
function ccResult(dir) {
  const rc = readFileSync(path.join(dir, 'claude.rc'), 'utf8').trim();
  const lines = existsSync(path.join(dir, 'requests.jsonl'))
    ? readFileSync(path.join(dir, 'requests.jsonl'), 'utf8').split('\n').filter(Boolean)
    : [];
  const recs = lines.flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
  const requests = recs.filter((x) => Array.isArray(x.body?.messages) && !String(x.url).includes('count_tokens'));
  const rejects = recs.filter((x) => x.strict_reject !== undefined).map((x) => String(x.strict_reject));
  const err = existsSync(path.join(dir, 'claude.err')) ? readFileSync(path.join(dir, 'claude.err'), 'utf8') : '';
  const out = existsSync(path.join(dir, 'claude.out')) ? readFileSync(path.join(dir, 'claude.out'), 'utf8') : '';
  let error = err.trim().split('\n')[0] || undefined;
  try {
    const j = JSON.parse(out);
    if (j.is_error) error = String(j.result).slice(0, 200);
  } catch {}
  const noConversation = /No conversation found with session ID/.test(err);
  return { rc, requests: requests.length, rejects, messages: requests[0]?.body.messages, error, noConversation };
}

const PROMPT = 'continue';
const NRR = 'No response requested.';

/**
 * The items a request carries: tool_use ids, user texts (not system reminders) and assistant texts (not Claude Code's
 * "No response requested."), so that a resume which drops only answers is a loss too. The resume prompt "continue" is
 * the request's last one; the recorded continuations' own "continue" prompts before it are items `text:continue#k`
 * (the k-th one sent), so that a resume which leaves out a stored prompt is a loss too (differential seed 106).
 */
function items(messages) {
  const out = new Set();
  let prompts = 0;
  for (const m of messages ?? []) {
    if (m.role === 'system') continue;
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    for (const b of blocks ?? []) {
      if (b?.type === 'tool_use') out.add(`call:${b.id}`);
      else if (b?.type === 'text') {
        const t = String(b.text).trim();
        if (!t || t === NRR) continue;
        if (m.role === 'assistant') out.add(`said:${t.slice(0, 200)}`);
        else if (t === PROMPT) prompts++;
        else if (!t.startsWith('<system-reminder>')) out.add(`text:${t.slice(0, 200)}`);
      }
    }
  }
  for (let k = 1; k < prompts; k++) out.add(`text:${PROMPT}#${k}`);
  return out;
}

/** How many times `text` (JSONL) stores the prompt "continue" as a user entry's content. */
const storedPrompts = (text) => text.split(`"content":${JSON.stringify(PROMPT)}`).length - 1;

/**
 * Whether `text` (JSONL) holds the item: a call as a tool_use block's `"id"` (a result's `"tool_use_id"` does not
 * hold the call: its line may be gone), a stored "continue" prompt by count, a text as JSON string content (the
 * first 120 characters).
 */
const holds = (text, it) => {
  const value = it.slice(it.indexOf(':') + 1);
  if (it.startsWith('call:')) return text.includes(`"id":${JSON.stringify(value)}`);
  if (value.startsWith(`${PROMPT}#`)) return storedPrompts(text) >= Number(value.slice(PROMPT.length + 1));
  return text.includes(JSON.stringify(value).slice(1, -1).slice(0, 120));
};

/** Items of `sent` that the baseline's bytes do not hold (another conversation's). */
function foreign(sent, base) {
  const text = base.toString('utf8');
  return [...sent].filter((it) => !holds(text, it));
}

/** Whether a line is a conversation entry (has a uuid): not a queue-operation, api-request-blob or other metadata. */
function isEntry(line) {
  try {
    return typeof JSON.parse(line).uuid === 'string';
  } catch {
    return false;
  }
}

/** The text of the damaged file's conversation entries that are byte for byte lines of the original. */
function intactText(bytes, original) {
  const known = new Set(lineRanges(original).map(([s, e]) => original.subarray(s, e).toString('latin1')));
  return lineRanges(bytes)
    .map(([s, e]) => bytes.subarray(s, e))
    .filter((l) => l[l.length - 1] === 10 && known.has(l.toString('latin1')))
    .map((l) => l.toString('utf8'))
    .filter(isEntry)
    .join('');
}

/** The longest run of whole lines that `bytes` shares with the start of `base`. */
function sharedPrefix(bytes, base) {
  let end = 0;
  for (const [s, e] of lineRanges(base)) {
    if (e > bytes.length || base[e - 1] !== 10 || Buffer.compare(base.subarray(s, e), bytes.subarray(s, e)) !== 0)
      break;
    end = e;
  }
  return base.subarray(0, end);
}

/**
 * The reference: Claude Code's request for the shared prefix. When the prefix itself does not resume (it ends inside
 * a write that was cut, e.g. between a compaction's two lines), up to 5 lines are stepped back.
 */
async function reference(prefix, sid) {
  let bytes = prefix;
  for (let back = 0; back <= 5 && bytes.length; back++) {
    const r = ccResult(await resume(bytes, sid));
    if (r.rc === '0' && !r.rejects.length && r.requests) return { lines: lineRanges(bytes).length, ...r };
    const lines = lineRanges(bytes);
    bytes = bytes.subarray(0, lines.length > 1 ? lines[lines.length - 2][1] : 0);
  }
  return { lines: 0, rc: '0', requests: 0, rejects: [], messages: [] };
}

// ---- our side -----------------------------------------------------------------------------------------------------

const tl = (argv) => run(process.execPath, [cli, ...(argv[0] === 'export' ? [] : ['--no-config']), ...argv]);
const jsonOr = (s) => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

async function ours(w, file) {
  const lint = jsonOr((await tl(['-f', 'json', file])).stdout);
  const diags = lint?.results?.[0]?.diagnostics ?? [];
  const exp = await tl(['export', file]);
  writeFileSync(path.join(w, 'export.json'), exp.stdout);
  return {
    lintOk: !!lint,
    errors: diags.filter((d) => d.severity === 'error').map((d) => `${d.ruleId}@${d.line}`),
    warnings: diags.filter((d) => d.severity !== 'error').map((d) => `${d.ruleId}@${d.line}`),
    exportCode: exp.code,
  };
}

async function compare(runDir, exportFile) {
  const r = await run('python3', [path.join(here, 'compare.py'), runDir, exportFile]);
  return jsonOr(r.stdout) ?? { level: 'DIFF', error: r.stderr.slice(-300) };
}

// ---- one case -------------------------------------------------------------------------------------------------------

async function runCase(seed, bases, tails) {
  const base = bases[seed % bases.length];
  const tailSet = tails.get(base.name);
  // every other seed starts from the baseline with one recorded continuation appended (a resumed session)
  const original = tailSet && Math.floor(seed / bases.length) % 2 ? Buffer.concat([base.bytes, tailSet.A]) : base.bytes;
  const others = bases
    .filter((b) => b.name !== base.name && b.name.replace(/^\w+\//, '') !== base.name.replace(/^\w+\//, ''))
    .map((b) => b.bytes);
  const dmg = damage(original, seed, {
    others,
    ops: args.ops,
    // two terminals resume the recorded baseline itself, not one already continued
    extraOps: original === base.bytes ? terminalOps(base.bytes, tailSet) : {},
    maxSteps: args.steps,
  });
  if (!dmg) return { seed, skipped: true };
  const w = path.join(args.out, 'cases', String(seed));
  rmSync(w, { recursive: true, force: true });
  mkdirSync(w, { recursive: true });
  // named <sessionId>.jsonl, as Claude Code names it (the name says which session the file is)
  const file = path.join(w, `${base.sid}.jsonl`);
  writeFileSync(file, dmg.bytes);
  const baseName = `${base.name}${original === base.bytes ? '' : '+continued'}`;
  writeFileSync(path.join(w, 'steps.json'), `${JSON.stringify({ seed, base: baseName, steps: dmg.steps })}\n`);

  // Expected: what the undamaged prefix sends, and what the original sends from lines that survived intact.
  // A compaction of the original that survives after the prefix still applies: then the prefix's items count only
  // where the whole original sends them too (the compaction's summary replaces the rest).
  const prefix = sharedPrefix(dmg.bytes, original);
  const ref = await reference(prefix, base.sid);
  const whole = ccResult(await resume(original, base.sid));
  const wholeItems = items(whole.messages);
  const intact = intactText(dmg.bytes, original);
  const compactedLater = intactText(dmg.bytes.subarray(prefix.length), original).includes(
    '"subtype":"compact_boundary"',
  );
  const refItems = new Set([
    ...[...items(ref.messages)].filter((it) => !compactedLater || wholeItems.has(it)),
    ...[...wholeItems].filter((it) => holds(intact, it)),
  ]);
  const ccDamaged = await resume(dmg.bytes, base.sid);
  const cc = ccResult(ccDamaged);
  const sent = items(cc.messages);
  const lost = [...refItems].filter((x) => !sent.has(x));
  // this session's own lines: the baseline and its three recorded continuations
  const own = Buffer.concat([base.bytes, ...(tailSet ? [tailSet.A, tailSet.B, tailSet.C] : [])]);
  const alien = foreign(sent, own);
  // Nothing to resume: no prefix of the original resumes and no item of it survives, and Claude Code sends no other
  // conversation either. There is nothing to lose or keep, so the case is not scored.
  if (!ref.requests && !refItems.size && !alien.length)
    return { seed, skipped: `nothing to resume (${baseName}; ${dmg.steps.join('; ')})` };
  const why = [];
  if (cc.rc !== '0') why.push(`rc=${cc.rc}${cc.error ? ` (${cc.error.slice(0, 80)})` : ''}`);
  if (!cc.requests) why.push('no request');
  if (cc.rejects.length) why.push(`rejected: ${cc.rejects[0].slice(0, 80)}`);
  if (lost.length) why.push(`lost ${lost.length} of ${refItems.size}`);
  if (alien.length) why.push(`other conversation: ${alien.length} items`);
  const mishandled = why.length > 0;

  const our = await ours(w, file);
  const exportCmp = await compare(ccDamaged, path.join(w, 'export.json'));

  // The repair: `split` when single-session reports another session (the file keeps its own; the other moves to
  // fix/<its id>.jsonl), then --fix --unsafe-fixes, then again (must change nothing); resume the fixed copy.
  mkdirSync(path.join(w, 'fix'));
  const fixed = path.join(w, 'fix', `${base.sid}.jsonl`);
  writeFileSync(fixed, dmg.bytes);
  const split = our.errors.some((e) => e.startsWith('single-session@'))
    ? await run(process.execPath, [cli, 'split', '--no-backup', fixed])
    : undefined;
  const fix1 = await tl(['--fix', '--unsafe-fixes', '--no-backup', '-f', 'json', fixed]);
  const fixedBytes = readFileSync(fixed);
  await tl(['--fix', '--unsafe-fixes', '--no-backup', '-f', 'json', fixed]);
  const idempotent = Buffer.compare(readFileSync(fixed), fixedBytes) === 0;
  writeFileSync(fixed, fixedBytes);
  const ccFixed = ccResult(await resume(fixedBytes, base.sid));
  const fixSent = items(ccFixed.messages);
  const fixLost = [...refItems].filter((x) => !fixSent.has(x));
  const fixAlien = foreign(fixSent, own);
  const fixWhy = [];
  if (fix1.code === 124) fixWhy.push('fix timed out');
  // This session has nothing to resume (its undamaged prefix resumes nothing and no item of it survives): a fixed
  // file that holds no conversation either is what the original gives ("No conversation found with session ID").
  const nothingOwn = !ref.requests && !refItems.size && ccFixed.noConversation;
  if (ccFixed.rc !== '0' && !nothingOwn)
    fixWhy.push(`rc=${ccFixed.rc}${ccFixed.error ? ` (${ccFixed.error.slice(0, 80)})` : ''}`);
  if (!ccFixed.requests && !nothingOwn) fixWhy.push('no request');
  if (ccFixed.rejects.length) fixWhy.push(`rejected: ${ccFixed.rejects[0].slice(0, 80)}`);
  if (fixLost.length)
    fixWhy.push(`lost ${fixLost.length} of ${refItems.size}: ${fixLost.slice(0, 3).join(', ').slice(0, 160)}`);
  if (fixAlien.length) fixWhy.push(`other conversation: ${fixAlien.length} items`);
  if (!idempotent) fixWhy.push('second --fix changed the file');
  // The files `split` wrote beside the fixed one (fix/<its id>.jsonl), each resumed as its own session: together they
  // send every item of another conversation that the damaged file sent.
  const movedOut = readdirSync(path.join(w, 'fix')).filter((f) => f !== `${base.sid}.jsonl` && f.endsWith('.jsonl'));
  if (alien.length && movedOut.length) {
    const movedSent = new Set();
    for (const f of movedOut) {
      const r = ccResult(await resume(readFileSync(path.join(w, 'fix', f)), f.replace(/\.jsonl$/, '')));
      for (const it of items(r.messages)) movedSent.add(it);
    }
    const movedLost = alien.filter((it) => !movedSent.has(it));
    if (movedLost.length) fixWhy.push(`other session lost: ${movedLost.length} of ${alien.length} items`);
  }

  const verdict = {
    seed,
    base: baseName,
    steps: dmg.steps,
    cc: { rc: cc.rc, requests: cc.requests, rejected: cc.rejects.length, error: cc.error, dir: ccDamaged },
    reference: { lines: ref.lines, items: refItems.size },
    mishandled,
    why,
    lost: lost.slice(0, 10),
    ours: our,
    detected: mishandled ? our.errors.length > 0 : undefined,
    cleanNoError: mishandled ? undefined : our.errors.length === 0,
    export: exportCmp,
    exportEqual: exportCmp.level === 'n/a' ? undefined : exportCmp.level === 'FULL',
    fix: {
      split: split ? `${split.code}: ${split.stdout.trim().split('\n')[0]}` : undefined,
      changed: Buffer.compare(fixedBytes, dmg.bytes) !== 0,
      idempotent,
      rc: ccFixed.rc,
      why: fixWhy,
    },
    fixOk: fixWhy.length === 0,
  };
  writeFileSync(path.join(w, 'verdict.json'), `${JSON.stringify(verdict, null, 1)}\n`);
  return verdict;
}

// ---- report ---------------------------------------------------------------------------------------------------------

const opsOf = (v) => [...new Set(v.steps.map((s) => s.split(':')[0]))].sort().join('+');

function classes(verdicts) {
  const groups = new Map();
  const add = (cls, v, detail) => {
    if (!groups.has(cls)) groups.set(cls, []);
    groups.get(cls).push(`seed ${v.seed} (${v.base}; ${v.steps.join('; ')}): ${detail}`);
  };
  for (const v of verdicts) {
    if (v.detected === false) add(`not detected [${opsOf(v)}]`, v, v.why.join('; '));
    if (v.cleanNoError === false)
      add(
        `error on a clean resume [${[...new Set(v.ours.errors.map((e) => e.split('@')[0]))].join(',')}]`,
        v,
        v.ours.errors.join(', '),
      );
    if (v.exportEqual === false)
      add(
        `export differs [${opsOf(v)}]`,
        v,
        `CC ${JSON.stringify(v.export.cc)} | ours ${JSON.stringify(v.export.ours)}`.slice(0, 400),
      );
    if (!v.fixOk)
      add(
        `fix fails: ${v.fix.why.map((w) => w.replace(/[: ].*/, '')).join('+')} [${opsOf(v)}]`,
        v,
        v.fix.why.join('; '),
      );
  }
  return [...groups].sort((a, b) => b[1].length - a[1].length);
}

function report(verdicts) {
  const done = verdicts.filter((v) => !v.skipped && !v.failed);
  const bad = done.filter((v) => v.mishandled);
  const good = done.filter((v) => !v.mishandled);
  const withReq = done.filter((v) => v.exportEqual !== undefined);
  const n = (xs, f) => xs.filter(f).length;
  const lines = [
    '# Differential harness: Claude Code 2.1.332 (strict stand-in) against transcript-lint',
    '',
    `Seeds ${args.seeds[0]}..${args.seeds[1]}: ${done.length} cases (${bad.length} mishandled by Claude Code, ${good.length} resumed fine)` +
      `${verdicts.length - done.length ? `, ${verdicts.length - done.length} skipped or failed` : ''}.`,
    '',
    '| cases | detected | clean-no-error | export equal | fix resumes clean, nothing lost |',
    '|---|---|---|---|---|',
    `| ${done.length} | ${n(bad, (v) => v.detected)}/${bad.length} | ${n(good, (v) => v.cleanNoError)}/${good.length} | ${n(withReq, (v) => v.exportEqual)}/${withReq.length} | ${n(done, (v) => v.fixOk)}/${done.length} |`,
    '',
    '## Disagreements by class',
    '',
  ];
  for (const [cls, cases] of classes(done)) {
    lines.push(`### ${cls}: ${cases.length}`, '');
    for (const c of cases.slice(0, 6)) lines.push(`- ${c}`);
    if (cases.length > 6) lines.push(`- … and ${cases.length - 6} more`);
    lines.push('');
  }
  for (const v of verdicts.filter((x) => typeof x.skipped === 'string'))
    lines.push(`- seed ${v.seed} skipped: ${v.skipped}`);
  for (const v of verdicts.filter((x) => x.failed)) lines.push(`- seed ${v.seed} failed: ${v.failed}`);
  return lines.join('\n');
}

// ---- main -----------------------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(path.join(repo, 'dist', 'src'))) throw new Error('build first: npm run build');
  mkdirSync(ccDir, { recursive: true });
  const bases = baselines();
  const tails = await recordTails(bases, path.join(args.out, 'tails'), run);
  const seeds = args.only.length
    ? args.only
    : Array.from({ length: args.seeds[1] - args.seeds[0] + 1 }, (_, i) => args.seeds[0] + i);
  const verdicts = await pool(seeds, args.jobs, async (seed) => {
    try {
      const v = await runCase(seed, bases, tails);
      if (typeof v.skipped === 'string') process.stderr.write(`seed ${seed}: skipped, ${v.skipped}\n`);
      else if (!v.skipped)
        process.stderr.write(
          `seed ${seed}: ${v.mishandled ? `MISHANDLED (${v.why.join('; ')})` : 'fine'}; errors ${v.ours.errors.length}; export ${v.export.level}; fix ${v.fixOk ? 'ok' : v.fix.why.join('; ')}\n`,
        );
      return v;
    } catch (e) {
      process.stderr.write(`seed ${seed}: harness failure ${e?.stack ?? e}\n`);
      return { seed, failed: String(e?.message ?? e) };
    }
  });
  const text = report(verdicts);
  writeFileSync(path.join(args.out, 'REPORT.md'), `${text}\n`);
  process.stdout.write(`${text}\n`);
}

await main();
