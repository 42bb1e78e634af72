// A torn write, NUL bytes, then a whole record on the same line (issue 35, differential seed 315):
// fixtures/sessions/codex/nul-after-torn/rollout.jsonl is the `plain` recording with lines 4–7 deleted, line 3 cut
// after 5140 bytes, 25 NUL bytes, and line 8 (the "say hello" prompt) right after them, as the harness made it.
// The real Codex CLI 0.169.0 skipped line 3 and resumed under MOCK_STRICT=1 without the prompt, rc 0 (sent-input.json).
// It resumed our --fix output with the prompt, rc 0, nothing rejected (fixed-sent-input.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');
const DATA = path.join(SESSIONS, 'nul-after-torn');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const linesOf = (b: Uint8Array) => Buffer.from(b).toString('utf8').split('\n');
const recording = linesOf(readFileSync(path.join(SESSIONS, 'recordings', 'plain', 'rollout.jsonl')));
const fragment = Buffer.from(recording[2]!).subarray(0, 5140).toString('utf8') + '\u0000'.repeat(25);
const exported = (b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const reportsAt3 = (b: Uint8Array) =>
  lintBytes(name, b, {})
    .result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl' && d.line === 3)
    .map((d) => [d.messageId, d.severity]);

describe('a torn write and NUL bytes, then a whole record on the same line (recorded, seed 315)', () => {
  it('the data: line 3 is a fragment of the recording’s line 3, 25 NUL bytes and its line 8', () => {
    expect(linesOf(data)).toEqual([...recording.slice(0, 2), fragment + recording[7], ...recording.slice(8)]);
    expect(recording[7]).toContain('"text":"say hello"');
  });

  it('export equals what Codex sent: no "say hello"', () => {
    const sent = sentOf('sent-input.json');
    expect(sent.length - exported(data).length).toBe(3);
    expectSameInput(exported(data), sent);
    expect(JSON.stringify(sent)).not.toContain('say hello');
  });

  it('is an error at line 3, saying what Codex loses', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message, d.fix?.applicability])).toEqual([
      [
        'afterTornNul',
        3,
        'error',
        'Line is a torn write (5140 bytes of a record cut off by a crash) and 25 NUL bytes, with a message written whole after them: Codex skips the line, so a message is lost on resume.',
        'safe',
      ],
    ]);
  });

  it('the fix writes the record back, byte for byte, and keeps the fragment and the NULs in a record Codex skips', () => {
    const fixed = fixBytes(name, data, { rules: [validJsonl] });
    const kept = JSON.stringify({
      timestamp: JSON.parse(recording[1]!).timestamp,
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: fragment },
      transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
    });
    expect(linesOf(fixed.output)).toEqual([...recording.slice(0, 2), kept, ...recording.slice(7)]);
  });

  it('after --fix Codex sends the prompt (recorded), and a second --fix changes nothing', () => {
    const fixed = fixBytes(name, data, {});
    const sent = sentOf('fixed-sent-input.json');
    expect(sent.length - exported(fixed.output).length).toBe(3);
    expectSameInput(exported(fixed.output), sent);
    expect(JSON.stringify(sent)).toContain('say hello');
    expect(fixBytes(name, fixed.output, {}).changed).toBe(false);
  });

  it('valid: a copy of a line of the file after the NULs is kept with the line, a warning, as before', () => {
    const copy = Buffer.from([...recording.slice(0, 2), fragment + recording[1], ...recording.slice(7)].join('\n'));
    expect(reportsAt3(copy)).toEqual([['parse', 'warn']]);
    const fixed = fixBytes(name, copy, { rules: [validJsonl] });
    expect(linesOf(fixed.output).filter((l) => l === recording[1])).toHaveLength(1);
  });

  it('without the NUL bytes it is the after-torn error it was', () => {
    const plain = Buffer.from(
      [...recording.slice(0, 2), fragment.replaceAll('\u0000', '') + recording[7], ...recording.slice(8)].join('\n'),
    );
    expect(reportsAt3(plain)).toEqual([['afterTorn', 'error']]);
  });
});
