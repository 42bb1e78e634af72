// A block of records written twice (codex/unique-call-id's replayedBlock), on a recording: fixtures/sessions/codex/replay
// is the `shell` recording with its lines 8-19 appended again, then resumed once by the real Codex CLI 0.169.0 (which
// appended its failed turn, lines 32-39): rollout.jsonl. sent-input.json is what Codex sent resuming it (rejected by the
// strict stand-in: "Duplicate item found with id msg_01a230f0-…"), fixed-sent-input.json what it sent resuming our
// --fix output (rc 0, nothing rejected).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'replay');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const lines = data.toString('utf8').split('\n');
const enc = new TextEncoder();

/** Our export equals what Codex sent, but for the sent input's last item: the prompt the resume added. */
function expectSent(ours: Record<string, unknown>[], sent: Record<string, unknown>[]): void {
  expect(sent.length - ours.length).toBe(1);
  expectSameInput(ours, sent);
}

describe('a block of records written twice (recorded)', () => {
  it('the data: lines 20-31 are lines 8-19 byte for byte', () => {
    expect(lines.slice(19, 31)).toEqual(lines.slice(7, 19));
  });

  it('export equals what Codex sent: every item of the copy a second time', () => {
    expectSent(exportInput(codexRollout.load(name, data, {})).input, sentOf('sent-input.json'));
  });

  it('is one error, at the copy, naming the lines it repeats and the id the API names', () => {
    const found = lintBytes(name, data, {}).result.diagnostics;
    expect(found.map((d) => [d.ruleId, d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'codex/unique-call-id',
        'replayedBlock',
        20,
        'error',
        'Lines 20-31 repeat lines 8-19 byte for byte (records written twice): Codex sends their 4 items again, and the API rejects the request ("Duplicate item found with id msg_01a230f0-4c66-7c91-8d2e-0f5633335bb6. Remove duplicate items from your input and try again.").',
      ],
    ]);
    expect(found[0]!.fix?.description).toBe('remove lines 20-31, an exact copy of lines 8-19: nothing is lost');
  });

  it('--fix removes the copy and nothing else; the result is clean, and export equals what Codex then sent', () => {
    const fixed = fixBytes(name, data, {});
    const expected = [...lines.slice(0, 19), ...lines.slice(31)].join('\n');
    expect(Buffer.from(fixed.output).toString('utf8')).toBe(expected);
    expect(lintBytes(name, fixed.output, {}).result.diagnostics).toEqual([]);
    expectSent(exportInput(codexRollout.load(name, fixed.output, {})).input, sentOf('fixed-sent-input.json'));
  });

  it('a copy that differs in one byte is not a replayed block: each repeated item is reported as before', () => {
    const changed = [...lines];
    changed[20] = changed[20]!.replace('"ordinal":8', '"ordinal":80');
    const found = lintBytes(name, enc.encode(changed.join('\n')), {}).result.diagnostics.filter(
      (d) => d.ruleId === 'codex/unique-call-id',
    );
    // Line 20 alone is still a copy of line 8; lines 22-31 are another block (of lines 10-19).
    expect(found.map((d) => `${d.messageId}@${d.line}`)).toEqual(['replayedBlock@20', 'replayedBlock@22']);
    expect(found[1]!.message).toContain('Lines 22-31 repeat lines 10-19 byte for byte');
  });

  it('items of the copy without an id (an output) are not also reported as second outputs', () => {
    const noId = data.toString('utf8').replaceAll('"id":"fco_01a230f0-4cca-72e2-825c-811be498e30c",', '');
    expect(noId.split('\n').slice(19, 31)).toEqual(noId.split('\n').slice(7, 19));
    const found = lintBytes(name, enc.encode(noId), {}).result.diagnostics;
    expect(found.map((d) => `${d.ruleId}/${d.messageId}@${d.line}`)).toEqual(['codex/unique-call-id/replayedBlock@20']);
    expect(found[0]!.message).toContain('Codex sends their 3 items again');
    const lines2 = noId.split('\n');
    expect(Buffer.from(fixBytes(name, enc.encode(noId), {}).output).toString('utf8')).toBe(
      [...lines2.slice(0, 19), ...lines2.slice(31)].join('\n'),
    );
  });

  it('a block written three times: two copies, each of the original', () => {
    const thrice = [...lines.slice(0, 31), ...lines.slice(7, 19), ...lines.slice(31)].join('\n');
    const found = lintBytes(name, enc.encode(thrice), {}).result.diagnostics;
    expect(found.map((d) => `${d.ruleId}/${d.messageId}@${d.line}`)).toEqual([
      'codex/unique-call-id/replayedBlock@20',
      'codex/unique-call-id/replayedBlock@32',
    ]);
    expect(found[1]!.message).toContain('Lines 32-43 repeat lines 8-19');
    expect(Buffer.from(fixBytes(name, enc.encode(thrice), {}).output).toString('utf8')).toBe(
      [...lines.slice(0, 19), ...lines.slice(31)].join('\n'),
    );
  });
});
