// The differential harness for Codex (issue 35), not part of `npm test`: it needs ../shared/oracle/codex (the real Codex
// CLI 0.169.0, offline against the Responses API stand-in) and root for `unshare -n -m`. For each seed it damages a
// rollout the real CLI recorded (../damage.mjs, plus `twoTerminals` below), then:
//   - resumes the damaged file with the real Codex under the strict stand-in (MOCK_STRICT=1): fatal, rejected, history
//     lost (an item the recording sends, whose record is still whole in the file, not sent), another session's items
//     sent, or fine;
//   - lints it with our CLI: an error must fire where Codex mishandles it, none where Codex resumes it and loses nothing;
//   - exports it: must equal the first request Codex sent (../../codex/judge.mjs compareExport);
//   - `--fix --unsafe-fixes` a copy, fixes it again (must change nothing) and resumes it under the strict stand-in:
//     accepted, valid on its own (judge.mjs fileProblems), and no turn, call or output the recording would send lost.
// Codex runs are cached in OUT/codex/<digest of name, mode and bytes>, so a rerun after a code change re-runs our side only.
//
// usage: node test/oracle/differential/codex/run.mjs [--seeds A..B] [--jobs N] [--out DIR] [--timeout S] [--steps K]
//                                                    [--cli FILE] [--oracle DIR]
//   --seeds   seeds to run (default 1..200), or --list A,B,C; --jobs parallel cases (default 2); --out work folder (default /tmp/codex-diff)
//   --timeout seconds a Codex run or one of our commands may take (default 120); --steps most damage steps (default 3)
//   --cli     our CLI (default: a snapshot of this checkout's bin/ and dist/ in OUT/cli, so a build cannot swap it)
//   --report  run nothing: the report of the seeds' OUT/cases/<seed>/verdict.json (of a run cut short)
//   --rejudge run nothing of ours: judge Codex's side of those verdicts again, from the cached Codex runs
// Writes OUT/cases/<seed>/verdict.json, OUT/results.jsonl and OUT/REPORT.md (also printed).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CALLS, codexRun, compareExport, fileProblems, OUTPUTS } from '../../codex/judge.mjs';
import { damage, lineRanges, rngFrom } from '../damage.mjs';

const here = import.meta.dirname;
const repo = path.resolve(here, '../../../..');

function parseArgs(argv) {
  const o = { seeds: [1, 200], jobs: 2, out: '/tmp/codex-diff', timeout: 120, steps: 3 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[++i]];
    if (flag === '--seeds') {
      const m = /^(\d+)(?:\.\.(\d+))?$/.exec(value ?? '');
      if (!m) throw new Error('--seeds A..B');
      o.seeds = [Number(m[1]), Number(m[2] ?? m[1])];
    } else if (flag === '--list') {
      o.list = value.split(',').map(Number);
      o.seeds = [Math.min(...o.list), Math.max(...o.list)];
    } else if (flag === '--jobs') o.jobs = Number(value);
    else if (flag === '--out') o.out = path.resolve(value);
    else if (flag === '--timeout') o.timeout = Number(value);
    else if (flag === '--steps') o.steps = Number(value);
    else if (flag === '--cli') o.cli = path.resolve(value);
    else if (flag === '--oracle') o.oracle = path.resolve(value);
    else if (flag === '--report') {
      o.reportOnly = true;
      i--;
    } else if (flag === '--rejudge') {
      o.rejudge = true;
      i--;
    } else throw new Error(`unknown flag ${flag}`);
  }
  o.oracle ??= path.resolve(repo, '../shared/oracle/codex');
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const OUT = opts.out;
mkdirSync(path.join(OUT, 'codex'), { recursive: true });

/** Runs a command; never rejects: { code, stdout, stderr, timedOut }. */
function run(cmd, args, { env = {}, timeout = opts.timeout } = {}) {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { env: { ...process.env, ...env }, timeout: timeout * 1000, maxBuffer: 512 * 1024 * 1024, encoding: 'buffer' },
      (err, stdout, stderr) =>
        resolve({
          code: err ? (typeof err.code === 'number' ? err.code : -1) : 0,
          stdout: stdout.toString('utf8'),
          stderr: stderr.toString('utf8'),
          timedOut: !!err?.killed,
        }),
    );
  });
}

// Our CLI, from a snapshot of this checkout (bin/, dist/, package.json; node_modules linked).
let cli = opts.cli;
if (!cli && !opts.reportOnly && !opts.rejudge) {
  const snap = path.join(OUT, 'cli');
  if (!existsSync(path.join(repo, 'dist/bundle/cli.js'))) throw new Error('build first: npm run build');
  rmSync(snap, { recursive: true, force: true });
  mkdirSync(snap, { recursive: true });
  for (const f of ['bin', 'dist', 'package.json']) cpSync(path.join(repo, f), path.join(snap, f), { recursive: true });
  symlinkSync(path.join(repo, 'node_modules'), path.join(snap, 'node_modules'));
  cli = path.join(snap, 'bin/transcript-lint.js');
}
const ours = (...args) => run(process.execPath, [cli, ...args]);

const sha = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 20);
};

/**
 * Resumes `bytes` (placed as `name`) with the real Codex: strict or plain, with a prompt, a mock script and an id
 * prefix. Cached by those and the bytes. Returns the run folder (resume.sh's files, judge.mjs codexRun reads them).
 */
const inflight = new Map();
function codexResume(bytes, name, { strict = true, prompt = 'continue', script = '', idPrefix = '' } = {}) {
  const key = sha(name, strict ? 'strict' : 'plain', prompt, script, idPrefix, bytes);
  const dir = path.join(OUT, 'codex', key);
  if (existsSync(path.join(dir, 'done'))) return Promise.resolve(dir);
  if (inflight.has(key)) return inflight.get(key);
  const job = (async () => {
    const input = path.join(OUT, 'codex', `${key}.in`);
    mkdirSync(input, { recursive: true });
    writeFileSync(path.join(input, name), bytes);
    let scriptFile = '';
    if (script) {
      scriptFile = path.join(input, 'script.json');
      writeFileSync(scriptFile, script);
    }
    const args = [path.join(opts.oracle, 'resume.sh'), path.join(input, name), dir];
    if (scriptFile) args.push(scriptFile);
    await run('bash', args, {
      env: {
        NAME: name,
        MOCK_STRICT: strict ? '1' : '',
        PROMPT: prompt,
        CODEX_TIMEOUT: String(opts.timeout),
        ...(idPrefix ? { MOCK_ID_PREFIX: idPrefix } : {}),
      },
      timeout: opts.timeout + 30,
    });
    // Codex's home holds its databases: only what the judge reads is kept (after.jsonl stays).
    rmSync(path.join(dir, 'home'), { recursive: true, force: true });
    rmSync(path.join(dir, 'proj'), { recursive: true, force: true });
    rmSync(input, { recursive: true, force: true });
    writeFileSync(path.join(dir, 'done'), '');
    return dir;
  })();
  inflight.set(key, job);
  return job;
}

// The baselines: every clean recording of fixtures/sessions/codex/recordings (localshell is not clean: Codex itself
// left its local_shell_call unanswered).
const dataDir = path.join(repo, 'fixtures/sessions/codex/recordings');
const baselines = readdirSync(dataDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'localshell')
  .map((e) => ({
    id: e.name,
    name: readFileSync(path.join(dataDir, e.name, 'rollout.name'), 'utf8').trim(),
    bytes: readFileSync(path.join(dataDir, e.name, 'rollout.jsonl')),
  }))
  .sort((a, b) => a.id.localeCompare(b.id));

/** One terminal's continuation: resumed with its own prompt, one exec_command call and an answer. */
const terminalScript = (t) =>
  JSON.stringify([
    [{ type: 'function_call', name: 'exec_command', arguments: { cmd: `echo ${t}` }, call_id: `call_T${t}` }],
    [{ text: `Terminal ${t} done.` }],
  ]);

/** What each of two terminals appended when both resumed the baseline (recorded with the real Codex, cached). */
const terminals = new Map();
function terminalTails(base) {
  if (!terminals.has(base.id))
    terminals.set(
      base.id,
      Promise.all(
        ['A', 'B'].map(async (t) => {
          const dir = await codexResume(base.bytes, base.name, {
            strict: false,
            prompt: `continue in terminal ${t}`,
            script: terminalScript(t),
            idPrefix: `t${t.toLowerCase()}_`,
          });
          const after = existsSync(path.join(dir, 'after.jsonl')) ? readFileSync(path.join(dir, 'after.jsonl')) : null;
          return after?.subarray(0, base.bytes.length).equals(base.bytes) ? after.subarray(base.bytes.length) : null;
        }),
      ),
    );
  return terminals.get(base.id);
}

/** Agent-specific damage: two terminals resumed the same session, and their appends interleave line by line. */
const codexOps = (tails) => ({
  twoTerminals(buf, rng) {
    if (!tails[0] || !tails[1]) return null;
    const [a, b] = tails.map((t) => lineRanges(t));
    const parts = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      const takeA = j >= b.length || (i < a.length && rng.next() < 0.5);
      const [s, e] = takeA ? a[i++] : b[j++];
      parts.push((takeA ? tails[0] : tails[1]).subarray(s, e));
    }
    const glue = buf.length && buf[buf.length - 1] !== 10 ? Buffer.from('\n') : Buffer.alloc(0);
    return {
      bytes: Buffer.concat([buf, glue, ...parts]),
      step: `two terminals resumed it: ${a.length} and ${b.length} appended lines interleaved`,
    };
  },
});

// ---- judging ----

const parse = (text) => {
  try {
    const v = JSON.parse(text.replace(/^\ufeff/, ''));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
};

/** The items a record puts in a request: a response_item's payload, a compaction's replacement history. */
function itemsOf(rec) {
  if (!rec) return [];
  if (rec.type === 'response_item' && rec.payload) return [rec.payload];
  if (rec.type === 'compacted' && Array.isArray(rec.payload?.replacement_history))
    return rec.payload.replacement_history;
  return [];
}

const textOf = (content) =>
  Array.isArray(content)
    ? content.map((c) => c?.text ?? c?.type ?? '').join('')
    : typeof content === 'string'
      ? content
      : '';
/** What an item is to the conversation: a turn's text, a call, an output, a reasoning summary. */
function signature(it) {
  if (!it || typeof it !== 'object') return 'other';
  if (it.type === 'message') return `msg:${it.role}:${textOf(it.content)}`;
  if (CALLS.has(it.type)) return `call:${it.call_id}:${it.name ?? ''}`;
  if (OUTPUTS.has(it.type))
    return `out:${it.call_id}:${typeof it.output === 'string' ? it.output : JSON.stringify(it.output)}`;
  if (it.type === 'reasoning') return `rs:${JSON.stringify(it.summary)}`;
  return `${it.type}:${JSON.stringify(it)}`;
}

const count = (sigs) => {
  const m = new Map();
  for (const s of sigs) m.set(s, (m.get(s) ?? 0) + 1);
  return m;
};
/** Signatures of `expected` (a count map) that `got` holds fewer times. */
const missing = (expected, got) => [...expected].filter(([s, n]) => (got.get(s) ?? 0) < n).map(([s]) => s);

/** The lines (with "\n") of each buffer, for healing. */
const linesOf = (buf) => lineRanges(buf).map(([s, e]) => buf.subarray(s, e));

/**
 * The damaged bytes with every known whole line that was written inside another known line cut out (A1 B A2, where
 * A1 A2 is a known line): a record split by another one is whole again here, so it counts as still there.
 */
function healed(bytes, known) {
  const whole = new Set(known.map((l) => l.toString('latin1')));
  let buf = bytes;
  for (const line of known) {
    if (line.length < 24 || line[line.length - 1] !== 10) continue;
    for (let at = buf.indexOf(line, 1); at > 0; at = buf.indexOf(line, at + 1)) {
      if (buf[at - 1] === 10) continue;
      const start = buf.lastIndexOf(10, at - 1) + 1;
      const nl = buf.indexOf(10, at + line.length);
      const end = nl < 0 ? buf.length : nl + 1;
      const rejoined = Buffer.concat([buf.subarray(start, at), buf.subarray(at + line.length, end)]);
      if (!whole.has(rejoined.toString('latin1'))) continue;
      buf = Buffer.concat([buf.subarray(0, at), buf.subarray(at + line.length)]);
      at -= 1;
    }
  }
  return buf;
}

/**
 * The signatures Codex would send of the records still whole in `bytes` (count map): of each source, those its own
 * resume sends (`sent`, a count map; a compaction's replacement repeats earlier items, so never more often than that),
 * or all (no `sent`).
 */
function expectedOf(bytes, own, known) {
  const heal = healed(bytes, known);
  const total = new Map();
  for (const { lines, sent } of own) {
    const here = new Map();
    for (const line of lines) {
      const text = line.subarray(0, line.length - 1);
      if (text.length === 0 || heal.indexOf(text) < 0) continue;
      for (const it of itemsOf(parse(text.toString('utf8')))) {
        const s = signature(it);
        if (sent === undefined || sent.has(s)) here.set(s, (here.get(s) ?? 0) + 1);
      }
    }
    for (const [s, n] of here) total.set(s, (total.get(s) ?? 0) + (sent ? Math.min(n, sent.get(s)) : n));
  }
  // An output whose call is gone cannot be sent (the API rejects it): it is not expected.
  const calls = new Set([...total.keys()].filter((s) => s.startsWith('call:')).map((s) => s.split(':')[1]));
  for (const s of [...total.keys()]) if (s.startsWith('out:') && !calls.has(s.split(':')[1])) total.delete(s);
  return total;
}

const sentSigs = (run) => count((run?.body?.input ?? []).slice(1).map(signature));

/** What Codex did with a file: timeout, fatal, rejected, lost, foreign or ok. */
function codexVerdict(run, expected, foreignSigs) {
  if (!run || run.rc === 'none' || run.rc === '124' || run.rc === '130' || run.rc === '137')
    return { kind: 'timeout', rc: run?.rc };
  if (!run.body) return { kind: 'fatal', rc: run.rc, why: run.fatal };
  if (run.rejected) return { kind: 'rejected', rc: run.rc, why: run.rejected };
  const got = sentSigs(run);
  const lost = missing(expected, got);
  if (lost.length) return { kind: 'lost', rc: run.rc, why: `${lost.length} not sent: ${lost[0].slice(0, 120)}` };
  const foreign = [...got.keys()].filter((s) => foreignSigs.has(s));
  if (foreign.length) return { kind: 'foreign', rc: run.rc, why: `another session's ${foreign[0].slice(0, 120)}` };
  // The stand-in's false positive on tool_search_output (judge.mjs) makes rc 1 with nothing else wrong.
  if (run.rc !== '0' && !run.falsePositive)
    return { kind: 'fatal', rc: run.rc, why: run.fatal ?? 'non-zero exit after a request' };
  return { kind: 'ok', rc: run.rc };
}

const baseRuns = new Map();
async function baselineSent(base) {
  if (!baseRuns.has(base.id))
    baseRuns.set(
      base.id,
      codexResume(base.bytes, base.name).then((dir) => sentSigs(codexRun(dir))),
    );
  return baseRuns.get(base.id);
}

async function runCase(seed) {
  const pick = rngFrom(seed * 2654435761 + 12345);
  const base = pick.pick(baselines);
  const others = baselines.filter((b) => b !== base);
  const tails = await terminalTails(base);
  const dmg = damage(base.bytes, seed, {
    others: others.map((o) => o.bytes),
    extraOps: codexOps(tails),
    maxSteps: opts.steps,
  });
  if (!dmg) return { seed, base: base.id, skipped: true };
  const w = path.join(OUT, 'cases', String(seed));
  rmSync(w, { recursive: true, force: true });
  mkdirSync(path.join(w, 'broken'), { recursive: true });
  mkdirSync(path.join(w, 'fixed'), { recursive: true });
  const broken = path.join(w, 'broken', base.name);
  const fixed = path.join(w, 'fixed', base.name);
  writeFileSync(broken, dmg.bytes);
  writeFileSync(fixed, dmg.bytes);

  // Our side.
  const lint = await ours('--no-config', '-f', 'json', broken);
  const exp = await ours('export', broken);
  // A file that holds another session is fixed by moving that session to a file of its own (`split`), then --fix.
  const split = await ours('split', '--no-backup', fixed);
  const moved = readdirSync(path.join(w, 'fixed'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.jsonl') && path.join(w, 'fixed', f) !== fixed);
  // Each moved rollout is fixed as the user would fix any session file; moved lines without their session's
  // session_meta (`<id>.lines.jsonl`) are kept data, no session: judged by their bytes, not resumed.
  for (const f of moved.filter((f) => !f.endsWith('.lines.jsonl')))
    await ours('--no-config', '--fix', '--unsafe-fixes', '--no-backup', path.join(w, 'fixed', f));
  const fix1 = await ours('--no-config', '--fix', '--unsafe-fixes', '--no-backup', '-f', 'json', fixed);
  const fixedBytes = readFileSync(fixed);
  await ours('--no-config', '--fix', '--unsafe-fixes', '--no-backup', '-f', 'json', fixed);
  const idempotent = readFileSync(fixed).equals(fixedBytes);
  const lintFixed = await ours('--no-config', '-f', 'json', fixed);
  const jsonOf = (r) => {
    try {
      return JSON.parse(r.stdout);
    } catch {
      return undefined;
    }
  };
  const report = jsonOf(lint)?.results?.[0];
  const errors = (report?.diagnostics ?? []).filter((d) => d.severity === 'error');

  // Codex's side.
  const [brokenRun, fixedRun, sent, ...movedRuns] = await Promise.all([
    codexResume(dmg.bytes, base.name).then(codexRun),
    codexResume(fixedBytes, base.name).then(codexRun),
    baselineSent(base),
    ...moved.map((f) =>
      f.endsWith('.lines.jsonl')
        ? null
        : codexResume(readFileSync(path.join(w, 'fixed', f)), path.basename(f)).then(codexRun),
    ),
  ]);
  // Kept lines: every line of the moved file is a whole line of the damaged file.
  const damagedLines = new Set(linesOf(dmg.bytes).map((l) => l.toString('latin1').replace(/\n$/, '')));
  const keptVerdict = (f) =>
    linesOf(readFileSync(path.join(w, 'fixed', f))).every((l) =>
      damagedLines.has(l.toString('latin1').replace(/\n$/, '')),
    )
      ? { kind: 'ok', rc: 'kept' }
      : { kind: 'fatal', why: 'a moved line is no line of the damaged file' };

  const { expected, foreignSigs } = expectations(base, others, tails, sent, dmg.bytes);
  const codex = codexVerdict(brokenRun, expected, foreignSigs);
  const afterFix = codexVerdict(fixedRun, expected, foreignSigs);
  const problems = fileProblems(fixed).problems;
  const exportCmp = compareExport(jsonOf(exp), brokenRun);

  const verdict = {
    seed,
    base: base.id,
    steps: dmg.steps,
    codex,
    errors: [...new Set(errors.map((d) => `${d.ruleId}/${d.messageId}`))],
    warnings: [
      ...new Set(
        (report?.diagnostics ?? []).filter((d) => d.severity !== 'error').map((d) => `${d.ruleId}/${d.messageId}`),
      ),
    ],
    lintFailed: report === undefined ? `${lint.code}: ${lint.stderr.slice(0, 200)}` : undefined,
    export: exportCmp,
    fix: {
      code: fix1.code,
      changed: !fixedBytes.equals(dmg.bytes),
      idempotent,
      left: (jsonOf(lintFixed)?.results?.[0]?.diagnostics ?? [])
        .filter((d) => d.severity === 'error')
        .map((d) => `${d.ruleId}/${d.messageId}`),
      codex: afterFix,
      problems,
      split: split.code === 0 ? undefined : split.stderr.trim().slice(0, 200),
      moved: moved.map((f, i) => ({
        file: f,
        codex: f.endsWith('.lines.jsonl') ? keptVerdict(f) : codexVerdict(movedRuns[i], new Map(), new Set()),
      })),
    },
  };
  verdict.mishandled = codex.kind !== 'ok';
  verdict.detected = errors.length > 0;
  // Nothing whole is left to send (a torn session_meta and no more): no fix can make a session of it.
  verdict.unrecoverable = codex.kind === 'fatal' && expected.size === 0;
  verdict.fixClean =
    afterFix.kind === 'ok' &&
    idempotent &&
    problems.length === 0 &&
    verdict.fix.moved.every((m) => m.codex.kind === 'ok');
  writeFileSync(path.join(w, 'verdict.json'), `${JSON.stringify(verdict, null, 1)}\n`);
  return verdict;
}

/** Codex's side of a verdict judged again: the damaged and fixed files of the case, the cached Codex runs. */
async function rejudge(v) {
  const base = baselines.find((b) => b.id === v.base);
  const w = path.join(OUT, 'cases', String(v.seed));
  const dmgBytes = readFileSync(path.join(w, 'broken', base.name));
  const fixedBytes = readFileSync(path.join(w, 'fixed', base.name));
  const others = baselines.filter((b) => b !== base);
  const tails = await terminalTails(base);
  const [brokenRun, fixedRun, sent] = await Promise.all([
    codexResume(dmgBytes, base.name).then(codexRun),
    codexResume(fixedBytes, base.name).then(codexRun),
    baselineSent(base),
  ]);
  const { expected, foreignSigs } = expectations(base, others, tails, sent, dmgBytes);
  v.codex = codexVerdict(brokenRun, expected, foreignSigs);
  v.fix.codex = codexVerdict(fixedRun, expected, foreignSigs);
  v.mishandled = v.codex.kind !== 'ok';
  v.unrecoverable = v.codex.kind === 'fatal' && expected.size === 0;
  v.fixClean =
    v.fix.codex.kind === 'ok' &&
    v.fix.idempotent &&
    v.fix.problems.length === 0 &&
    v.fix.moved.every((m) => m.codex.kind === 'ok');
}

/** What the recording would send of what is still whole (its lines, the terminals' appends), and what is another's. */
function expectations(base, others, tails, sent, bytes) {
  const own = [{ lines: linesOf(base.bytes), sent }, ...tails.filter(Boolean).map((t) => ({ lines: linesOf(t) }))];
  const otherLines = others.flatMap((o) => linesOf(o.bytes));
  const known = [...own.flatMap((o) => o.lines), ...otherLines];
  const ownSigs = new Set(
    own.flatMap((o) => o.lines.flatMap((l) => itemsOf(parse(l.toString('utf8'))).map(signature))),
  );
  const foreignSigs = new Set(
    otherLines.flatMap((l) => itemsOf(parse(l.toString('utf8'))).map(signature)).filter((s) => !ownSigs.has(s)),
  );
  return { expected: expectedOf(bytes, own, known), foreignSigs };
}

/** The disagreement classes of a case (none when we agree with Codex). */
function classesOf(v) {
  if (v.skipped || v.codex.kind === 'timeout') return [];
  const out = [];
  const ops = [...new Set(v.steps.map((s) => s.split(':')[0]))].join('+');
  if (v.lintFailed) out.push(`lint failed (${v.lintFailed.split(':')[0]})`);
  if (v.mishandled && !v.detected) out.push(`not detected: Codex ${v.codex.kind} [${ops}]`);
  if (!v.mishandled && v.detected) out.push(`error on a file Codex resumes fine: ${v.errors.join(', ')}`);
  if (!v.export.equal) out.push(`export differs: ${v.export.why.replace(/input\[\d+\]/, 'input[i]').slice(0, 70)}`);
  if (!v.fixClean && !v.unrecoverable) {
    const f = v.fix;
    const why = !f.idempotent
      ? 'a second --fix changes it'
      : f.moved.some((m) => m.codex.kind !== 'ok')
        ? `moved file: Codex ${f.moved.find((m) => m.codex.kind !== 'ok').codex.kind}`
        : f.codex.kind !== 'ok'
          ? `fixed file: Codex ${f.codex.kind}${['fatal', 'rejected'].includes(f.codex.kind) ? ` (${(f.codex.why ?? '').slice(0, 60)})` : ''}`
          : `fixed file invalid: ${f.problems[0]}`;
    out.push(`fix: ${why.replace(/call_[A-Za-z0-9_]+|fco?_\S+|msg_\S+/g, 'ID')}`);
  }
  return out;
}

async function main() {
  const seeds = [];
  for (let s = opts.seeds[0]; s <= opts.seeds[1]; s++) if (!opts.list || opts.list.includes(s)) seeds.push(s);
  if (opts.reportOnly || opts.rejudge) {
    const done = seeds
      .map((s) => path.join(OUT, 'cases', String(s), 'verdict.json'))
      .filter((f) => existsSync(f))
      .map((f) => JSON.parse(readFileSync(f, 'utf8')));
    if (opts.rejudge)
      for (const v of done) {
        await rejudge(v);
        writeFileSync(path.join(OUT, 'cases', String(v.seed), 'verdict.json'), `${JSON.stringify(v, null, 1)}\n`);
      }
    console.log(report(done));
    return;
  }
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, opts.jobs) }, async () => {
      while (next < seeds.length) {
        const seed = seeds[next++];
        try {
          const v = await runCase(seed);
          results.push(v);
          if (!v.skipped)
            process.stderr.write(`seed ${seed}: Codex ${v.codex.kind}; ${classesOf(v).join('; ') || 'agree'}\n`);
        } catch (err) {
          results.push({ seed, crashed: String(err?.stack ?? err) });
          process.stderr.write(`seed ${seed}: harness error ${err}\n`);
        }
      }
    }),
  );
  results.sort((a, b) => a.seed - b.seed);
  writeFileSync(path.join(OUT, 'results.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  console.log(report(results));
  writeFileSync(path.join(OUT, 'REPORT.md'), report(results));
}

function report(results) {
  const cases = results.filter((v) => !v.skipped && !v.crashed && v.codex.kind !== 'timeout');
  const bad = cases.filter((v) => v.mishandled);
  const good = cases.filter((v) => !v.mishandled);
  const fixable = cases.filter((v) => !v.unrecoverable);
  const n = (list, f) => list.filter(f).length;
  const kinds = count(cases.map((v) => v.codex.kind));
  const lines = [
    `# Codex differential: seeds ${opts.seeds[0]}..${opts.seeds[1]} (${results.length} run)`,
    '',
    `Codex on the damaged files: ${[...kinds].map(([k, c]) => `${k} ${c}`).join(', ')}` +
      ` (skipped ${n(results, (v) => v.skipped)}, timeouts ${n(results, (v) => !v.skipped && !v.crashed && v.codex.kind === 'timeout')}, harness errors ${n(results, (v) => v.crashed)})`,
    '',
    '| cases | detected | clean-no-error | export equal | fix resumes clean, nothing lost |',
    '|---|---|---|---|---|',
    `| ${cases.length} | ${n(bad, (v) => v.detected)}/${bad.length} | ${n(good, (v) => !v.detected)}/${good.length} | ${n(cases, (v) => v.export.equal)}/${cases.length} | ${n(fixable, (v) => v.fixClean)}/${fixable.length} |`,
    '',
    `The fix column leaves out ${cases.length - fixable.length} case(s) where Codex fails and no record is whole (nothing to recover).`,
    '',
    '## Disagreements by class',
  ];
  const classes = new Map();
  for (const v of cases) for (const c of classesOf(v)) classes.set(c, [...(classes.get(c) ?? []), v]);
  if (classes.size === 0) lines.push('', 'none');
  for (const [c, vs] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
    lines.push('', `### ${c} (${vs.length})`);
    for (const v of vs.slice(0, 4))
      lines.push(
        `- seed ${v.seed} (${v.base}): ${v.steps.join(' / ')}; Codex: ${v.codex.kind} ${v.codex.why ?? ''}`.slice(
          0,
          400,
        ),
      );
  }
  return `${lines.join('\n')}\n`;
}

await main();
