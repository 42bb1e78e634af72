// A torn write with a whole record after it on the same line (a crash mid-line, then the next write; issue 35):
// fixtures/sessions/codex/after-torn/rollout.jsonl is the `resumed` recording with line 12 cut after 148 bytes and
// line 13 (call_S1's output) written right after the fragment, as the differential harness made it (seed 29). The
// real Codex CLI 0.169.0 skipped that line: it answered call_S1 "aborted" (sent-input.json), rc 0. It resumed our
// --fix output with the real output, rc 0, nothing rejected (fixed-sent-input.json); the same again once the fix kept
// the fragment in a record Codex skips (the same input, but the first item's id).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'after-torn');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const linesOf = (b: Buffer | Uint8Array) => Buffer.from(b).toString('utf8').split('\n');
const recording = linesOf(
  readFileSync(
    path.join(
      import.meta.dirname,
      '..',
      '..',
      'fixtures',
      'sessions',
      'codex',
      'recordings',
      'resumed',
      'rollout.jsonl',
    ),
  ),
);
const torn = (line: string, bytes: number) => Buffer.from(line).subarray(0, bytes).toString('utf8');

/** Our export equals what Codex sent, but for the sent input's last two items: the context and the prompt it added. */
function expectSent(ours: Record<string, unknown>[], sent: Record<string, unknown>[]): void {
  expect(sent.length - ours.length).toBe(2);
  expectSameInput(ours, sent);
}

describe('a torn write, then a whole record on the same line (recorded)', () => {
  it('the data: the recording with line 12 cut after 148 bytes, line 13 right after it', () => {
    expect(linesOf(data)).toEqual([
      ...recording.slice(0, 11),
      torn(recording[11]!, 148) + recording[12],
      ...recording.slice(13),
    ]);
  });

  it('export equals what Codex sent: call_S1 answered "aborted"', () => {
    expectSent(exportInput(codexRollout.load(name, data, {})).input, sentOf('sent-input.json'));
  });

  it('is an error at line 12, saying what Codex loses', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'afterTorn',
        12,
        'error',
        'Line is a torn write (148 bytes of a record cut off by a crash) with a function_call_output written whole after it: Codex skips the line, so a function_call_output is lost on resume.',
      ],
    ]);
    expect(found[0]!.fix).toMatchObject({ applicability: 'safe' });
  });

  it('the fix writes the record back, byte for byte, and keeps the fragment before it in a record Codex skips', () => {
    const fixed = fixBytes(name, data, { rules: [validJsonl] });
    const kept = JSON.stringify({
      timestamp: JSON.parse(recording[10]!).timestamp,
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: torn(recording[11]!, 148) },
      transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
    });
    expect(linesOf(fixed.output)).toEqual([...recording.slice(0, 11), kept, ...recording.slice(12)]);
  });

  it('after --fix Codex sends the real output (recorded), and a second --fix changes nothing', () => {
    const fixed = fixBytes(name, data, {});
    expectSent(exportInput(codexRollout.load(name, fixed.output, {})).input, sentOf('fixed-sent-input.json'));
    expect(fixBytes(name, fixed.output, {}).changed).toBe(false);
  });

  it('an event after the fragment is a warning: Codex loses nothing it sends', () => {
    const i = recording.findIndex(
      (l, k) => l.includes('"type":"event_msg"') && recording[k + 1]?.includes('"type":"event_msg"'),
    );
    const lines = [...recording.slice(0, i), torn(recording[i]!, 100) + recording[i + 1], ...recording.slice(i + 2)];
    const found = lintBytes(name, Buffer.from(lines.join('\n')), {}).result.diagnostics.filter(
      (d) => d.ruleId === 'codex/valid-jsonl',
    );
    expect(found.map((d) => [d.messageId, d.line, d.severity])).toEqual([['afterTorn', i + 1, 'warn']]);
  });
});
