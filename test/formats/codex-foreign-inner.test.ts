// Another session's call written inside a line (issue 35, differential seed 128): the `image` recording cut off at
// byte 21078, with the `patch` recording's custom_tool_call call_A1 (its line and newline) written into line 3 at byte
// 4540. call_A1 names only a turn no record of the file names. The real Codex CLI 0.169.0 skipped the two damaged
// lines (the developer message and the call) and sent the rest, rc 0 (fixtures/sessions/codex/foreign-inner/sent-input.json). Put
// back as a record, Codex sent call_A1 as this session's (with an "aborted" output): so the fix writes the developer
// message back and keeps the call in a record Codex skips. Codex resumed that under MOCK_STRICT=1 with the message
// and without call_A1, rc 0, nothing rejected (fixed-sent-input.json). An output of another session that no call of
// the file has is still put back (Codex drops it: test/formats/codex-split-record.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'foreign-inner');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const name = readFileSync(path.join(RECORDINGS, 'image', 'rollout.name'), 'utf8').trim();
const image = readFileSync(path.join(RECORDINGS, 'image', 'rollout.jsonl'));
const imageLines = image.toString('utf8').split('\n');
const inner = readFileSync(path.join(RECORDINGS, 'patch', 'rollout.jsonl'), 'utf8')
  .split('\n')
  .find((l) => l.includes('"type":"custom_tool_call"'))!;
const cut = image.subarray(0, 21078);
const line3 = Buffer.byteLength(`${imageLines[0]}\n${imageLines[1]}\n`);
const damaged = Buffer.concat([cut.subarray(0, line3 + 4540), Buffer.from(`${inner}\n`), cut.subarray(line3 + 4540)]);
const sent = JSON.parse(readFileSync(path.join(DATA, 'sent-input.json'), 'utf8')) as Record<string, unknown>[];
const exported = (b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;

describe('another session’s call written inside a line (recorded, seed 128)', () => {
  it('the inner record is the patch recording’s call_A1, whose turn the file never names', () => {
    expect(inner).toContain('"call_id":"call_A1"');
    const turn = /"turn_id":"([^"]+)"/.exec(inner)![1]!;
    expect(image.toString('utf8')).not.toContain(turn);
  });

  it('export equals what Codex sent: neither the developer message nor call_A1', () => {
    expect(sent.length - exported(damaged).length).toBe(3);
    expectSameInput(exported(damaged), sent);
    expect(JSON.stringify(sent)).not.toContain('call_A1');
  });

  it('valid-jsonl is an error; --fix writes the message back and keeps call_A1 where Codex skips it', () => {
    const found = lintBytes(name, damaged, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.fix?.applicability])).toEqual([
      ['split', 3, 'error', 'safe'],
      ['torn', 17, 'warn', 'safe'],
    ]);
    const fixed = fixBytes(name, damaged, {}).output;
    const out = Buffer.from(fixed).toString('utf8').split('\n');
    expect(out[2]).toBe(imageLines[2]);
    expect(JSON.parse(out[3]!)).toMatchObject({
      type: 'transcript_lint_kept_line',
      payload: { reason: 'a copy, or another session’s record', text: inner },
    });
    expect(lintBytes(name, fixed, {}).result.diagnostics).toEqual([]);
    const ours = exported(fixed);
    expect(JSON.stringify(ours)).not.toContain('call_A1');
    // The developer message the damaged line held is sent again: the recording's first items.
    expectSameInput(ours.slice(0, 3), exported(image).slice(0, 3));
    // Codex resumed the fixed file under MOCK_STRICT=1: rc 0, nothing rejected, this input.
    const fixedSent = JSON.parse(readFileSync(path.join(DATA, 'fixed-sent-input.json'), 'utf8'));
    expect(fixedSent.length - ours.length).toBe(2);
    expectSameInput(ours, fixedSent);
  });
});
