// `transcript-lint split` (src/engine/split-sessions.ts) on two sessions joined into one file: the file keeps its own
// session, the other goes to `<its id>.jsonl` beside it, every line byte for byte, with a backup of the rewritten
// file; nothing is created over an existing file; a file of one session is left alone. The fixtures are
// fixtures/rules/single-session's; the conformance case joins two sessions the real Claude Code 2.1.332 recorded.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { SplitError, splitSessions } from '../src/engine/split-sessions.js';
import { lintBytes } from '../src/index.js';
import { runCli } from './helpers/run-cli.js';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures', 'rules', 'single-session');
const CORPUS = path.resolve(import.meta.dirname, '..', '..', 'shared', 'corpus', 'claude-code-2.1.332');
const OWN = '1f0e2d3c-0000-4000-8000-00000000000a';
const OTHER = '2a1b3c4d-0000-4000-8000-00000000000b';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-split-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));
const linesOf = (b: Buffer): string[] => b.toString('utf8').split('\n').filter(Boolean);

describe('splitSessions', () => {
  it.each([
    ['appended after this session', 'invalid-other-session-appended.jsonl'],
    ['written before this session', 'invalid-other-session-before.jsonl'],
  ])(
    'another session %s: moved to <id>.jsonl, line for line; the file keeps its own, with a backup',
    async (_, name) => {
      const joined = fixture(name);
      const file = path.join(dir, `${OWN}.jsonl`);
      writeFileSync(file, joined);
      const result = await splitSessions({ filePath: file }, linter);
      const moved = path.join(dir, `${OTHER}.jsonl`);
      expect(result).toMatchObject({ own: OWN, moved: [{ sessionId: OTHER, to: moved, lines: 3 }], dryRun: false });
      const kept = linesOf(readFileSync(file));
      const out = linesOf(readFileSync(moved));
      // Every line is in one of the two files, in its order, byte for byte.
      expect([...kept, ...out].sort()).toEqual(linesOf(joined).sort());
      expect(kept.every((l) => l.includes(`"sessionId":"${OWN}"`))).toBe(true);
      expect(out.every((l) => l.includes(`"sessionId":"${OTHER}"`))).toBe(true);
      expect(readFileSync(result.backupPath!)).toEqual(joined);
      // Both are clean sessions now.
      for (const f of [file, moved]) expect(lintBytes(f, readFileSync(f)).result.errorCount).toBe(0);
    },
  );

  it('a dry run says what would move and changes nothing', async () => {
    const file = path.join(dir, `${OWN}.jsonl`);
    writeFileSync(file, fixture('invalid-other-session-appended.jsonl'));
    const result = await splitSessions({ filePath: file, dryRun: true }, linter);
    expect(result.moved.map((m) => m.sessionId)).toEqual([OTHER]);
    expect(readdirSync(dir)).toEqual([`${OWN}.jsonl`]);
  });

  it('never writes over a file of the other session: nothing moves', async () => {
    const file = path.join(dir, `${OWN}.jsonl`);
    const joined = fixture('invalid-other-session-appended.jsonl');
    writeFileSync(file, joined);
    writeFileSync(path.join(dir, `${OTHER}.jsonl`), 'an older copy\n');
    await expect(splitSessions({ filePath: file }, linter)).rejects.toThrow(SplitError);
    expect(readFileSync(file)).toEqual(joined);
    expect(readFileSync(path.join(dir, `${OTHER}.jsonl`), 'utf8')).toBe('an older copy\n');
    expect(readdirSync(dir).sort()).toEqual([`${OWN}.jsonl`, `${OTHER}.jsonl`]);
  });

  it('leaves a file of one session (and a resumed lineage) alone', async () => {
    for (const name of ['valid-one-session.jsonl', 'valid-resume-lineage.jsonl']) {
      const file = path.join(dir, name);
      writeFileSync(file, fixture(name));
      expect((await splitSessions({ filePath: file }, linter)).moved).toEqual([]);
      expect(readFileSync(file)).toEqual(fixture(name));
    }
    expect(readdirSync(dir).sort()).toEqual(['valid-one-session.jsonl', 'valid-resume-lineage.jsonl']);
  });

  // The real Claude Code resumed plain + multi as plain's session with multi's conversation only (single-session).
  it.skipIf(!existsSync(CORPUS))(
    'two recorded sessions joined: split back into the two files as recorded',
    async () => {
      const plain = readFileSync(path.join(CORPUS, 'plain.jsonl'));
      const multi = readFileSync(path.join(CORPUS, 'multi.jsonl'));
      const plainId = /"sessionId":"([0-9a-f-]{36})"/.exec(plain.toString('utf8'))![1]!;
      const multiId = /"sessionId":"([0-9a-f-]{36})"/.exec(multi.toString('utf8'))![1]!;
      const file = path.join(dir, `${plainId}.jsonl`);
      writeFileSync(file, Buffer.concat([plain, multi]));
      await splitSessions({ filePath: file, backup: false }, linter);
      expect(readFileSync(file)).toEqual(plain);
      expect(readFileSync(path.join(dir, `${multiId}.jsonl`))).toEqual(multi);
    },
  );
});

// Codex 0.169.0 and Copilot 1.0.102, measured against the strict stand-ins (test/oracle/differential/codex): the
// recorded `plain` rollout with `multi`'s appended, resumed as plain, sent multi's conversation only (17 items); with
// multi's first, plain's only. After split, each file resumed with its own conversation, and each is byte for byte
// the recording. Copilot: plain + multi-turn resumed as plain sent both (13 messages); after split, plain sent 3 and
// multi-turn (a new session folder holding only its events.jsonl) 11, rc 0, nothing rejected.
describe('split for Codex and Copilot', () => {
  const CODEX = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'codex', 'recordings');
  const rollout = (name: string) => ({
    bytes: readFileSync(path.join(CODEX, name, 'rollout.jsonl')),
    name: readFileSync(path.join(CODEX, name, 'rollout.name'), 'utf8').trim(),
  });

  it.each([
    ['appended', false],
    ['written before', true],
  ])('a Codex rollout with another session %s: rollout-<time>-<id>.jsonl beside it, as recorded', async (_, before) => {
    const plain = rollout('plain');
    const multi = rollout('multi');
    const file = path.join(dir, plain.name);
    const joined = Buffer.concat(before ? [multi.bytes, plain.bytes] : [plain.bytes, multi.bytes]);
    writeFileSync(file, joined);
    expect(lintBytes(file, joined).result.diagnostics.map((d) => `${d.severity} ${d.ruleId}/${d.messageId}`)).toContain(
      'error codex/session-meta/concatenated',
    );
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    expect(result).toMatchObject({
      own: plain.name.slice(-42, -6),
      moved: [{ to: path.join(dir, multi.name), lines: 49 }],
    });
    expect(readFileSync(file)).toEqual(plain.bytes);
    expect(readFileSync(path.join(dir, multi.name))).toEqual(multi.bytes);
    for (const f of [file, path.join(dir, multi.name)]) expect(lintBytes(f, readFileSync(f)).result.errorCount).toBe(0);
  });

  it('a Codex rollout of one session (its own session_meta again) is left alone', async () => {
    const plain = rollout('plain');
    const file = path.join(dir, plain.name);
    writeFileSync(file, Buffer.concat([plain.bytes, plain.bytes]));
    expect((await splitSessions({ filePath: file }, linter)).moved).toEqual([]);
    expect(readdirSync(dir)).toEqual([plain.name]);
  });

  it("a Copilot session with another's events: a session folder of its own, as recorded", async () => {
    const COPILOT = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'copilot');
    const PLAIN = '5ea003e5-8300-4e58-99a7-2e63f4744aad';
    const MULTI = '4dd09504-9224-4ffc-b842-5a3a28061ae8';
    const plain = readFileSync(path.join(COPILOT, 'plain', PLAIN, 'events.jsonl'));
    const multi = readFileSync(path.join(COPILOT, 'multi-turn', MULTI, 'events.jsonl'));
    const state = path.join(dir, 'session-state');
    const file = path.join(state, PLAIN, 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat([plain, multi]));
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    expect(result).toMatchObject({ own: PLAIN, moved: [{ sessionId: MULTI, lines: 36 }] });
    expect(readFileSync(file)).toEqual(plain);
    expect(readFileSync(path.join(state, MULTI, 'events.jsonl'))).toEqual(multi);
  });

  // Differential seed 43 (Copilot 1.0.102 sent plain's conversation inside multi-turn's): plain's lines interleaved
  // with multi-turn's from line 4, and a line of tool-error written inside multi-turn's line 20 at byte 262, the rest
  // of that event on the next line. The events after it name the torn event as their parent: they stay.
  it("a Copilot session with another's lines interleaved and one of its own events torn: only the other's move", async () => {
    const COPILOT = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'copilot');
    const PLAIN = '5ea003e5-8300-4e58-99a7-2e63f4744aad';
    const MULTI = '4dd09504-9224-4ffc-b842-5a3a28061ae8';
    const read = (name: string, id: string) => readFileSync(path.join(COPILOT, name, id, 'events.jsonl'));
    const plain = read('plain', PLAIN);
    const m = linesOf(read('multi-turn', MULTI));
    const p = linesOf(plain);
    const inner = linesOf(read('tool-error', 'de181f50-a4a8-47fd-b0aa-6b4248569408'))[12]!;
    const torn = [`${m[19]!.slice(0, 262)}${inner}`, m[19]!.slice(262)];
    const own = [...m.slice(0, 19), ...torn, ...m.slice(20)];
    const mixed = [...own.slice(0, 3), ...p.flatMap((l, i) => [l, own[3 + i]!]), ...own.slice(3 + p.length)];
    const state = path.join(dir, 'session-state');
    const file = path.join(state, MULTI, 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${mixed.join('\n')}\n`);
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    expect(result).toMatchObject({ own: MULTI, moved: [{ sessionId: PLAIN, lines: 8 }] });
    expect(readFileSync(file, 'utf8')).toBe(`${own.join('\n')}\n`);
    expect(readFileSync(path.join(state, PLAIN, 'events.jsonl'))).toEqual(plain);
  });

  // Differential seed 248: interrupted's first two lines with 311 bytes zeroed from byte 148 (its session.start torn),
  // then unicode-sep's file. Copilot 1.0.102 dropped the torn line and resumed unicode-sep's conversation as this one.
  it("a Copilot session whose own start is torn, another's file appended: the other's file moves whole", async () => {
    const COPILOT = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'copilot');
    const OWN_ID = 'e43e2096-3df5-4dce-9356-4d392cbe1d11';
    const UNICODE = 'a319482d-7766-42ef-828f-77b1994edf2a';
    const own = readFileSync(path.join(COPILOT, 'interrupted', OWN_ID, 'events.jsonl'));
    const other = readFileSync(path.join(COPILOT, 'unicode-sep', UNICODE, 'events.jsonl'));
    const head = Buffer.from(`${linesOf(own).slice(0, 2).join('\n')}\n`);
    head.fill(0, 148, 148 + 311);
    const state = path.join(dir, 'session-state');
    const file = path.join(state, OWN_ID, 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat([head, other]));
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    expect(result).toMatchObject({ own: OWN_ID, moved: [{ sessionId: UNICODE, lines: 14 }] });
    expect(readFileSync(file)).toEqual(head);
    expect(readFileSync(path.join(state, UNICODE, 'events.jsonl'))).toEqual(other);
  });

  // Differential seed 258 (without its torn character, which only made another line unreadable): thinking, with a
  // copy of subagent's prompt written inside its line 14 at byte 580, then subagent's file. The copy names the
  // prompt's id before the prompt itself: the events chained to that id are still subagent's.
  it("a Copilot session holding a copy of the appended session's line: the appended file moves whole", async () => {
    const COPILOT = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'copilot');
    const THINKING = '71ae1b29-b272-4b95-99ec-24f25dcea91a';
    const SUBAGENT = 'daf2eea6-12fe-451a-abd6-2c1ff18be437';
    const t = linesOf(readFileSync(path.join(COPILOT, 'thinking', THINKING, 'events.jsonl')));
    const other = readFileSync(path.join(COPILOT, 'subagent', SUBAGENT, 'events.jsonl'));
    const copy = linesOf(other)[1]!;
    const own = `${[...t.slice(0, 13), t[13]!.slice(0, 580) + copy, t[13]!.slice(580), ...t.slice(14)].join('\n')}\n`;
    const state = path.join(dir, 'session-state');
    const file = path.join(state, THINKING, 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat([Buffer.from(own), other]));
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    expect(result).toMatchObject({ own: THINKING, moved: [{ sessionId: SUBAGENT, lines: 25 }] });
    expect(readFileSync(file, 'utf8')).toBe(own);
    expect(readFileSync(path.join(state, SUBAGENT, 'events.jsonl'))).toEqual(other);
  });

  it('a Copilot split that cannot rewrite the file removes the folder it made', async () => {
    const COPILOT = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'copilot');
    const plain = readFileSync(path.join(COPILOT, 'plain', '5ea003e5-8300-4e58-99a7-2e63f4744aad', 'events.jsonl'));
    const multi = readFileSync(
      path.join(COPILOT, 'multi-turn', '4dd09504-9224-4ffc-b842-5a3a28061ae8', 'events.jsonl'),
    );
    const state = path.join(dir, 'session-state');
    const file = path.join(state, '5ea003e5-8300-4e58-99a7-2e63f4744aad', 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat([plain, multi]));
    // A backup folder that is a file: the rewrite fails after the new session's file was written.
    writeFileSync(path.join(dir, 'not-a-folder'), '');
    await expect(
      splitSessions({ filePath: file, backup: path.join(dir, 'not-a-folder', 'x') }, linter),
    ).rejects.toThrow();
    expect(readdirSync(state)).toEqual(['5ea003e5-8300-4e58-99a7-2e63f4744aad']);
    expect(readFileSync(file)).toEqual(Buffer.concat([plain, multi]));
  });

  it('a format that cannot hold two sessions is refused', async () => {
    const file = path.join(dir, 'request.json');
    writeFileSync(file, JSON.stringify({ model: 'x', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] }));
    await expect(splitSessions({ filePath: file }, linter)).rejects.toThrow(/split does not know how/);
  });
});

describe('transcript-lint split', () => {
  it('says what it moved and where the backup is; exit 0', async () => {
    writeFileSync(path.join(dir, `${OWN}.jsonl`), fixture('invalid-other-session-appended.jsonl'));
    const r = await runCli(['split', `${OWN}.jsonl`], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `moved 3 lines of session ${OTHER} from ${OWN}.jsonl to ${OTHER}.jsonl\n${OWN}.jsonl keeps session ${OWN} (backup: ${OWN}.jsonl.bak)\n`,
    );
  });

  it('a refusal is one line, exit 2', async () => {
    writeFileSync(path.join(dir, `${OWN}.jsonl`), fixture('invalid-other-session-appended.jsonl'));
    writeFileSync(path.join(dir, `${OTHER}.jsonl`), '');
    const r = await runCli(['split', `${OWN}.jsonl`], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `transcript-lint: cannot split ${OWN}.jsonl: ${path.join(dir, `${OTHER}.jsonl`)} exists already: nothing was moved (merge the two by hand)\n`,
    );
  });

  it('a missing file is one line, exit 2', async () => {
    const r = await runCli(['split', 'nope.jsonl'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^transcript-lint: cannot split nope\.jsonl: .+\n$/);
  });
});
