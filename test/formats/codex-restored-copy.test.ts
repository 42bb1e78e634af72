// A restored backup appended twice, then two terminals (issue 35, differential seed 82): the `compact` recording, its
// own first 18 lines appended again, its first 17 lines appended again, then the lines two terminals appended when
// both resumed it, interleaved (fixtures/sessions/codex/restored-copy/terminals.jsonl, as the harness made them).
// The real Codex CLI 0.169.0 started the history again at the last copy's session_meta: it sent the copy's
// pre-compaction turn and the terminals, not the compaction summary nor "Finished after compaction." (rc 0, nothing
// rejected; sent-input.json). The fix removes each copy whole, and the fixed file is the recording again with the
// terminals' lines after it, renumbered: Codex resumed it under MOCK_STRICT=1 with the whole history (rc 0, nothing
// rejected; fixed-sent-input.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'restored-copy');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const read = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const compact = readFileSync(path.join(RECORDINGS, 'compact', 'rollout.jsonl'), 'utf8');
const compactLines = compact.split('\n').slice(0, -1);
const terminals = readFileSync(path.join(DATA, 'terminals.jsonl'), 'utf8').split('\n').slice(0, -1);
const head = (n: number) => compactLines.slice(0, n).map((l) => `${l}\n`);
const damaged = Buffer.from([compact, ...head(18), ...head(17), ...terminals.map((l) => `${l}\n`)].join(''));
const exported = (b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const errorsOf = (b: Uint8Array) => lintBytes(name, b, {}).result.diagnostics.filter((d) => d.severity === 'error');

describe('restored copies of the file’s own first lines (recorded, seed 82)', () => {
  it('export equals what Codex sent: the history from the last copy’s session_meta on', () => {
    const sent = read('sent-input.json');
    expect(sent.length - exported(damaged).length).toBe(1);
    expectSameInput(exported(damaged), sent);
    expect(JSON.stringify(sent)).not.toContain('Finished after compaction.');
  });

  it('each copy is one session-meta error whose safe fix removes the copy whole', () => {
    const found = errorsOf(damaged);
    expect(found.map((d) => [d.ruleId, d.messageId, d.line, d.fix])).toEqual([
      [
        'codex/session-meta',
        'second',
        30,
        {
          applicability: 'safe',
          description: 'remove lines 30–47, an exact copy of lines 1–18 (a restored backup): nothing is lost',
        },
      ],
      [
        'codex/session-meta',
        'second',
        48,
        {
          applicability: 'safe',
          description: 'remove lines 48–64, an exact copy of lines 1–17 (a restored backup): nothing is lost',
        },
      ],
    ]);
    // Nothing asks for a compacted record after the copies' summary lines, nor renumbers the copies.
    const all = lintBytes(name, damaged, {}).result.diagnostics;
    expect(all.filter((d) => d.ruleId === 'codex/compaction')).toEqual([]);
    expect(all.filter((d) => d.line < 65 && d.ruleId === 'codex/ordinal-sequence')).toEqual([]);
  });

  it('--fix gives the recording back with the terminals’ lines after it, renumbered, and Codex sends it all', () => {
    const fixed = fixBytes(name, damaged, {});
    const renumbered = terminals.map((l, i) => l.replace(/"ordinal":\d+,/, `"ordinal":${29 + i},`));
    expect(Buffer.from(fixed.output).toString('utf8')).toBe([compact, ...renumbered.map((l) => `${l}\n`)].join(''));
    expect(lintBytes(name, fixed.output, {}).result.diagnostics).toEqual([]);
    const sent = read('fixed-sent-input.json');
    expectSameInput(exported(fixed.output), sent);
    expect(JSON.stringify(sent)).toContain('Finished after compaction.');
    expect(JSON.stringify(sent)).toContain('Terminal A done.');
  });

  it('a copy ends where the lines stop being identical; a session_meta unlike the first starts none', () => {
    // The copy's third line differs by one byte: the run of identical lines is two lines long.
    const changed = head(18).map((l, i) => (i === 2 ? l.replace('"ordinal":2,', '"ordinal":2 ,') : l));
    const file = Buffer.from([compact, ...changed].join(''));
    const found = errorsOf(file).filter((d) => d.ruleId === 'codex/session-meta');
    expect(found.map((d) => [d.line, d.fix?.description])).toEqual([
      [30, 'remove lines 30–31, an exact copy of lines 1–2 (a restored backup): nothing is lost'],
    ]);
    // A session_meta that differs from the first (its own id, other bytes) is no copy.
    const other = compactLines[0]!.replace('"account_scoped":true', '"account_scoped":false');
    const lone = Buffer.from([compact, `${other}\n`, ...head(18).slice(1)].join(''));
    const second = errorsOf(lone).filter((d) => d.ruleId === 'codex/session-meta');
    expect(second.map((d) => [d.line, d.fix?.applicability, d.fix?.description])).toEqual([
      [30, 'safe', 'drop the repeated session_meta'],
    ]);
  });

  it('a summary outside any copy still has its compacted record asked for', () => {
    const file = Buffer.from(head(18).join(''));
    const lost = lintBytes(name, file, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/compaction');
    expect(lost.map((d) => [d.messageId, d.line])).toEqual([['lost', 16]]);
  });
});
