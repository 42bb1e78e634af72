// A restored copy with lines deleted from it (issue 35, differential seed 336): the `compact` recording's first 28
// lines, its first 17 lines appended again (a restored backup), and lines 14–15 of that copy deleted, as the harness
// made it: the recording's lines 1–28, 1–13, 16–17. The real Codex CLI 0.169.0 started the history again at the copy's
// session_meta: it sent neither the compaction summary nor "Finished after compaction." (rc 0, nothing rejected;
// sent-input.json). The fix removes the copy whole, with its last two lines, and the fixed file is the recording's
// first 28 lines again: Codex resumed it under MOCK_STRICT=1 with the whole history (rc 0; fixed-sent-input.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const SESSIONS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex');
const DATA = path.join(SESSIONS, 'gapped-copy');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const read = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const compact = readFileSync(path.join(SESSIONS, 'recordings', 'compact', 'rollout.jsonl'), 'utf8')
  .split('\n')
  .slice(0, -1)
  .map((l) => `${l}\n`);
const file = (lines: string[]) => Buffer.from(lines.join(''));
const original = compact.slice(0, 28);
const damaged = file([...original, ...compact.slice(0, 13), ...compact.slice(15, 17)]);
const exported = (b: Uint8Array) => exportInput(codexRollout.load(name, b, {})).input;
const sessionMeta = (b: Uint8Array) =>
  lintBytes(name, b, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/session-meta');

describe('a restored copy with lines deleted from it (recorded, seed 336)', () => {
  it('export equals what Codex sent: the history from the copy’s session_meta on', () => {
    const sent = read('sent-input.json');
    expect(sent.length - exported(damaged).length).toBe(2);
    expectSameInput(exported(damaged), sent);
    expect(JSON.stringify(sent)).not.toContain('Finished after compaction.');
  });

  it('one session-meta error whose safe fix removes the copy whole; nothing else fires', () => {
    const all = lintBytes(name, damaged, {}).result.diagnostics;
    expect(all.map((d) => [d.ruleId, d.messageId, d.line, d.severity, d.fix])).toEqual([
      [
        'codex/session-meta',
        'second',
        29,
        'error',
        {
          applicability: 'safe',
          description:
            'remove lines 29–43, each an exact copy of a line of lines 1–17 (a restored backup, 2 of those lines missing from it): nothing is lost',
        },
      ],
    ]);
  });

  it('--fix gives the recording’s first 28 lines back, and Codex sends them all', () => {
    const fixed = fixBytes(name, damaged, {});
    expect(Buffer.from(fixed.output).toString('utf8')).toBe(original.join(''));
    const sent = read('fixed-sent-input.json');
    expectSameInput(exported(fixed.output), sent);
    expect(JSON.stringify(sent)).toContain('Finished after compaction.');
  });

  it('a copy stops at its first line that repeats no later line of the original', () => {
    // The copy's lines 1–13, then a line the original does not hold, then lines 16–17: the copy is lines 29–41.
    const other = compact[13]!.replace('"ordinal":13,', '"ordinal":13 ,');
    const changed = file([...original, ...compact.slice(0, 13), other, ...compact.slice(15, 17)]);
    expect(sessionMeta(changed).map((d) => [d.line, d.fix?.description])).toEqual([
      [29, 'remove lines 29–41, an exact copy of lines 1–13 (a restored backup): nothing is lost'],
    ]);
    // Lines that repeat earlier lines of the original, out of order, end the copy too.
    const back = file([...original, ...compact.slice(0, 13), ...compact.slice(5, 7)]);
    expect(sessionMeta(back).map((d) => [d.line, d.fix?.description])).toEqual([
      [29, 'remove lines 29–41, an exact copy of lines 1–13 (a restored backup): nothing is lost'],
    ]);
  });
});
