// One record written inside another (issue 35): fixtures/sessions/codex/split-record/rollout.jsonl is the `image`
// recording with a whole line of the `multi` recording (its call_M3 output, with its newline) written into line 10 at
// byte 568, as the differential harness made it (seed 15). Line 10 is then the function_call call_G1's start plus
// that line, and line 11 the call's end. The real Codex CLI 0.169.0 skipped both lines: it sent neither call_G1 nor
// its output (dropped as an orphan), rc 0 (sent-input.json). It resumed our --fix output with both, rc 0, nothing
// rejected (fixed-sent-input.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'split-record');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const linesOf = (b: Buffer) => b.toString('utf8').split('\n');
const image = linesOf(readFileSync(path.join(RECORDINGS, 'image', 'rollout.jsonl')));
const inner = linesOf(readFileSync(path.join(RECORDINGS, 'multi', 'rollout.jsonl'))).find(
  (l) => l.includes('"type":"function_call_output"') && l.includes('"call_id":"call_M3"'),
)!;

/** Our export equals what Codex sent, but for the sent input's last two items: the context and the prompt it added. */
function expectSent(ours: Record<string, unknown>[], sent: Record<string, unknown>[]): void {
  expect(sent.length - ours.length).toBe(2);
  expectSameInput(ours, sent);
}

describe('a record written inside another, across two lines (recorded)', () => {
  it('the data: the recording, with a whole line of another written into line 10 at byte 568', () => {
    const at = Buffer.from(image[9]!).subarray(0, 568).toString('utf8');
    const rest = image[9]!.slice(at.length);
    expect(inner).toContain('"call_id":"call_M3"');
    expect(linesOf(data)).toEqual([...image.slice(0, 9), at + inner, rest, ...image.slice(10)]);
  });

  it('export equals what Codex sent: neither the call nor its output', () => {
    const ours = exportInput(codexRollout.load(name, data, {})).input;
    expectSent(ours, sentOf('sent-input.json'));
    expect(JSON.stringify(ours)).not.toContain('call_G1');
  });

  it('is an error at line 10, saying what Codex loses', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'split',
        10,
        'error',
        'Line holds a function_call_output written inside a function_call that ends on line 11 (two writers at once): Codex skips both lines, so both records are lost on resume (a call whose output is lost is answered "aborted", an output whose call is lost is dropped).',
      ],
    ]);
    expect(found[0]!.fix).toMatchObject({ applicability: 'safe' });
  });

  it('the fix puts both records back, each with its own bytes, in ordinal order', () => {
    const fixed = fixBytes(name, data, { rules: [validJsonl] });
    expect(linesOf(Buffer.from(fixed.output))).toEqual([...image.slice(0, 10), inner, ...image.slice(10)]);
  });

  it('--fix then drops the other session’s orphan output: the recording, byte for byte, and Codex sends the call', () => {
    const fixed = fixBytes(name, data, {});
    expect(Buffer.from(fixed.output).toString('utf8')).toBe(image.join('\n'));
    expect(lintBytes(name, fixed.output, {}).result.diagnostics).toEqual([]);
    expectSent(exportInput(codexRollout.load(name, fixed.output, {})).input, sentOf('fixed-sent-input.json'));
  });

  it('a line whose end is no record is not put back (each line stays a parse finding)', () => {
    const broken = Buffer.from(data.toString('utf8').replace(image[9]!.slice(568), '"oops'));
    const found = lintBytes(name, broken, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
    expect(found.map((d) => d.messageId)).not.toContain('split');
  });
});
