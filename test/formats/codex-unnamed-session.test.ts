// Another writer's lines that name no session (issue 35): the `image` recording with the `shell` recording's lines
// 3–6 (its developer and environment_context messages, world_state and turn_context: no record among them names a
// thread or session) interleaved after line 12, as the differential harness's interleaveLines writes them. They name
// only shell's first turn, which no record of the image session names. The real Codex CLI 0.169.0 resumed it under
// MOCK_STRICT=1 and sent shell's two messages as this session's history, rc 0, nothing rejected
// (fixtures/sessions/codex/unnamed-session/sent-input.json). Split moves the four lines out and leaves the recording byte for byte.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { splitSessions } from '../../src/engine/split-sessions.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { lineSessions } from '../../src/formats/codex-rollout/joined-sessions.js';
import { lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'unnamed-session');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const recording = (id: string) => readFileSync(path.join(RECORDINGS, id, 'rollout.jsonl'));
const linesOf = (b: Uint8Array) => Buffer.from(b).toString('utf8').split('\n').filter(Boolean);
const name = readFileSync(path.join(RECORDINGS, 'image', 'rollout.name'), 'utf8').trim();
const image = linesOf(recording('image'));
const shell = linesOf(recording('shell'));
const SHELL_TURN = '01a230f0-4c40-7e33-aac0-515f93a2c068';
const data = Buffer.from(
  [...image.slice(0, 12), shell[2], image[12], shell[3], shell[4], image[13], shell[5], ...image.slice(14), ''].join(
    '\n',
  ),
);
const sent = JSON.parse(readFileSync(path.join(DATA, 'sent-input.json'), 'utf8')) as Record<string, unknown>[];
const sessionMeta = (d: { ruleId: string }) => d.ruleId === 'codex/session-meta';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-codex-unnamed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('another writer’s lines that name no session (recorded)', () => {
  it('the shell lines name no thread or session, only a turn the image session never names', () => {
    for (const l of shell.slice(2, 6)) expect(l).not.toMatch(/"(thread_id|session_id)"/);
    expect(image.join('\n')).not.toContain(SHELL_TURN);
  });

  it('export equals what Codex sent: shell’s messages as this session’s history', () => {
    const input = exportInput(codexRollout.load(name, data, {})).input;
    expect(sent.length - input.length).toBe(2);
    expectSameInput(input, sent);
  });

  it('is an error at the first such line, naming the turn and where split moves them', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter(sessionMeta);
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'mixedInUnnamed',
        13,
        'error',
        `Lines 13–18 (4 lines) hold records of another session that the file never names: no session id, and turn ${SHELL_TURN}, which no record of this session names (two writers at once). Codex sends 2 items of them as this session’s history. \`transcript-lint split FILE\` moves these lines to turn-${SHELL_TURN}.lines.jsonl beside it (--fix does not).`,
      ],
    ]);
    const sessions = lineSessions(codexRollout.load(name, data, {}))!.sessions;
    expect(sessions.flatMap((s, i) => (s === `turn-${SHELL_TURN}` ? [i + 1] : []))).toEqual([13, 15, 16, 18]);
  });

  it('split moves them out, byte for byte, and leaves the recording', async () => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    const to = path.join(dir, `turn-${SHELL_TURN}.lines.jsonl`);
    expect(result.moved).toEqual([{ sessionId: `turn-${SHELL_TURN}`, to, lines: 4, bytes: expect.any(Number) }]);
    expect(readFileSync(file)).toEqual(recording('image'));
    expect(linesOf(readFileSync(to))).toEqual(shell.slice(2, 6));
  });

  it('valid: a turn cut short before any record of it names the thread stays the session’s own', () => {
    // The multi recording cut after its third turn's prompt (line 43): that turn's task_started, turn_context and
    // prompt name only its turn, and continue the session's ordinals.
    const multi = linesOf(recording('multi'));
    const cut = Buffer.from(`${multi.slice(0, 43).join('\n')}\n`);
    const multiName = readFileSync(path.join(RECORDINGS, 'multi', 'rollout.name'), 'utf8').trim();
    expect(multi.slice(40, 43).join('\n')).not.toContain('"thread_id"');
    expect(lineSessions(codexRollout.load(multiName, cut, {}))!.sessions.every((s) => !s.startsWith('turn-'))).toBe(
      true,
    );
    expect(lintBytes(multiName, cut, {}).result.diagnostics.filter(sessionMeta)).toEqual([]);
  });
});
