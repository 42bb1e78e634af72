// A restored copy glued to a torn line (issue 35, differential seed 300): fixtures/sessions/codex/torn-copy/rollout.jsonl is the
// `websearch` recording cut by a crash, restored from an older copy (its first 2 lines appended after the torn last
// line) and written into by another writer, as the harness made it. Line 9 is the torn fragment followed by line 1
// (the session_meta) byte for byte. The real Codex CLI 0.169.0 skipped line 9 and resumed under MOCK_STRICT=1 with
// nothing lost, rc 0, nothing rejected (sent-input.json): the record after the fragment is still on line 1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'torn-copy');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const lines = data.toString('utf8').split('\n');
const sent = JSON.parse(readFileSync(path.join(DATA, 'sent-input.json'), 'utf8')) as Record<string, unknown>[];
const tornReports = (b: Uint8Array) =>
  lintBytes(name, b, {})
    .result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl' && d.line === 9)
    .map((d) => [d.messageId, d.severity]);

describe('a copy of a line of the file after a torn fragment (recorded, seed 300)', () => {
  it('the data: line 9 ends with line 1, byte for byte', () => {
    expect(lines[8]!.endsWith(lines[0]!)).toBe(true);
    expect(lines[8]!.length).toBeGreaterThan(lines[0]!.length);
  });

  it('export equals what Codex sent, and no error fires', () => {
    const ours = exportInput(codexRollout.load(name, data, {})).input;
    expect(sent.length - ours.length).toBe(3);
    expectSameInput(ours, sent);
    expect(lintBytes(name, data, {}).result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(tornReports(data)).toEqual([['afterTornCopy', 'warn']]);
  });

  it('invalid: a session_meta after the fragment that no other line holds is the error it was', () => {
    const other = lines[0]!.replace('"account_scoped":true', '"account_scoped":false');
    const changed = Buffer.from(lines.map((l, i) => (i === 8 ? l.replace(lines[0]!, other) : l)).join('\n'));
    expect(tornReports(changed)).toEqual([['afterTorn', 'error']]);
  });
});
