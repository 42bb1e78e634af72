// Another session's session_meta in a rollout, as the differential harness made it (issue 35), each resumed with the
// real Codex CLI 0.169.0 under MOCK_STRICT=1 (sent-input.json, rc 0; codex-error.txt when it failed), and our
// `split` + --fix output too (fixed-sent-input.json, moved-sent-input.json: rc 0, nothing rejected):
// - torn-foreign-meta (seed 528): the `toolsearch` recording cut inside line 8, with the `interrupt` recording's
//   session_meta written inside its line 7 after 185 bytes: line 7 is F B, line 8 the rest of line 7, torn. Codex
//   skipped line 7 and resumed this session with nothing lost.
// - meta-in-meta (seed 551): the `plain` recording with the `interrupt` recording's session_meta written inside its
//   own session_meta after 105 bytes (line 1 is A1 B, line 2 A2), and more damage. Codex failed before any request.
// - concat-restored (seed 574): the `compact` recording without lines 2–7, the first two lines of `interrupt`
//   appended, then the compact recording's lines 1–23 again (lines 2–7 deleted). Codex started the history again at
//   line 26 and resumed with nothing lost, none of interrupt's items sent.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../../src/composition.js';
import { splitSessions } from '../../src/engine/split-sessions.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { codexCase, expectSameInput } from '../helpers/codex-input.js';

const SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');
const load = codexCase;
const linesOf = (b: Uint8Array) => Buffer.from(b).toString('utf8').split('\n');
const recording = (id: string) => linesOf(readFileSync(path.join(SESSIONS, 'recordings', id, 'rollout.jsonl')));
const exported = (name: string, b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const diagnostics = (name: string, b: Uint8Array) => lintBytes(name, b, {}).result.diagnostics;
const errors = (name: string, b: Uint8Array) => diagnostics(name, b).filter((d) => d.severity === 'error');
const INTERRUPT = '01a230f0-56a7-7220-a1b8-ec278a6ac71b';

/** Our export equals what Codex sent, but for the sent input's last two items: the context and the prompt it added. */
function expectSent(ours: Record<string, unknown>[], sent: Record<string, unknown>[]): void {
  expect(sent.length - ours.length).toBe(2);
  expectSameInput(ours, sent);
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-codex-joined-meta-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('another session’s session_meta after a torn write (recorded, seed 528)', () => {
  const { name, data, sentOf } = load('torn-foreign-meta');
  const lines = linesOf(data);
  const own = recording('toolsearch');

  it('the data: toolsearch’s lines 1–6, then 185 bytes of its line 7 and interrupt’s session_meta, then the rest, torn', () => {
    expect(lines.slice(0, 6)).toEqual(own.slice(0, 6));
    expect(lines[6]).toBe(own[6]!.slice(0, 185) + recording('interrupt')[0]);
    expect(own[6]!.slice(185).startsWith(lines[7]!)).toBe(true);
  });

  it('export equals what Codex sent, and no error fires: Codex skips the line and resumes this session', () => {
    expectSent(exported(name, data), sentOf('sent-input.json'));
    expect(errors(name, data)).toEqual([]);
    const found = diagnostics(name, data).filter((d) => d.line === 7);
    expect(found.map((d) => [d.ruleId, d.messageId, d.severity, d.message])).toEqual([
      [
        'codex/session-meta',
        'mixedInUnreadMetaUnsent',
        'warn',
        `Lines 7–8 (2 lines) hold records of another session (${INTERRUPT}), with its session_meta on line 7, a line Codex cannot read (a torn write before it on the line): two rollouts joined into one file, or two writers at once. Codex sends none of them. \`transcript-lint split FILE\` moves these lines, that session_meta with them, to rollout-2026-12-01T09-29-46-${INTERRUPT}.jsonl beside it.`,
      ],
      [
        'codex/valid-jsonl',
        'afterTornForeignMeta',
        'warn',
        `Line is a torn write (185 bytes of a record cut off by a crash) with the session_meta of another session (${INTERRUPT}) written whole after it: Codex skips the line, so it does not start that session’s history there, and nothing of this session is lost.`,
      ],
    ]);
  });

  it('--fix alone keeps the line whole: it does not put the other session’s session_meta back', () => {
    const fixed = fixBytes(name, data, {}).output;
    const out = linesOf(fixed);
    expect(JSON.parse(out[6]!)).toMatchObject({
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: lines[6] },
    });
    expect(out.filter((l) => l.includes('"type":"session_meta"'))).toEqual([lines[0]]);
    expect(errors(name, fixed)).toEqual([]);
  });

  it('split moves lines 7–8; --fix writes the moved session_meta first and keeps the fragment after it', async () => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    await splitSessions({ filePath: file, backup: false }, linter);
    const to = `rollout-2026-12-01T09-29-46-${INTERRUPT}.jsonl`;
    expect(readdirSync(dir).sort()).toEqual([to, name].sort());
    const mine = fixBytes(name, readFileSync(file), {}).output;
    expect(diagnostics(name, mine)).toEqual([]);
    expectSent(exported(name, mine), sentOf('fixed-sent-input.json'));
    const moved = readFileSync(path.join(dir, to));
    expect(linesOf(moved)).toEqual([...lines.slice(6), '']);
    const fixed = fixBytes(to, moved, {}).output;
    const out = linesOf(fixed);
    expect(out[0]).toBe(recording('interrupt')[0]);
    expect(JSON.parse(out[1]!)).toMatchObject({
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: own[6]!.slice(0, 185) },
    });
    // No turn_context in the moved session: Codex rebuilds the context on resume (a warning), and sends it.
    expect(diagnostics(to, fixed).map((d) => [d.ruleId, d.severity])).toEqual([['codex/turn-context', 'warn']]);
    // Codex sent the base instructions, then the context it rebuilt and the prompt (3 items).
    expect(sentOf('moved-sent-input.json').length - exported(to, fixed).length).toBe(3);
    expectSameInput(exported(to, fixed), sentOf('moved-sent-input.json'));
    expect(fixBytes(to, fixed, {}).changed).toBe(false);
  });
});

describe('another session’s session_meta written inside the file’s own (recorded, seed 551)', () => {
  const { name, data, sentOf, dir: fixtureDir } = load('meta-in-meta');
  const lines = linesOf(data);

  it('the data: line 1 is 105 bytes of plain’s session_meta and interrupt’s, line 2 the rest of plain’s', () => {
    expect(lines[0]).toBe(recording('plain')[0]!.slice(0, 105) + recording('interrupt')[0]);
    expect(lines[0]!.slice(0, 105) + lines[1]).toBe(recording('plain')[0]);
  });

  it('Codex failed before any request, and so does export; lint reports it', () => {
    const said = readFileSync(path.join(fixtureDir, 'codex-error.txt'), 'utf8');
    expect(said).toContain('does not start with session metadata (code -32603)');
    expect(exportInput(codexRollout.load(name, data, {})).fatal).toContain('does not start with session metadata');
    expect(errors(name, data).map((d) => [d.ruleId, d.messageId, d.line])).toContainEqual([
      'codex/valid-jsonl',
      'split',
      1,
    ]);
  });

  it('--fix writes the file’s own session_meta back and keeps the other one in a kept line: one session_meta', () => {
    const fixed = fixBytes(name, data, { unsafe: true }).output;
    const out = linesOf(fixed);
    expect(out[0]).toBe(recording('plain')[0]);
    expect(JSON.parse(out[1]!)).toMatchObject({
      type: 'transcript_lint_kept_line',
      payload: { text: recording('interrupt')[0] },
    });
    expect(out.filter((l) => l.includes('"type":"session_meta"'))).toHaveLength(1);
    expect(diagnostics(name, fixed).filter((d) => d.severity === 'error')).toEqual([]);
    expectSent(exported(name, fixed), sentOf('fixed-sent-input.json'));
    expect(fixBytes(name, fixed, { unsafe: true }).changed).toBe(false);
  });
});

describe('another session between the file and its restored backup (recorded, seed 574)', () => {
  const { name, data, sentOf } = load('concat-restored');
  const lines = linesOf(data);
  const own = recording('compact');

  it('the data: compact’s lines 1 and 8–30, interrupt’s lines 1–2, then compact’s lines 1 and 8–30 again', () => {
    const kept = [own[0], ...own.slice(7, 29)];
    expect(lines.slice(0, 23)).toEqual(kept);
    expect(lines.slice(23, 25)).toEqual(recording('interrupt').slice(0, 2));
    expect(lines.slice(25, 48)).toEqual(kept);
  });

  it('export equals what Codex sent, and no error fires: the history starts again at line 26', () => {
    expectSent(exported(name, data), sentOf('sent-input.json'));
    expect(errors(name, data)).toEqual([]);
    const found = diagnostics(name, data).filter((d) => d.ruleId === 'codex/session-meta');
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([
      ['concatenatedRestored', 24, 'warn'],
      ['secondNothingLost', 26, 'warn'],
    ]);
    expect(found[0]!.message).toBe(
      `A session_meta of another session (${INTERRUPT}) starts here, as in two rollouts joined into one file, but the session_meta on line 26 starts this session’s history again and the lines after it hold all of it: Codex sends none of the other session’s items, and nothing is lost. \`transcript-lint split FILE\` moves the other session to a rollout of its own.`,
    );
  });

  it('invalid: without the restored copy it is the error it was (Codex resumes only the other session)', () => {
    const joined = Buffer.from(`${lines.slice(0, 25).join('\n')}\n`);
    const found = diagnostics(name, joined).filter((d) => d.ruleId === 'codex/session-meta');
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['concatenated', 24, 'error']]);
  });
});
