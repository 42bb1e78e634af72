// Two writers, each line written inside a record of the file, and neither is news (issue 35): test/formats/
// fixtures/sessions/codex/inner-copy/rollout.jsonl is the `shell` recording with `compact`'s session_meta line written into line 2
// at byte 46 and a copy of the file's own line 13 (call_S1's output) written into line 11 at byte 599, as the
// differential harness made it (seed 13). The real Codex CLI 0.169.0 skipped the four damaged lines and resumed it
// with nothing lost, rc 0, nothing rejected (sent-input.json). Putting the inner records back would add a second
// session_meta (another session's) and a doubled item; the fix writes back the outer records, which is the recording
// byte for byte, and keeps each inner one in a record Codex skips on the line after its outer record (resumed by the
// real Codex under MOCK_STRICT=1: rc 0, nothing rejected, the same input as the recording's own resume).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'inner-copy');
const RECORDINGS = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings');
const name = readFileSync(path.join(DATA, 'rollout.name'), 'utf8').trim();
const data = readFileSync(path.join(DATA, 'rollout.jsonl'));
const sent = JSON.parse(readFileSync(path.join(DATA, 'sent-input.json'), 'utf8')) as Record<string, unknown>[];
const shell = readFileSync(path.join(RECORDINGS, 'shell', 'rollout.jsonl'), 'utf8');
const shellLines = shell.split('\n');
const compactMeta = readFileSync(path.join(RECORDINGS, 'compact', 'rollout.jsonl'), 'utf8').split('\n')[0]!;
const lines = data.toString('utf8').split('\n');
const errorsOf = (b: Uint8Array) => lintBytes(name, b, {}).result.diagnostics.filter((d) => d.severity === 'error');

describe('a copy of a line and another session’s session_meta written inside records (recorded)', () => {
  it('the data: the recording, line 2 split by compact’s session_meta, line 11 split by a copy of line 13', () => {
    expect(lines[1]).toBe(shellLines[1]!.slice(0, 46) + compactMeta);
    expect(lines[2]).toBe(shellLines[1]!.slice(46));
    expect(lines[11]!.slice(599)).toBe(shellLines[12]);
    expect(lines[11]!.slice(0, 599) + lines[12]).toBe(shellLines[10]);
  });

  it('export equals what Codex sent, and no error fires: Codex resumed it with nothing lost', () => {
    expect(sent.length - exportInput(codexRollout.load(name, data, {})).input.length).toBe(2);
    expectSameInput(exportInput(codexRollout.load(name, data, {})).input, sent);
    expect(errorsOf(data)).toEqual([]);
  });

  it('--fix writes back the outer records, the recording byte for byte, and keeps the inner ones', () => {
    const fixed = fixBytes(name, data, {});
    const out = Buffer.from(fixed.output).toString('utf8').split('\n');
    const kept = (text: string) =>
      JSON.stringify({
        timestamp: JSON.parse(text).timestamp,
        type: 'transcript_lint_kept_line',
        payload: { reason: 'a copy, or another session’s record', text },
        transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
      });
    expect(out).toEqual([
      ...shellLines.slice(0, 2),
      kept(compactMeta).replace(JSON.parse(compactMeta).timestamp, JSON.parse(shellLines[0]!).timestamp),
      ...shellLines.slice(2, 11),
      kept(shellLines[12]!).replace(JSON.parse(shellLines[12]!).timestamp, JSON.parse(shellLines[9]!).timestamp),
      ...shellLines.slice(11),
    ]);
    expect(lintBytes(name, fixed.output, {}).result.diagnostics).toEqual([]);
    expect(exportInput(codexRollout.load(name, fixed.output, {})).input).toEqual(
      exportInput(codexRollout.load(name, Buffer.from(shell), {})).input,
    );
  });

  it('an inner record the file does not hold elsewhere is put back (line 13 gone, its copy is the only one)', () => {
    const at = lines.indexOf(shellLines[12]!);
    expect(at).toBe(14);
    const without = Buffer.from([...lines.slice(0, at), ...lines.slice(at + 1)].join('\n'));
    // Written back (after its outer record, renumbered): the output of call_S1 is in the file once again.
    const outputs = (b: Uint8Array) =>
      Buffer.from(b)
        .toString('utf8')
        .split('\n')
        .filter((l) => {
          try {
            const r = JSON.parse(l) as { payload?: { type?: string; call_id?: string } };
            return r.payload?.type === 'function_call_output' && r.payload.call_id === 'call_S1';
          } catch {
            return false;
          }
        });
    expect(outputs(without)).toEqual([]);
    expect(outputs(fixBytes(name, without, { rules: [validJsonl] }).output)).toHaveLength(1);
    // In the file as it is, the copy is not written back but kept: the record is sent once.
    const fixed = Buffer.from(fixBytes(name, data, { rules: [validJsonl] }).output).toString('utf8');
    expect(outputs(Buffer.from(fixed))).toHaveLength(1);
    expect(fixed.split('\n').filter((l) => !l.includes('transcript_lint_kept_line'))).toEqual(shellLines);
  });
});
