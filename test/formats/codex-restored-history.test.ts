// A restored backup whose lines bring back the whole history before it (issue 35, differential seeds 168 and 171):
// the `compact` recording's first 25 lines then its first 19 again, and the `multi` recording then its first 2 and
// its first 47 lines again. The real Codex CLI 0.169.0 started the history again at the last session_meta, and the
// lines after it held every item before it: it sent the whole history once, nothing rejected under MOCK_STRICT=1
// (rc 0; fixtures/sessions/codex/restored-history/*-sent-input.json). So the repeated session_meta is a warning there, and the
// fix still removes the copy whole.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'restored-history');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const recording = (name: string) => {
  const text = readFileSync(path.join(RECORDINGS, name, 'rollout.jsonl'), 'utf8');
  const lines = text.split('\n').slice(0, -1);
  return {
    text,
    name: readFileSync(path.join(RECORDINGS, name, 'rollout.name'), 'utf8').trim(),
    head: (n: number) => lines.slice(0, n).map((l) => `${l}\n`),
  };
};
const sent = (name: string) =>
  JSON.parse(readFileSync(path.join(DATA, `${name}-sent-input.json`), 'utf8')) as Record<string, unknown>[];
const metaReports = (name: string, b: Uint8Array) =>
  lintBytes(name, b, {})
    .result.diagnostics.filter((d) => d.ruleId === 'codex/session-meta')
    .map((d) => [d.line, d.severity, d.messageId, d.fix?.applicability]);

describe('a restored backup that holds the whole history before it (recorded, seeds 168 and 171)', () => {
  const compact = recording('compact');
  const seed168 = Buffer.from([...compact.head(25), ...compact.head(19)].join(''));
  const multi = recording('multi');
  const seed171 = Buffer.from([multi.text, ...multi.head(2), ...multi.head(47)].join(''));

  it('export equals what Codex sent: the history once', () => {
    for (const [r, bytes, file] of [
      [compact, seed168, 'compact'],
      [multi, seed171, 'multi'],
    ] as const) {
      const ours = exportInput(codexRollout.load(r.name, bytes, {})).input;
      expectSameInput(ours, sent(file));
      expect(sent(file).length - ours.length).toBeGreaterThan(0);
    }
  });

  it('each repeated session_meta is a warning that says nothing is lost; the fix removes the copies', () => {
    expect(metaReports(compact.name, seed168)).toEqual([[26, 'warn', 'secondNothingLost', 'safe']]);
    expect(metaReports(multi.name, seed171)).toEqual([
      [50, 'warn', 'secondNothingLost', 'safe'],
      [52, 'warn', 'secondNothingLost', 'safe'],
    ]);
    expect(Buffer.from(fixBytes(compact.name, seed168, {}).output).toString('utf8')).toBe(compact.head(25).join(''));
    expect(Buffer.from(fixBytes(multi.name, seed171, {}).output).toString('utf8')).toBe(multi.text);
  });

  it('a copy that holds less than the history before it is still an error', () => {
    // The compact recording whole (its compaction and the turn after it), then its first 19 lines: those are lost.
    const shorter = Buffer.from([compact.text, ...compact.head(19)].join(''));
    expect(metaReports(compact.name, shorter)).toEqual([[30, 'error', 'second', 'safe']]);
  });
});
