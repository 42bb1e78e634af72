// A record split across two lines by another record (A1 B, then A2), as the differential harness made it (issue 35),
// each resumed with the real Codex CLI 0.169.0 under MOCK_STRICT=1 (sent-input.json: what it sent, rc 0), and our
// fixed file too (fixed-sent-input.json, moved-sent-input.json: rc 0, nothing rejected):
// - split-after-torn (seed 383): the `resumed` recording with line 32 torn after 597 bytes, line 33 (a token_count)
//   after it, and another session's reasoning (the `think` recording's line 11) written inside that: F A1 B on line
//   31, A2 on line 32 (an earlier torn line took a line out). Codex resumed it with nothing of this session lost.
// - split-copy (seed 392): the `plain` recording cut after line 3, its line 1 appended again, and its line 2 written
//   inside that copy: line 4 is A1 B, line 5 A2, both copies of lines 1 and 2. Codex resumed it with nothing lost.
// - split-foreign-meta (seed 376): the `shell` recording with another session (`patch`) appended, and a copy of that
//   session's world_state (line 25) written inside its session_meta: line 20 is A1 B, line 21 A2. Codex sent the other
//   session's history as this one's. `split` moves lines 20–44 (the other session, its session_meta with them) to
//   a rollout of its own; --fix then mends both files.
// - split-before-compaction (seed 445): the `compact` recording with another session's function_call_output written
//   inside its line 5 (a world_state) and the recording's lines 13–14 deleted. The output lies before the compaction,
//   so Codex would not send it: it resumed the file with nothing lost.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { linter } from '../../src/composition.js';
import { splitSessions } from '../../src/engine/split-sessions.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');
const load = (id: string) => {
  const dir = path.join(SESSIONS, id);
  const sentOf = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>[];
  return {
    name: readFileSync(path.join(dir, 'rollout.name'), 'utf8').trim(),
    data: readFileSync(path.join(dir, 'rollout.jsonl')),
    sent: sentOf('sent-input.json'),
    sentOf,
  };
};
const linesOf = (b: Uint8Array) => Buffer.from(b).toString('utf8').split('\n');
const recording = (id: string) => linesOf(readFileSync(path.join(SESSIONS, 'recordings', id, 'rollout.jsonl')));
const exported = (name: string, b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const diagnostics = (name: string, b: Uint8Array) => lintBytes(name, b, {}).result.diagnostics;
const errors = (name: string, b: Uint8Array) => diagnostics(name, b).filter((d) => d.severity === 'error');
const parsed = (lines: string[]) => lines.filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-codex-split-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a torn write, then a record split by another session’s (recorded, seed 383)', () => {
  const { name, data, sent, sentOf } = load('split-after-torn');
  const lines = linesOf(data);
  const own = recording('resumed');

  it('the data: line 31 is a fragment of the recording’s line 32, then its line 33 with think’s line 11 inside', () => {
    expect(lines[30]!.slice(0, 597)).toBe(own[31]!.slice(0, 597));
    expect(lines[30]!.slice(597, 1011) + lines[31]).toBe(own[32]);
    expect(lines[30]!.slice(1011)).toBe(recording('think')[10]);
  });

  it('export equals what Codex sent, and no error fires', () => {
    expect(sent.length - exported(name, data).length).toBe(2);
    expectSameInput(exported(name, data), sent);
    expect(errors(name, data)).toEqual([]);
    const found = diagnostics(name, data).filter((d) => d.ruleId === 'codex/valid-jsonl' && d.line === 31);
    expect(found.map((d) => [d.messageId, d.severity, d.message])).toEqual([
      [
        'splitAfterTorn',
        'warn',
        'Line is a torn write (597 bytes of a record cut off by a crash), then a reasoning written inside a token_count that ends on line 32 (two writers at once): Codex skips both lines, so both records are lost on resume.',
      ],
    ]);
  });

  it('the fix keeps the fragment and the other session’s record, and writes the token_count back whole', () => {
    const fixed = linesOf(fixBytes(name, data, { rules: [validJsonl] }).output);
    const kept = (text: string, reason: string) =>
      JSON.stringify({
        timestamp: JSON.parse(lines[29]!).timestamp,
        type: 'transcript_lint_kept_line',
        payload: { reason, text },
        transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
      });
    // Line 26 (a torn write with a record after it) became two lines before them.
    expect(fixed.slice(31, 34)).toEqual([
      kept(lines[30]!.slice(0, 597), 'torn'),
      own[32],
      kept(lines[30]!.slice(1011), 'a copy, or another session’s record'),
    ]);
    const all = fixBytes(name, data, {});
    expect(diagnostics(name, all.output)).toEqual([]);
    expectSameInput(exported(name, all.output), sentOf('fixed-sent-input.json'));
    expect(fixBytes(name, all.output, {}).changed).toBe(false);
  });
});

describe('a copy of the session_meta split by a copy of line 2 (recorded, seed 392)', () => {
  const { name, data, sent, sentOf } = load('split-copy');
  const lines = linesOf(data);
  const own = recording('plain');

  it('the data: lines 1–3, then line 1 with line 2 inside it', () => {
    expect(lines.slice(0, 3)).toEqual(own.slice(0, 3));
    expect(lines[3]!.slice(505)).toBe(own[1]);
    expect(lines[3]!.slice(0, 505) + lines[4]).toBe(own[0]);
  });

  it('export equals what Codex sent, and it is a warning: another line holds each record', () => {
    expect(sent.length - exported(name, data).length).toBe(3);
    expectSameInput(exported(name, data), sent);
    expect(errors(name, data)).toEqual([]);
    const found = diagnostics(name, data).filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['splitCopy', 4, 'warn']]);
  });

  it('invalid: a session_meta no other line holds is the error it was', () => {
    const other = own[0]!.replace('"account_scoped":true', '"account_scoped":false');
    const changed = Buffer.from([...lines.slice(0, 3), other.slice(0, 505) + own[1], other.slice(505), ''].join('\n'));
    const found = diagnostics(name, changed).filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['split', 4, 'error']]);
  });

  it('--fix leaves a file that lints clean and sends what Codex sent', () => {
    const fixed = fixBytes(name, data, {}).output;
    expect(errors(name, fixed)).toEqual([]);
    expectSameInput(exported(name, fixed), sentOf('fixed-sent-input.json'));
    expect(fixBytes(name, fixed, {}).changed).toBe(false);
  });
});

describe('another session’s session_meta split by a copy of its world_state (recorded, seed 376)', () => {
  const { name, data, sent, sentOf } = load('split-foreign-meta');
  const lines = linesOf(data);
  const own = recording('shell');
  const other = recording('patch');
  const OTHER = '01a230f0-5449-7b93-a592-2e617e9646df';

  it('the data: the shell recording, then the patch recording with line 6 written inside its line 1', () => {
    expect(lines.slice(0, 19)).toEqual(own.slice(0, 19));
    expect(lines[19]!.slice(162)).toBe(other[4]);
    expect(lines[19]!.slice(0, 162) + lines[20]).toBe(other[0]);
    expect(lines.slice(21)).toEqual(other.slice(1));
  });

  it('export equals what Codex sent: the other session’s history', () => {
    expect(sent.length - exported(name, data).length).toBe(2);
    expectSameInput(exported(name, data), sent);
    expect(JSON.stringify(sent)).toContain('create hello.txt');
  });

  it('split moves lines 20–44 to the other session’s rollout; --fix then leaves two clean files', async () => {
    expect(errors(name, data).map((d) => [d.ruleId, d.messageId, d.line])).toEqual([
      ['codex/session-meta', 'mixedInUnreadMeta', 20],
      ['codex/valid-jsonl', 'split', 20],
    ]);
    // Its session_meta is in the file, on a line Codex cannot read, and split moves it with the other lines.
    expect(errors(name, data)[0]!.message).toBe(
      `Lines 20–44 (25 lines) hold records of another session (${OTHER}), with its session_meta on line 20, a line Codex cannot read (another record written inside it): two rollouts joined into one file, or two writers at once. Codex does not start that session’s history there, and sends 8 items of them as this session’s history. \`transcript-lint split FILE\` moves these lines, that session_meta with them, to rollout-2026-12-01T09-29-46-${OTHER}.jsonl beside it (--fix does not).`,
    );
    const file = path.join(dir, name);
    writeFileSync(file, data);
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    const to = path.join(dir, `rollout-2026-12-01T09-29-46-${OTHER}.jsonl`);
    expect(result.moved).toEqual([{ sessionId: OTHER, to, lines: 25, bytes: expect.any(Number) }]);
    expect(readdirSync(dir).sort()).toEqual([name, path.basename(to)].sort());
    // The file is the shell recording again, byte for byte.
    expect(readFileSync(file)).toEqual(readFileSync(path.join(SESSIONS, 'recordings', 'shell', 'rollout.jsonl')));
    const moved = readFileSync(to);
    expect(linesOf(moved)).toEqual(lines.slice(19));
    const fixed = fixBytes(path.basename(to), moved, {}).output;
    expect(diagnostics(path.basename(to), fixed)).toEqual([]);
    expectSameInput(exported(path.basename(to), fixed), sentOf('moved-sent-input.json'));
    // Nothing of the other session is lost: its records, as the recording holds them, and the copy kept.
    expect(parsed(linesOf(fixed)).filter((r) => r.type !== 'transcript_lint_kept_line')).toEqual(parsed(other));
    expect(diagnostics(name, readFileSync(file))).toEqual([]);
  });
});

describe('another session’s output split into a record before the compaction (recorded, seed 445)', () => {
  const { name, data, sent } = load('split-before-compaction');
  const lines = linesOf(data);

  it('export equals what Codex sent, and it is a warning: Codex sends nothing from before the compaction', () => {
    expect(sent.length - exported(name, data).length).toBe(2);
    expectSameInput(exported(name, data), sent);
    expect(errors(name, data)).toEqual([]);
    const found = diagnostics(name, data).filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['split', 5, 'warn']]);
  });

  it('invalid: without the compacted record (line 18) Codex would send the output, an error', () => {
    expect(lines[17]).toContain('"type":"compacted"');
    const uncompacted = Buffer.from(lines.filter((_, i) => i !== 17).join('\n'));
    const found = diagnostics(name, uncompacted).filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['split', 5, 'error']]);
  });
});
