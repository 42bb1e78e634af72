#!/usr/bin/env node
// The differential harness for Copilot CLI 1.0.102 (issue 35; not part of npm test; needs the real CLI,
// /work/shared/oracle/copilot/install-copilot.sh, and root for `unshare -n`). For each seed: a baseline the real CLI
// recorded (fixtures/sessions/copilot/*), damaged by ../damage.mjs (plus `twoTerminals` below: two real resumes of the
// baseline, recorded once, their appended lines interleaved), then
//   1. the real CLI resumes the damaged copy under MOCK_STRICT=1: rc, requests, rejections, what it did to the file;
//      it mishandles the case when it fails, sends nothing, is rejected, loses a turn or tool call of a line that
//      survived intact, sends another session's, or rewrites the file (dropping lines);
//   2. our lint: an error on every mishandled case, none on the others;
//   3. our `export` of the damaged copy equals the messages Copilot sent (all but its new prompt, cache marks out);
//   4. `--fix --unsafe-fixes` on a copy: the real CLI resumes it with rc 0, nothing rejected, the file only appended to,
//      no turn or tool call of an intact line lost and no other session's sent; a second --fix changes nothing.
// Copilot's runs are cached by the digest of the session files they were given (OUT/cache), so a rerun after a change
// to our code re-runs our side only. Writes OUT/REPORT.md and OUT/results.json.
//
//   node test/oracle/differential/copilot/run.mjs [--seeds A..B] [--jobs N] [--out DIR] [--timeout SECONDS]
//        [--bin transcript-lint] [--cache DIR (Copilot's runs; default OUT/cache)] [--render]
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  exportOf,
  lintJson,
  resumeSession,
  sentMessages,
  shareCache,
  transcriptLint,
  warmCache,
} from '../../copilot/cli.mjs';
import { damage, lineRanges, rngFrom } from '../damage.mjs';
import { pool } from '../../pool.mjs';
// Built by `npm run build` (tsc), which the harness needs anyway for the CLI.
import { MOVED_BY_SPLIT } from '../../../../dist/rules/copilot/session-structure/messages.js';

const repo = fileURLToPath(new URL('../../../..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : args[i + 1];
};
// `--seeds A..B`, or a list of seeds and ranges: `--seeds 19,35,80..90`.
const SEEDS = option('--seeds', '1..50')
  .split(',')
  .flatMap((part) => {
    const [a, b = a] = part.split('..').map(Number);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
const SEED_LABEL = option('--seeds', '1..50');
const JOBS = Number(option('--jobs', '2'));
const OUT = path.resolve(option('--out', '/tmp/copilot-diff/run'));
const TIMEOUT_MS = Number(option('--timeout', '120')) * 1000;
const BIN = path.resolve(option('--bin', path.join(repo, 'bin/transcript-lint.js')));
const RENDER = args.includes('--render');
const RECORDINGS = path.join(repo, 'fixtures/sessions/copilot');
const CACHE = path.resolve(option('--cache', path.join(OUT, 'cache')));
const UNPACKED = path.join(OUT, 'copilot-cache');

const sha = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex').slice(0, 24);
};
const readJson = (f) => JSON.parse(readFileSync(f, 'utf8'));

/** The recorded baselines: one session folder each (locks left out: they name the recording's pid). */
const baselines = readdirSync(RECORDINGS)
  .sort()
  .flatMap((name) =>
    readdirSync(path.join(RECORDINGS, name))
      .filter((f) => !f.includes('.'))
      .map((id) => {
        const dir = path.join(RECORDINGS, name, id);
        return {
          name,
          id,
          events: readFileSync(path.join(dir, 'events.jsonl')),
          workspace: path.join(dir, 'workspace.yaml'),
        };
      }),
  );

/** A session folder staged in a fresh HOME: workspace.yaml and the given events (plus any extra files). */
function stage(home, base, events, extra = []) {
  rmSync(home, { recursive: true, force: true });
  const folder = path.join(home, '.copilot', 'session-state', base.id);
  mkdirSync(folder, { recursive: true });
  shareCache(UNPACKED, home);
  cpSync(base.workspace, path.join(folder, 'workspace.yaml'));
  writeFileSync(path.join(folder, 'events.jsonl'), events);
  for (const { rel, bytes } of extra) {
    mkdirSync(path.dirname(path.join(home, '.copilot', rel)), { recursive: true });
    writeFileSync(path.join(home, '.copilot', rel), bytes);
  }
  return { folder, events: path.join(folder, 'events.jsonl') };
}

/** Every file under HOME/.copilot/session-state (cache and Copilot's own extras out), as {rel, bytes}. */
function sessionFiles(home) {
  const root = path.join(home, '.copilot');
  const out = [];
  const walk = (dir) => {
    for (const f of readdirSync(dir).sort()) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else out.push({ rel: path.relative(root, p), bytes: readFileSync(p) });
    }
  };
  if (existsSync(path.join(root, 'session-state'))) walk(path.join(root, 'session-state'));
  return out;
}
const digestOf = (files) => sha(...files.flatMap((f) => [f.rel, '\0', f.bytes, '\0']));

/**
 * The real CLI's resume of a session tree (events.jsonl and any other files), cached by the tree's digest: what it
 * did and sent (the first request's messages), and the file as it left it.
 */
async function copilotRun(base, events, extra, prompt = 'continue', script = '') {
  const home0 = path.join(OUT, 'tmp', `${process.pid}-${Math.random().toString(36).slice(2)}`);
  const { folder } = stage(home0, base, events, extra);
  // Keyed by the script's bytes, not its path (which names OUT), so runs of any OUT share the cache.
  const key = sha(digestOf(sessionFiles(home0)), prompt, script ? readFileSync(script) : '');
  const file = path.join(CACHE, `${key}.json`);
  if (existsSync(file)) {
    const cached = readJson(file);
    // Runs cached before v2 dropped the whole last message of the request, not only the resume's prompt: wrong
    // where the file ends in a prompt or a tool result that the resume's prompt joins.
    if (cached.v === 2 || !endsOpen(events)) {
      rmSync(home0, { recursive: true, force: true });
      return cached;
    }
  }
  const r = await resumeSession({
    home: home0,
    out: path.join(home0, 'run'),
    id: base.id,
    events: path.join(folder, 'events.jsonl'),
    prompt,
    script,
    timeoutMs: TIMEOUT_MS,
  });
  const result = {
    v: 2,
    rc: r.rc,
    requests: r.requests.length,
    rejected: r.rejected.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)).slice(0, 200)),
    file: r.file,
    backups: r.backups,
    said: r.said.slice(0, 3),
    sent: r.requests[0] ? sentMessages(r.requests[0]) : undefined,
    after: r.after ? r.after.toString('base64') : undefined,
  };
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, JSON.stringify(result));
  rmSync(home0, { recursive: true, force: true });
  return result;
}

/** Whether the main agent's last prompt, answer or tool result in the file is not an answer. */
function endsOpen(bytes) {
  let last;
  for (const [s, e] of lineRanges(bytes)) {
    try {
      const ev = JSON.parse(bytes.subarray(s, e).toString('utf8'));
      if (!ev?.agentId && ['user.message', 'assistant.message', 'tool.execution_complete'].includes(ev?.type))
        last = ev.type;
    } catch {}
  }
  return last !== 'assistant.message';
}

/** The lines a resume appended to a baseline, recorded once per baseline and terminal. */
async function continuation(base, terminal) {
  const script = path.join(OUT, `script-${terminal}.json`);
  const blocks =
    terminal === 'A'
      ? [
          [{ type: 'tool_use', id: 'toolu_termA1', name: 'bash', input: { command: 'echo A', description: 'echo A' } }],
          [{ type: 'text', text: 'done in terminal A' }],
        ]
      : [[{ type: 'text', text: 'answer of terminal B' }]];
  writeFileSync(script, JSON.stringify(blocks));
  const r = await copilotRun(base, base.events, [], `continue from terminal ${terminal}`, script);
  const after = Buffer.from(r.after ?? '', 'base64');
  return after.subarray(0, base.events.length).equals(base.events)
    ? after.subarray(base.events.length)
    : Buffer.alloc(0);
}

/** Two terminals resumed the session at once: both appended their lines, interleaved line by line. */
function twoTerminalsOp(tails) {
  return (buf, rng) => {
    const [a, b] = tails;
    if (!a.length || !b.length) return null;
    const la = lineRanges(a);
    const lb = lineRanges(b);
    const out = [buf];
    let i = 0;
    let j = 0;
    while (i < la.length || j < lb.length) {
      const takeA = j >= lb.length || (i < la.length && rng.next() < 0.5);
      const [s, e] = takeA ? la[i++] : lb[j++];
      out.push((takeA ? a : b).subarray(s, e));
    }
    return {
      bytes: Buffer.concat(out),
      step: `two terminals resumed it: ${la.length} and ${lb.length} lines interleaved`,
    };
  };
}

// What a conversation holds, as items a loss or an intrusion can be counted in: each user text, assistant text,
// tool call (by id) and recorded tool result (by id).
const PLACEHOLDERS = [
  'The execution of this tool, or a previous tool was interrupted.',
  'Tool execution was interrupted before a result was recorded.',
];
/**
 * Whether a completion holds no result but Copilot's "interrupted" placeholder (the one it appends on resume): sent,
 * it is not counted (sentItems), so it is not expected either.
 */
const isPlaceholder = (d) =>
  d.success === false && PLACEHOLDERS.some((p) => String(d.error?.message ?? '').startsWith(p));
/** The items a request sent, each with how many times it was sent. */
function sentItems(messages) {
  const items = new Map();
  const add = (item) => items.set(item, (items.get(item) ?? 0) + 1);
  for (const m of messages ?? []) {
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
    for (const b of blocks) {
      if (b.type === 'text') add(`${m.role}:${b.text}`);
      else if (b.type === 'tool_use') add(`tool_use:${b.id}`);
      else if (b.type === 'tool_result') {
        const text = typeof b.content === 'string' ? b.content : JSON.stringify(b.content);
        if (!PLACEHOLDERS.some((p) => text.startsWith(p))) add(`tool_result:${b.tool_use_id}`);
      }
    }
  }
  return items;
}

/** The items of one main-agent event (its text, calls and result), without the pairing intactItems checks. */
function itemsOfEvent(ev) {
  const d = ev.data ?? {};
  if (ev.type === 'user.message') {
    const t = typeof d.transformedContent === 'string' ? d.transformedContent : d.content;
    return typeof t === 'string' && t.trim() !== '' ? [`user:${t}`] : [];
  }
  if (ev.type === 'assistant.message') {
    const out = typeof d.content === 'string' && d.content.trimEnd() !== '' ? [`assistant:${d.content.trimEnd()}`] : [];
    for (const r of d.toolRequests ?? [])
      if (typeof r?.toolCallId === 'string' && r.toolCallId !== '') out.push(`tool_use:${r.toolCallId}`);
    return out;
  }
  if (ev.type === 'tool.execution_complete' && !isPlaceholder(d)) return [`tool_result:${d.toolCallId}`];
  return [];
}

/**
 * How many lines of `damaged` that are intact lines of the session's own sources hold each item: another session's
 * item of the same text (plain's answer "ok" is thinking's too) is sent as an intrusion only when it is sent more
 * often than that (differential seed 206).
 */
function ownCounts(sources, damaged) {
  const own = new Set(
    sources.flatMap((b) => lineRanges(b).map(([s, e]) => b.subarray(s, e).toString('latin1').replace(/\n$/, ''))),
  );
  const counts = new Map();
  for (const [s, e] of lineRanges(damaged)) {
    if (!own.has(damaged.subarray(s, e).toString('latin1').replace(/\n$/, ''))) continue;
    try {
      const ev = JSON.parse(damaged.subarray(s, e).toString('utf8'));
      if (!ev || typeof ev !== 'object' || ev.agentId) continue;
      for (const item of itemsOfEvent(ev)) counts.set(item, (counts.get(item) ?? 0) + 1);
    } catch {}
  }
  return counts;
}

/** The items the main agent's events of `source` would send, counting only lines found intact in `damaged`. */
function intactItems(source, damaged) {
  const present = new Set(
    lineRanges(damaged).map(([s, e]) => damaged.subarray(s, e).toString('latin1').replace(/\n$/, '')),
  );
  const events = [];
  for (const [s, e] of lineRanges(source)) {
    const text = source.subarray(s, e).toString('latin1').replace(/\n$/, '');
    if (!present.has(text)) continue;
    try {
      const ev = JSON.parse(source.subarray(s, e).toString('utf8'));
      if (ev && typeof ev === 'object' && !ev.agentId) events.push(ev);
    } catch {}
  }
  const items = new Set();
  const calls = new Set();
  for (const ev of events) {
    const d = ev.data ?? {};
    if (ev.type === 'user.message') {
      const t = typeof d.transformedContent === 'string' ? d.transformedContent : d.content;
      if (typeof t === 'string' && t.trim() !== '') items.add(`user:${t}`);
    } else if (ev.type === 'assistant.message') {
      if (typeof d.content === 'string' && d.content.trimEnd() !== '') items.add(`assistant:${d.content.trimEnd()}`);
      for (const r of d.toolRequests ?? []) {
        if (typeof r?.toolCallId !== 'string' || r.toolCallId === '') continue;
        items.add(`tool_use:${r.toolCallId}`);
        calls.add(r.toolCallId);
      }
    } else if (ev.type === 'tool.execution_complete' && calls.has(d.toolCallId) && !isPlaceholder(d))
      items.add(`tool_result:${d.toolCallId}`);
  }
  return items;
}

/**
 * Whether the first of the main agent's prompts and answers among the lines of `damaged` that are intact lines of
 * `sources` is a prompt. When it is an answer, every resume opens with the assistant and the API rejects it, whatever
 * prompts come later (differential seed 411: thinking's lines 2-7 deleted, its first prompt with them, the prompts of
 * two terminals that resumed it later in the file).
 */
function opensWithPrompt(sources, damaged) {
  const own = new Set(
    sources.flatMap((b) => lineRanges(b).map(([s, e]) => b.subarray(s, e).toString('latin1').replace(/\n$/, ''))),
  );
  for (const [s, e] of lineRanges(damaged)) {
    if (!own.has(damaged.subarray(s, e).toString('latin1').replace(/\n$/, ''))) continue;
    try {
      const ev = JSON.parse(damaged.subarray(s, e).toString('utf8'));
      if (!ev || typeof ev !== 'object' || ev.agentId) continue;
      const items = itemsOfEvent(ev);
      if (ev.type === 'user.message' && items.length) return true;
      if (ev.type === 'assistant.message' && items.length) return false;
    } catch {}
  }
  return false;
}

/**
 * The lines of `given` (but NUL padding and blank ones, which hold nothing) that are not in `after` as whole lines:
 * what Copilot's transcript recovery deleted from the file when it rewrote it.
 */
function droppedLines(given, after) {
  const kept = new Set(lineRanges(after).map(([s, e]) => after.subarray(s, e).toString('latin1').replace(/\n$/, '')));
  const dropped = [];
  for (const [s, e] of lineRanges(given)) {
    const text = given.subarray(s, e).toString('latin1').replace(/\n$/, '');
    if (/^[\0\s]*$/.test(text)) continue;
    if (!kept.has(text)) dropped.push(text);
  }
  return dropped;
}

/** What the real CLI did wrong with a case, or [] when it resumed it and lost nothing. */
function mishandled(run, given, expected, foreign, own) {
  const why = [];
  if (run.rc !== 0) why.push(`failed (rc ${run.rc}${run.said.length ? `: ${run.said[0].slice(0, 120)}` : ''})`);
  else if (run.requests === 0) why.push('sent nothing');
  if (run.rejected.length > 0) why.push(`rejected: ${run.rejected[0].slice(0, 120)}`);
  if (run.sent) {
    const got = sentItems(run.sent);
    const lost = [...expected].filter((i) => !got.has(i));
    const intruded = [...foreign].filter((i) => (got.get(i) ?? 0) > (own.get(i) ?? 0));
    if (lost.length) why.push(`lost ${lost.length} item(s): ${JSON.stringify(lost[0].slice(0, 80))}`);
    if (intruded.length) why.push(`sent ${intruded.length} item(s) of another session`);
  }
  // A recovery backup means Copilot rewrote the file, even when what it then appended starts with the bytes of the
  // torn line it dropped (the file then looks appended to).
  if (run.file === 'REWRITTEN' || run.backups.length > 0) {
    const dropped = droppedLines(given, Buffer.from(run.after ?? '', 'base64'));
    // Only NUL padding or blank lines dropped: nothing lost (the rewrite is the warning's to tell).
    if (dropped.length)
      why.push(
        `rewrote events.jsonl deleting ${dropped.length} line(s) (${JSON.stringify(dropped[0].slice(0, 60))}${run.backups.length ? '; kept a backup-before-recovery' : ''})`,
      );
  }
  return why;
}
/** The kind of a mishandling, for grouping (no positions, no counts). */
const kindOf = (why) =>
  why
    .replace(/ \([\s\S]*$/, '')
    .replace(/: [\s\S]*$/, '')
    .replace(/\d+ (item|line)\(s\)/, '$1s');

const errorsOf = (diags) => diags.filter((d) => d.severity === 'error');
const findingKey = (d) => `${d.ruleId}/${d.messageId}`;

/** The first difference between two message lists, as a short class name and a detail. */
function exportDiff(got, want) {
  if (got === undefined) return { cls: 'export: nothing exported', detail: '' };
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    const a = JSON.stringify(got[i]);
    const b = JSON.stringify(want[i]);
    if (a === b) continue;
    const shape = (m) =>
      m
        ? `${m.role}[${(typeof m.content === 'string' ? ['string'] : m.content.map((x) => x.type)).join(',')}]`
        : 'none';
    return {
      cls: `export: message ${got[i] && want[i] ? 'differs' : got[i] ? 'extra' : 'missing'} (${shape(got[i])} vs sent ${shape(want[i])})`,
      detail: `message ${i}: ours ${(a ?? 'none').slice(0, 160)} | sent ${(b ?? 'none').slice(0, 160)}`,
    };
  }
  return undefined;
}

async function runSeed(seed) {
  const rng = rngFrom(seed * 7919 + 1);
  const base = baselines[rng.int(0, baselines.length - 1)];
  const others = baselines.filter((b) => b.id !== base.id);
  const tails = [await continuation(base, 'A'), await continuation(base, 'B')];
  const dmg = damage(base.events, seed, {
    others: others.map((o) => o.events),
    extraOps: { twoTerminals: twoTerminalsOp(tails) },
  });
  if (!dmg) return { seed, skipped: true };
  const dir = path.join(OUT, 'cases', String(seed));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'damaged.jsonl'), dmg.bytes);
  const expected = new Set([
    ...intactItems(base.events, dmg.bytes),
    ...intactItems(tails[0], dmg.bytes),
    ...intactItems(tails[1], dmg.bytes),
  ]);
  const foreign = new Set(others.flatMap((o) => [...intactItems(o.events, dmg.bytes)]));
  const own = ownCounts([base.events, ...tails], dmg.bytes);

  // 1. What Copilot does with the damaged copy.
  const before = await copilotRun(base, dmg.bytes, []);
  const wrong = mishandled(before, dmg.bytes, expected, foreign, own);

  // 2-3. Our lint and export, where the file lies in its session folder.
  const lintHome = stage(path.join(dir, 'lint-home'), base, dmg.bytes);
  const found = lintJson(BIN, lintHome.events);
  const exported = exportOf(BIN, lintHome.events);

  // 4. The fix, a second fix, and Copilot's resume of the fixed tree.
  const fixHome = path.join(dir, 'fix-home');
  const fixed = stage(fixHome, base, dmg.bytes);
  // A file that holds another session is fixed by moving that session to a folder of its own (`split`), then --fix,
  // as the Claude Code and Codex harnesses do. `split` leaves a file of one session as it is.
  const another = (d) => d.severity === 'error' && MOVED_BY_SPLIT.includes(d.messageId);
  const splitRun = transcriptLint(BIN, 'split', '--no-backup', fixed.events);
  // `split` moves one kind of other session at a time (a joined file's, then another writer's chains): while lint
  // still says to, it is run again, before the fix.
  for (let i = 0; i < 2 && lintJson(BIN, fixed.events).some(another); i++)
    transcriptLint(BIN, 'split', '--no-backup', fixed.events);
  let fixRun = transcriptLint(BIN, '--fix', '--unsafe-fixes', fixed.events);
  // A session.start the fix brought back (it was inside a damaged line) can show another session only now: what the
  // finding says to do, split, is done once more, then the fix.
  if (lintJson(BIN, fixed.events).some(another)) {
    transcriptLint(BIN, 'split', '--no-backup', fixed.events);
    fixRun = transcriptLint(BIN, '--fix', '--unsafe-fixes', fixed.events);
  }
  const fixedFiles = sessionFiles(fixHome);
  const left = errorsOf(lintJson(BIN, fixed.events));
  const againHome = path.join(dir, 'again-home');
  rmSync(againHome, { recursive: true, force: true });
  cpSync(fixHome, againHome, { recursive: true, verbatimSymlinks: true });
  transcriptLint(
    BIN,
    '--fix',
    '--unsafe-fixes',
    path.join(againHome, '.copilot/session-state', base.id, 'events.jsonl'),
  );
  const stable = digestOf(sessionFiles(againHome)) === digestOf(fixedFiles);
  const fixedEvents = readFileSync(fixed.events);
  const extra = fixedFiles.filter((f) => f.rel !== path.join('session-state', base.id, 'events.jsonl'));
  const after = await copilotRun(
    base,
    fixedEvents,
    extra.filter((f) => f.rel !== path.join('session-state', base.id, 'workspace.yaml')),
  );
  const afterWrong = mishandled(after, fixedEvents, expected, foreign, own);
  for (const h of ['lint-home', 'again-home']) rmSync(path.join(dir, h), { recursive: true, force: true });
  writeFileSync(path.join(dir, 'fixed.jsonl'), fixedEvents);

  const errors = errorsOf(found);
  const diff = before.sent ? exportDiff(exported, before.sent) : undefined;
  return {
    seed,
    baseline: base.name,
    steps: dmg.steps,
    promptless: !opensWithPrompt([base.events, ...tails], dmg.bytes),
    copilot: {
      rc: before.rc,
      requests: before.requests,
      rejected: before.rejected.length,
      file: before.file,
      backups: before.backups.length,
    },
    mishandled: wrong,
    errors: [...new Set(errors.map(findingKey))],
    warnings: [...new Set(found.filter((d) => d.severity !== 'error').map(findingKey))],
    exportChecked: before.sent !== undefined,
    exportDiff: diff,
    fix: {
      split:
        splitRun.status === 0
          ? splitRun.stdout.trim().split('\n')[0]?.slice(0, 200)
          : `failed (${splitRun.status}): ${splitRun.stderr.trim().slice(0, 200)}`,
      rc: fixRun.status,
      said: fixRun.stderr.trim().split('\n').slice(-1)[0]?.slice(0, 200) ?? '',
      extraFiles: extra.map((f) => f.rel).filter((r) => !r.endsWith('workspace.yaml')),
      errorsLeft: [...new Set(left.map(findingKey))],
      stable,
      resumed: {
        rc: after.rc,
        requests: after.requests,
        rejected: after.rejected,
        file: after.file,
        backups: after.backups.length,
      },
      wrong: afterWrong,
    },
  };
}

/**
 * A case no fix can make resume: no prompt of it survives intact before its first answer (opensWithPrompt), so the
 * request Copilot rebuilds opens with the assistant and the API rejects it, and writing a prompt back would invent one
 * the user never wrote. The fix is right when it leaves session-structure's noPrompt error (it does not claim to have
 * fixed the file); such cases are scored apart from the fix column ("no prompt left").
 */
const NO_PROMPT = 'copilot/session-structure/noPrompt';
const unfixable = (r) => r.promptless && r.fix.wrong.length > 0 && r.fix.errorsLeft.includes(NO_PROMPT);

/** A case's disagreements, each as [class, detail]. */
function disagreements(r) {
  const out = [];
  const ops = [...new Set(r.steps.map((s) => s.split(':')[0]))].sort().join('+');
  if (r.mishandled.length && !r.errors.length)
    for (const w of r.mishandled)
      out.push([`undetected: Copilot ${kindOf(w)}`, `${w}; ops ${ops}; warnings ${r.warnings.join(' ') || 'none'}`]);
  if (!r.mishandled.length && r.errors.length) out.push([`false error: ${r.errors.join(' ')}`, `ops ${ops}`]);
  if (r.exportDiff) out.push([r.exportDiff.cls, `${r.exportDiff.detail}; ops ${ops}`]);
  const f = r.fix;
  if (f.split?.startsWith('failed')) out.push(['fix: split failed', f.split]);
  if (f.rc === 2) out.push(['fix: crashed', f.said]);
  if (unfixable(r)) return out;
  for (const w of f.wrong) out.push([`fix: fixed copy, Copilot ${kindOf(w)}`, `${w}; ops ${ops}; fix said ${f.said}`]);
  if (f.errorsLeft.length) out.push([`fix: errors left: ${f.errorsLeft.join(' ')}`, `ops ${ops}`]);
  if (!f.stable) out.push(['fix: a second --fix changes the files', `ops ${ops}`]);
  return out;
}

function render(results) {
  const cases = results.filter((r) => !r.skipped);
  const bad = cases.filter((r) => r.mishandled.length);
  const good = cases.filter((r) => !r.mishandled.length);
  const exp = cases.filter((r) => r.exportChecked);
  const fixOk = (r) => !r.fix.wrong.length && r.fix.stable && r.fix.rc !== 2;
  const fixable = cases.filter((r) => !unfixable(r));
  const table = [
    '| cases | detected (error on a mishandled case) | clean, no error | export = what Copilot sent | fix resumes clean, nothing lost, second fix no-op | no prompt left (noPrompt error kept, not scored as fix) |',
    '|---|---|---|---|---|---|',
    `| ${cases.length} | ${bad.filter((r) => r.errors.length).length}/${bad.length} | ${good.filter((r) => !r.errors.length).length}/${good.length} | ${exp.filter((r) => !r.exportDiff).length}/${exp.length} | ${fixable.filter(fixOk).length}/${fixable.length} | ${cases.length - fixable.length} |`,
  ].join('\n');
  const groups = new Map();
  for (const r of cases)
    for (const [cls, detail] of disagreements(r)) {
      const g = groups.get(cls) ?? [];
      g.push(`seed ${r.seed} (${r.baseline}): ${detail}`);
      groups.set(cls, g);
    }
  const lines = [`# Copilot differential harness: seeds ${SEED_LABEL}`, '', table, '', '## Disagreements by class', ''];
  for (const [cls, list] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`### ${cls} (${list.length})`);
    for (const l of list.slice(0, 6)) lines.push(`- ${l.replace(/\n/g, ' ')}`);
    lines.push('');
  }
  const kinds = new Map();
  for (const r of bad) for (const w of r.mishandled) kinds.set(kindOf(w), (kinds.get(kindOf(w)) ?? 0) + 1);
  lines.push('## What Copilot mishandled', '', ...[...kinds].map(([k, n]) => `- ${k}: ${n}`), '');
  return { table, text: lines.join('\n') };
}

/** runSeed, with a seed that throws kept as skipped, and the results saved as the run goes. */
async function runSaving(seed, results) {
  let result;
  try {
    result = await runSeed(seed);
  } catch (err) {
    result = { seed, skipped: true, error: String(err?.stack ?? err) };
    process.stderr.write(`seed ${seed}: ${err?.stack ?? err}\n`);
  }
  process.stderr.write(`seed ${seed} done\n`);
  // Kept as it goes, so a run cut short by its time limit can still be rendered (--render).
  results[SEEDS.indexOf(seed)] = result;
  writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results.filter(Boolean), null, 1));
  return result;
}

mkdirSync(OUT, { recursive: true });
let results;
if (RENDER) results = readJson(path.join(OUT, 'results.json'));
else {
  warmCache(UNPACKED, path.join(OUT, 'warm-home'));
  // The continuations first, one at a time, so two workers do not record the same one.
  for (const b of baselines) for (const t of ['A', 'B']) await continuation(b, t);
  results = await pool(SEEDS, JOBS, runSaving);
  writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 1));
}
const { table, text } = render(results);
writeFileSync(path.join(OUT, 'REPORT.md'), text);
process.stdout.write(`${text}\n`);
process.stdout.write(`${table}\nreport: ${path.join(OUT, 'REPORT.md')}\n`);
