// Another session's lines in a rollout without its session_meta (two writers at once; issue 35):
// fixtures/sessions/codex/mixed-session/rollout.jsonl is the `interrupt` recording with the `plain` recording's lines
// 8 on interleaved from line 15, as the differential harness made it (seed 100). The real Codex CLI 0.169.0 resumed it
// and sent plain's turn ("say hello") as this session's history (sent-input.json), rc 0. After `split`, the file was
// the interrupt recording again, byte for byte, and Codex resumed it under MOCK_STRICT=1 with its own turn only
// (fixed-sent-input.json), rc 0, nothing rejected.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { SplitError, splitSessions } from '../../src/engine/split-sessions.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { lineSessions, otherSessionsOf } from '../../src/formats/codex-rollout/joined-sessions.js';
import { lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'mixed-session');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const recording = (id: string) => readFileSync(path.join(RECORDINGS, id, 'rollout.jsonl'));
const linesOf = (b: Buffer | Uint8Array) => Buffer.from(b).toString('utf8').split('\n').filter(Boolean);
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const PLAIN = '01a230f0-4a7e-7ac0-b7d1-b7e0ef15f9cd';
const sessionMeta = (d: { ruleId: string }) => d.ruleId === 'codex/session-meta';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-codex-mixed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("another session's lines without its session_meta (recorded)", () => {
  const own = linesOf(recording('interrupt'));
  const other = linesOf(recording('plain'));
  const mine = (l: string) => own.includes(l);

  it("the data: interrupt's lines in order, with plain's lines 8 on among them from line 15", () => {
    const lines = linesOf(data);
    expect(lines.filter(mine)).toEqual(own);
    expect(lines.filter((l) => !mine(l))).toEqual(other.slice(7));
    expect(lines.findIndex((l) => !mine(l))).toBe(14);
  });

  it('export equals what Codex sent: plain’s turn as this session’s history', () => {
    const input = exportInput(codexRollout.load(name, data, {})).input;
    const sent = sentOf('sent-input.json');
    expect(sent.length - input.length).toBe(2);
    expectSameInput(input, sent);
    expect(JSON.stringify(input)).toContain('say hello');
  });

  it('is an error at the first such line, naming the session, what Codex sends and where split moves them', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter(sessionMeta);
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'mixedIn',
        15,
        'error',
        `Lines 15–23 (7 lines) hold records of another session (${PLAIN}, named by their thread and turn ids and ordinals), without its session_meta: two writers at once. Codex sends 2 items of them as this session’s history. \`transcript-lint split FILE\` moves these lines to ${PLAIN}.lines.jsonl beside it (--fix does not).`,
      ],
    ]);
  });

  it('each line goes to the session that wrote it', () => {
    const sessions = lineSessions(codexRollout.load(name, data, {}))!;
    const lines = linesOf(data);
    expect(sessions.own).toBe(name.slice(-42, -6));
    expect(sessions.sessions.map((s, i) => (s === PLAIN) === !mine(lines[i]!))).not.toContain(false);
  });

  it('split moves them, byte for byte, to <id>.lines.jsonl and leaves the recording; then no error is left', async () => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    const to = path.join(dir, `${PLAIN}.lines.jsonl`);
    expect(result.moved).toEqual([{ sessionId: PLAIN, to, lines: 7, bytes: expect.any(Number) }]);
    expect(readFileSync(file)).toEqual(recording('interrupt'));
    expect(linesOf(readFileSync(to))).toEqual(other.slice(7));
    expect(lintBytes(file, readFileSync(file)).result.errorCount).toBe(0);
    // Codex resumed the split file with its own turn only (recorded).
    const input = exportInput(codexRollout.load(name, readFileSync(file), {})).input;
    expectSameInput(input, sentOf('fixed-sent-input.json'));
    // A second split finds nothing, and never writes over the moved file.
    expect((await splitSessions({ filePath: file }, linter)).moved).toEqual([]);
    writeFileSync(file, data);
    await expect(splitSessions({ filePath: file }, linter)).rejects.toThrow(SplitError);
    expect(existsSync(`${file}.bak`)).toBe(false);
  });

  it('valid: the session’s own records again (a restored copy) are its own, and a recording is one session', () => {
    const base = recording('plain');
    const twice = Buffer.concat([base, base]);
    expect(lintBytes(name, twice, {}).result.diagnostics.filter((d) => d.messageId === 'mixedIn')).toEqual([]);
    expect(lineSessions(codexRollout.load(name, recording('interrupt'), {}))!.sessions).not.toContain(PLAIN);
  });
});

describe('a session_meta of another session where neither holds a turn (recorded)', () => {
  // Differential seed 57: the websearch recording cut after line 3, then plain's first 6 lines (its session_meta, the
  // context Codex writes). Codex 0.169.0 resumed it under MOCK_STRICT=1 with nothing lost and nothing of plain's
  // conversation sent, rc 0.
  const own = linesOf(recording('websearch'));
  const other = linesOf(recording('plain'));
  const joined = Buffer.from([...own.slice(0, 3), ...other.slice(0, 6), ''].join('\n'));
  const websearch = readFileSync(path.join(RECORDINGS, 'websearch', 'rollout.name'), 'utf8').trim();

  it('is a warning: resume loses nothing', () => {
    const found = lintBytes(websearch, joined, {}).result.diagnostics.filter(sessionMeta);
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'concatenatedNoTurn',
        4,
        'warn',
        `A session_meta of another session (${PLAIN}) starts here, as in two rollouts joined into one file; neither session holds a turn yet (only the context Codex writes itself), so resume loses nothing. \`transcript-lint split FILE\` moves the other session to a rollout of its own.`,
      ],
    ]);
  });

  it('invalid: with the other session’s first turn, it is the error it was', () => {
    const more = Buffer.from([...own.slice(0, 3), ...other, ''].join('\n'));
    const found = lintBytes(websearch, more, {}).result.diagnostics.filter(sessionMeta);
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['concatenated', 4, 'error']]);
  });
});

describe('another session’s session_meta written inside a record of the file (recorded)', () => {
  // Differential seed 13 (fixtures/sessions/codex/inner-copy): compact's session_meta written into line 2 of the shell
  // recording, whose end is line 3. Codex skipped both lines and resumed with nothing of compact's (rc 0). The two
  // lines are the file's own record, put back by codex/valid-jsonl: split moves nothing.
  const INNER = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'inner-copy');
  const innerName = readFileSync(path.join(INNER, 'rollout.name'), 'utf8').trim();
  const inner = readFileSync(path.join(INNER, 'rollout.jsonl'));

  it('is no session of its own: split moves nothing, and no mixedIn fires', () => {
    expect(otherSessionsOf(innerName, codexRollout.load(innerName, inner, {}))).toBeUndefined();
    expect(lintBytes(innerName, inner, {}).result.diagnostics.filter(sessionMeta)).toEqual([]);
  });

  it('invalid: the same session_meta after a torn line (a file cut mid-line, then another joined) goes with it', () => {
    const lines = linesOf(inner);
    const compact = readFileSync(path.join(RECORDINGS, 'compact', 'rollout.jsonl'), 'utf8').split('\n')[0]!;
    const joined = Buffer.from([lines[0]!, `${lines[3]!.slice(0, 40)}${compact}`, ''].join('\n'));
    const others = otherSessionsOf(innerName, codexRollout.load(innerName, joined, {}))!.others;
    expect(others.map((o) => [o.sessionId, o.lines, path.basename(o.to)])).toEqual([
      [
        JSON.parse(compact).payload.id,
        [2],
        `rollout-${JSON.parse(compact).payload.timestamp.slice(0, 19).replaceAll(':', '-')}-${JSON.parse(compact).payload.id}.jsonl`,
      ],
    ]);
  });
});
