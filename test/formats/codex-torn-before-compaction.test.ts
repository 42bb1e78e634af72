// A torn write with a whole record after it, before the compaction (issue 35): fixtures/sessions/codex/
// torn-before-compaction/rollout.jsonl is the `compact` recording with line 2 cut after 397 bytes and line 3 (its
// developer message) written right after the fragment, a line written inside line 24, and its tail zeroed, as the
// differential harness made it (seed 479). The real Codex CLI 0.169.0 skipped line 2, but the compacted record on
// line 18 replaces the history before it, so nothing was lost: it resumed the file, rc 0, nothing rejected
// (sent-input.json), and our --fix output the same way (fixed-sent-input.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');
const DATA = path.join(SESSIONS, 'torn-before-compaction');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const linesOf = (b: Buffer | Uint8Array) => Buffer.from(b).toString('utf8').split('\n');
const recording = linesOf(readFileSync(path.join(SESSIONS, 'recordings', 'compact', 'rollout.jsonl')));
const lines = linesOf(data);
const fragment = Buffer.from(recording[1]!).subarray(0, 397).toString('utf8');
const exported = (b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const onLine2 = (b: Uint8Array) =>
  lintBytes(name, b, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl' && d.line === 2);

/** Our export equals what Codex sent, but for the sent input's last two items: the context and the prompt it added. */
function expectSent(ours: Record<string, unknown>[], sent: Record<string, unknown>[]): void {
  expect(sent.length - ours.length).toBe(2);
  expectSameInput(ours, sent);
}

describe('a torn write, then the developer message, before the compaction (recorded, seed 479)', () => {
  it('the data: line 2 is 397 bytes of the recording’s line 2, then its line 3; the compacted record on line 18', () => {
    expect(lines[0]).toBe(recording[0]);
    expect(lines[1]).toBe(fragment + recording[2]);
    expect(lines.slice(2, 22)).toEqual(recording.slice(3, 23));
    expect(JSON.parse(recording[2]!).payload).toMatchObject({ type: 'message', role: 'developer' });
    expect(JSON.parse(lines[17]!).type).toBe('compacted');
  });

  it('export equals what Codex sent, and no error fires: the compaction replaces the lost message', () => {
    expectSent(exported(data), sentOf('sent-input.json'));
    expect(lintBytes(name, data, {}).result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(onLine2(data).map((d) => [d.messageId, d.severity, d.message])).toEqual([
      [
        'afterTornUnsent',
        'warn',
        'Line is a torn write (397 bytes of a record cut off by a crash) with a developer message written whole after it: Codex skips the line, but it would not send that record anyway (the compacted record on line 18 replaces the history before it), so nothing is lost.',
      ],
    ]);
  });

  it('line 23: a turn_context written inside an item_completed, both events, a warning', () => {
    const found = lintBytes(name, data, {}).result.diagnostics.filter(
      (d) => d.ruleId === 'codex/valid-jsonl' && d.line === 23,
    );
    expect(found.map((d) => [d.messageId, d.severity, d.message])).toEqual([
      [
        'split',
        'warn',
        'Line holds a turn_context written inside an item_completed that ends on line 24 (two writers at once): Codex skips both lines, so both records are lost on resume (a call whose output is lost is answered "aborted", an output whose call is lost is dropped).',
      ],
    ]);
  });

  it('invalid: without the compacted record Codex would send the developer message, an error', () => {
    const uncompacted = Buffer.from(lines.filter((_, i) => i !== 17).join('\n'));
    expect(onLine2(uncompacted).map((d) => [d.messageId, d.severity])).toEqual([['afterTorn', 'error']]);
  });

  it('the fix writes the message back and keeps the fragment; the fixed file sends what Codex sent of it', () => {
    const fixed = fixBytes(name, data, { rules: [validJsonl] }).output;
    const out = linesOf(fixed);
    expect(JSON.parse(out[1]!)).toMatchObject({
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: fragment },
    });
    expect(out[2]).toBe(recording[2]);
    const all = fixBytes(name, data, {}).output;
    expect(lintBytes(name, all, {}).result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expectSent(exported(all), sentOf('fixed-sent-input.json'));
    expect(fixBytes(name, all, {}).changed).toBe(false);
  });
});
