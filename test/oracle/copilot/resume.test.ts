// The copilot-events format against the real Copilot CLI 1.0.102. Always: every clean recording lints clean with every
// rule (the one killed mid-tool reports what the crash left). Where ../shared/oracle (the Messages API stand-in and its run.sh), the installed CLI
// (/work/shared/oracle/copilot/install-copilot.sh puts it in /tmp/copilot; COPILOT_BIN elsewhere) and root (run.sh
// uses `unshare -n`) are there: every damaged fixture of fixtures/rules/copilot (each cut from a real session the
// research damaged) is staged as a session folder, `split` when it holds another session, repaired by our `--fix
// --unsafe-fixes`, and resumed by the real CLI under MOCK_STRICT=1. A file our fix leaves without errors must resume
// with rc 0, at least one request, nothing rejected, the file only appended to (no recovery rewrite, no
// events.jsonl.backup-before-recovery-*), and the conversation it sends equal to our `export` of the fixed file, so
// nothing in it was dropped. A file we still call an error must fail to resume, as we say: nothing sent, or a request
// the API rejects. The resume part runs only when asked (COPILOT_ORACLE=1), as the
// other agents' oracle checks are not part of `npm test` either; otherwise it is skipped.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVED_BY_SPLIT } from '../../../rules/copilot/session-structure/messages.js';
import { lintBytes } from '../../../src/index.js';
import { runCli } from '../../helpers/run-cli.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const RECORDINGS = path.join(ROOT, 'fixtures', 'sessions', 'copilot');
const FIXTURES = path.join(ROOT, 'fixtures', 'rules', 'copilot');
const RUN = path.join(ROOT, '..', 'shared', 'oracle', 'copilot', 'run.sh');
const COPILOT = process.env.COPILOT_BIN ?? '/tmp/copilot/node_modules/.bin/copilot';
/** COPILOT_ORACLE=1 runs the resumes (about 3 minutes) where they can run: ../shared, the CLI and root. */
const available =
  process.env.COPILOT_ORACLE === '1' && existsSync(RUN) && existsSync(COPILOT) && process.getuid?.() === 0;
/** The findings of another session in the file, which `split` fixes (moving it to a folder of its own). */
const ANOTHER_SESSION = new Set<string>(MOVED_BY_SPLIT);
/** Size classes are measured by the research, not resumed (a 1 MB event overflows the context on purpose). */
const NOT_RESUMED = new Set(['session-size']);

/** Every recording's session folder: fixtures/sessions/copilot/<name>/<session id>/. */
const recordingFolders = readdirSync(RECORDINGS)
  .sort()
  .flatMap((name) =>
    readdirSync(path.join(RECORDINGS, name))
      .filter((f) => !f.includes('.'))
      .map((id) => ({ name, id, dir: path.join(RECORDINGS, name, id) })),
  );

/** The recording of a session killed while its tool ran: what the crash left is reported, nothing else. */
const CRASHED: Record<string, string[]> = {
  interrupted: ['1 copilot/sidecar-consistency/staleLock', '6 copilot/tool-request-has-completion/missingTail'],
};

describe('clean Copilot CLI recordings', () => {
  it.each(recordingFolders)('$name lints clean with every rule', ({ name, dir }) => {
    // Read where it lies, beside its workspace.yaml; cwd judged against a folder that exists here.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-copilot-clean-'));
    try {
      const folder = path.join(tmp, path.basename(dir));
      cpSync(dir, folder, { recursive: true });
      // The recorded locks name the pid Copilot had then: here some other process may have it now, and a live pid's
      // lock is not stale. They are renamed to a pid above Linux's maximum (4194304), which no process can have.
      for (const f of readdirSync(folder)) {
        const lock = /^inuse\.\d+\.(lock|hold)$/.exec(f);
        if (lock) renameSync(path.join(folder, f), path.join(folder, `inuse.4194305.${lock[1]}`));
      }
      const ws = path.join(folder, 'workspace.yaml');
      writeFileSync(ws, readFileSync(ws, 'utf8').replace(/^cwd: .*\n/m, ''));
      const events = path.join(folder, 'events.jsonl');
      const { result } = lintBytes(events, readFileSync(events), {});
      expect(result.inputFormat).toBe('copilot-events');
      expect(result.diagnostics.map((d) => `${d.line} ${d.ruleId}/${d.messageId}`)).toEqual(CRASHED[name] ?? []);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

interface Case {
  /** <rule>/<fixture name>. */
  name: string;
  file: string;
  /** The session folder it belongs to, with its other files, when the fixture names one. */
  folder?: string;
  id: string;
}

/** The session id a fixture belongs to: the recording whose id it holds, else a fresh one (an empty file). */
function idOf(text: string): string {
  return recordingFolders.find((r) => text.includes(r.id))?.id ?? '00000000-0000-4000-8000-00000000e0f0';
}

const cases: Case[] = readdirSync(FIXTURES)
  .filter((rule) => !NOT_RESUMED.has(rule))
  .sort()
  .flatMap((rule) =>
    readdirSync(path.join(FIXTURES, rule))
      .filter((f) => f.startsWith('invalid-') && f.endsWith('.jsonl'))
      .sort()
      .map((f): Case => {
        const file = path.join(FIXTURES, rule, f);
        const optionsFile = `${file}.options.json`;
        const filePath = existsSync(optionsFile)
          ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as { filePath?: string }).filePath
          : undefined;
        const folder = filePath === undefined ? undefined : path.dirname(path.join(FIXTURES, rule, filePath));
        const id = folder ? path.basename(folder) : idOf(readFileSync(file, 'latin1'));
        return { name: `${rule}/${f.slice(0, -'.jsonl'.length)}`, file, folder, id };
      }),
  );

interface Outcome {
  errorsLeft: string[];
  rc: number;
  requests: { messages: unknown[] }[];
  rejected: unknown[];
  appendedOnly: boolean;
  backups: string[];
  exported?: unknown[];
}

let work: string;
const outcomes = new Map<string, Outcome>();

/** Copilot unpacks itself into $HOME/.cache/copilot (~235 MB) on first run: every staged HOME shares one copy. */
function shareCache(home: string): void {
  mkdirSync(path.join(home, '.cache'), { recursive: true });
  symlinkSync(path.join(work, 'copilot-cache'), path.join(home, '.cache', 'copilot'));
}

function resume(out: string, home: string, id: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(RUN, [out, home, '', 'continue', `--resume=${id}`], {
      env: { ...process.env, MOCK_STRICT: '1' },
      stdio: 'ignore',
    });
    child.on('exit', () => {
      const rcFile = path.join(out, 'copilot.rc');
      resolve(existsSync(rcFile) ? Number(readFileSync(rcFile, 'utf8').trim()) : -1);
    });
  });
}

async function runCase(c: Case): Promise<Outcome> {
  const base = path.join(work, c.name.replace('/', '__'));
  const home = path.join(base, 'home');
  const folder = path.join(home, '.copilot', 'session-state', c.id);
  mkdirSync(folder, { recursive: true });
  shareCache(home);
  // The session's other files: the fixture's own folder, else its recording's workspace.yaml.
  const recorded = recordingFolders.find((r) => r.id === c.id);
  if (c.folder) cpSync(c.folder, folder, { recursive: true });
  else if (recorded) cpSync(path.join(recorded.dir, 'workspace.yaml'), path.join(folder, 'workspace.yaml'));
  const events = path.join(folder, 'events.jsonl');
  writeFileSync(events, readFileSync(c.file));
  // Another session's events in the file: what the finding says to do, `split`, first (as the differential harness
  // does). Resumed unsplit, Copilot 1.0.102 sent the other writer's answer as this session's
  // (session-structure/invalid-gap-after-other-writer: "ok" joined to "All three ran.", rc 0).
  const another = lintBytes(events, readFileSync(events), { inputFormat: 'copilot-events' }).result.diagnostics.some(
    (d) => d.severity === 'error' && ANOTHER_SESSION.has(d.messageId ?? ''),
  );
  if (another) {
    const split = await runCli(['split', '--no-backup', events], { cwd: base });
    expect(split.code, `${c.name}: split ran (${split.stderr})`).toBe(0);
  }
  const fix = await runCli(['--fix', '--unsafe-fixes', '--no-backup', '--input-format', 'copilot-events', events], {
    cwd: base,
  });
  expect(fix.code, `${c.name}: --fix ran (${fix.stderr})`).not.toBe(2);
  const fixed = readFileSync(events);
  const errorsLeft = lintBytes(events, fixed, { inputFormat: 'copilot-events' })
    .result.diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.ruleId}/${d.messageId}`);
  const exportRun = await runCli(['export', events], { cwd: base });
  const exported =
    exportRun.code === 0 ? (JSON.parse(exportRun.stdout) as { messages: unknown[] }).messages : undefined;
  const out = path.join(base, 'run');
  const rc = await resume(out, home, c.id);
  const log = existsSync(path.join(out, 'requests.jsonl'))
    ? readFileSync(path.join(out, 'requests.jsonl'), 'utf8')
    : '';
  const lines = log
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { body?: { messages?: unknown[] }; strict_reject?: unknown });
  const after = existsSync(events) ? readFileSync(events) : Buffer.alloc(0);
  const outcome: Outcome = {
    errorsLeft,
    rc,
    requests: lines.filter((l) => l.body?.messages).map((l) => l.body as { messages: unknown[] }),
    rejected: lines.filter((l) => l.strict_reject).map((l) => l.strict_reject),
    appendedOnly: after.length >= fixed.length && after.subarray(0, fixed.length).equals(fixed),
    backups: existsSync(folder) ? readdirSync(folder).filter((f) => f.startsWith('events.jsonl.backup')) : [],
    exported,
  };
  rmSync(home, { recursive: true, force: true });
  return outcome;
}

/** What a request sends of the session: its messages before the resume's own prompt, cache marks out. */
const conversation = (body: { messages: unknown[] }): unknown =>
  JSON.parse(JSON.stringify(body.messages.slice(0, -1), (k, v) => (k === 'cache_control' ? undefined : v)));

describe.skipIf(!available)('our --fix output, resumed by the real Copilot CLI under MOCK_STRICT=1', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'tl-copilot-oracle-'));
    mkdirSync(path.join(work, 'copilot-cache'));
    const warm = path.join(work, 'warm-home');
    shareCache(warm);
    spawnSync(COPILOT, ['--version'], {
      env: { ...process.env, HOME: warm, COPILOT_OFFLINE: 'true' },
      stdio: 'ignore',
    });
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        outcomes.set(c.name, await runCase(c));
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  }, 900_000);

  afterAll(() => {
    if (work && statSync(work, { throwIfNoEntry: false })) rmSync(work, { recursive: true, force: true });
  });

  it('has a damaged fixture of every rule but session-size', () => {
    expect(new Set(cases.map((c) => c.name.split('/')[0]))).toEqual(
      new Set(readdirSync(FIXTURES).filter((r) => !NOT_RESUMED.has(r))),
    );
  });

  it.each(cases)('$name', (c) => {
    const o = outcomes.get(c.name)!;
    if (o.errorsLeft.length > 0) {
      // What we still call an error (no events at all, an unreadable workspace.yaml, no prompt left): Copilot cannot
      // resume it. It sends nothing, or a request the API rejects (session-structure/invalid-prompt-deleted: sent
      // opening with the assistant, 400 "messages.0: first message must use the \"user\" role", rc 123).
      expect(o.rc, `${c.name}: Copilot fails as we say (${o.errorsLeft.join(', ')})`).not.toBe(0);
      expect(o.requests.length === 0 || o.rejected.length > 0, `${c.name}: nothing sent, or rejected`).toBe(true);
      return;
    }
    expect(o.rc, `${c.name}: resumed`).toBe(0);
    expect(o.requests.length).toBeGreaterThan(0);
    expect(o.rejected, `${c.name}: nothing rejected`).toEqual([]);
    expect(o.appendedOnly, `${c.name}: Copilot appended to the fixed file and rewrote nothing`).toBe(true);
    expect(o.backups, `${c.name}: no recovery`).toEqual([]);
    expect(conversation(o.requests[0]!), `${c.name}: Copilot sent what export says, nothing dropped`).toEqual(
      o.exported,
    );
  });
});
