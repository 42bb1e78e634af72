// A whole record, then NUL bytes and the rest of the next record on the same line (issue 35, differential seed 640):
// fixtures/sessions/codex/record-then-nul-tail/rollout.jsonl is the `shell` recording with 3754 bytes zeroed from the
// end of line 4 (its line feed and the start of line 5), the file's first 14 lines appended again and lines 7–8
// deleted, as the harness made it. Line 4 is the recording's line 4 (the environment_context message), 3754 NUL bytes
// and the last 2097 bytes of its line 5. The real Codex CLI 0.169.0 skipped line 4 (and its copy, line 20) and resumed
// under MOCK_STRICT=1 without that message, rc 0 (sent-input.json); it resumed our --fix output with it, rc 0,
// nothing rejected (fixed-sent-input.json).
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { codexCase, expectSameInput } from '../helpers/codex-input.js';

const SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');
const { name, data, sentOf } = codexCase('record-then-nul-tail');
const linesOf = (b: Uint8Array) => Buffer.from(b).toString('utf8').split('\n');
const recording = linesOf(readFileSync(path.join(SESSIONS, 'recordings', 'shell', 'rollout.jsonl')));
const tail = '\u0000'.repeat(3754) + recording[4]!.slice(-2097);
const exported = (b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const envContext = '<environment_context>';

describe('a whole record, then NUL bytes and a damaged tail on the same line (recorded, seed 640)', () => {
  it('the data: line 4 is the recording’s line 4, 3754 NUL bytes and the end of its line 5', () => {
    const lines = linesOf(data);
    expect(lines.slice(0, 4)).toEqual([...recording.slice(0, 3), recording[3] + tail]);
    expect(recording[3]).toContain(envContext);
  });

  it('export equals what Codex sent: its history has no environment_context message', () => {
    const sent = sentOf('sent-input.json');
    const ours = exported(data);
    expectSameInput(ours, sent.slice(0, ours.length));
    expect(ours.filter((i) => JSON.stringify(i).includes(envContext))).toHaveLength(0);
    expect(sent.slice(0, 3).map((i) => JSON.stringify(i).includes(envContext))).toEqual([false, false, false]);
  });

  it('is an error at lines 4 and 20 (its copy), saying what Codex loses', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
    const message =
      'Line is an environment_context message written whole, then 3754 NUL bytes and 2097 bytes left of the next record (a crash zeroed the line feed between them): Codex skips the line, so an environment_context message is lost on resume.';
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message, d.fix?.applicability])).toEqual([
      ['beforeTail', 4, 'error', message, 'safe'],
      ['beforeTail', 20, 'error', message, 'safe'],
    ]);
  });

  it('the fix writes the record back on its line, byte for byte, and keeps the rest in a record after it', () => {
    const fixed = fixBytes(name, data, { rules: [validJsonl] });
    const lines = linesOf(data);
    const kept = JSON.stringify({
      timestamp: JSON.parse(recording[2]!).timestamp,
      type: 'transcript_lint_kept_line',
      payload: { reason: 'NUL bytes', text: tail },
      transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
    });
    expect(lines[19]).toBe(lines[3]);
    expect(linesOf(fixed.output)).toEqual([
      ...lines.slice(0, 3),
      recording[3],
      kept,
      ...lines.slice(4, 19),
      recording[3],
      kept,
      ...lines.slice(20),
    ]);
  });

  it('after --fix Codex sends the environment_context message (recorded), and a second --fix changes nothing', () => {
    const fixed = fixBytes(name, data, {});
    const sent = sentOf('fixed-sent-input.json');
    expect(sent.length).toBe(sentOf('sent-input.json').length + 2);
    const ours = exported(fixed.output);
    expectSameInput(ours, sent.slice(0, ours.length));
    expect(JSON.stringify(sent[2])).toContain(envContext);
    expect(ours.filter((i) => JSON.stringify(i).includes(envContext))).toHaveLength(1);
    expect(fixBytes(name, fixed.output, {}).changed).toBe(false);
  });
});
