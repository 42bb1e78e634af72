// A repeated session_meta of the file's own session (a restored backup appended) whose restart loses nothing, as the
// differential harness made it (issue 35), each resumed with the real Codex CLI 0.169.0 under MOCK_STRICT=1 with
// nothing lost (sent-input.json, rc 0):
// - restored-search-output (seed 639): the `toolsearch` recording cut after line 15, its lines 1–12 and then 1–10
//   appended again. The history Codex throws away holds call_TS1's tool_search_output (no tools); after the last
//   restart the call has no output, and Codex answers it with a synthetic one that also has no tools.
// - restored-after-writer (seed 633): the `shell` recording with another writer's lines interleaved from line 19 and
//   its first 17 lines appended again. The history Codex throws away holds that writer's items, not this session's.
import { describe, expect, it } from 'vitest';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { lintBytes } from '../../src/index.js';
import { codexCase, expectSameInput } from '../helpers/codex-input.js';

const load = (id: string) => {
  const c = codexCase(id);
  return { ...c, sent: c.sentOf('sent-input.json') };
};
const restarts = (name: string, data: Uint8Array) =>
  lintBytes(name, data, {})
    .result.diagnostics.filter((d) => d.ruleId === 'codex/session-meta' && d.messageId.startsWith('second'))
    .map((d) => [d.messageId, d.line, d.severity]);
const errors = (name: string, data: Uint8Array) =>
  lintBytes(name, data, {}).result.diagnostics.filter((d) => d.severity === 'error');

describe('a restart that throws away a tool_search_output Codex sends again as its synthetic (recorded, seed 639)', () => {
  const { name, data, sent } = load('restored-search-output');

  it('export equals what Codex sent; no error, each restart a warning', () => {
    const input = exportInput(codexRollout.load(name, data, {})).input;
    expect(sent.length - input.length).toBe(2);
    expectSameInput(input, sent);
    expect(sent.filter((i) => i.type === 'tool_search_output')).toMatchObject([{ call_id: 'call_TS1', tools: [] }]);
    expect(errors(name, data)).toEqual([]);
    expect(restarts(name, data)).toEqual([
      ['secondNothingLost', 15, 'warn'],
      ['secondNothingLost', 27, 'warn'],
    ]);
  });

  it('invalid: an output Codex would answer otherwise is lost, an error', () => {
    const text = data.toString('utf8');
    const changed = Buffer.from(text.replace('"tools":[]', '"tools":[{"type":"function","name":"x"}]'));
    expect(restarts(name, changed)).toContainEqual(['second', 15, 'error']);
  });
});

describe('a restart that throws away another writer’s lines only (recorded, seed 633)', () => {
  const { name, data, sent } = load('restored-after-writer');

  it('export equals what Codex sent; no error, the restart a warning', () => {
    const input = exportInput(codexRollout.load(name, data, {})).input;
    // No world_state after the restart: Codex sent the context it rebuilt, then the prompt (codex/turn-context).
    expect(sent.length - input.length).toBe(4);
    expectSameInput(input, sent);
    expect(errors(name, data)).toEqual([]);
    expect(restarts(name, data)).toEqual([['secondNothingLost', 27, 'warn']]);
  });
});
