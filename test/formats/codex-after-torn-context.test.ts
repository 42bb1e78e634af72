// A torn write with Codex's own context (the skills developer message) written whole after it, as the differential
// harness made it (seed 98): the `think` recording cut by a crash after 4 lines (no turn_context or world_state left),
// then line 2 cut after 262 bytes with line 3 written right after it. The real Codex CLI 0.169.0 skipped that line
// and, finding no turn_context, rebuilt the context and sent the same developer text again: rc 0, nothing lost
// (sent-input.json). It resumed our --fix output too, rc 0 (fixed-sent-input.json). With the rest of the recording
// kept (its turn_context and world_state), Codex sent a developer message without the lost one's `<tools>` part:
// history lost (turn-context-sent-input.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import validJsonl from '../../rules/codex/valid-jsonl.js';
import { exportInput } from '../../src/formats/codex-rollout/export.js';
import { codexRollout } from '../../src/formats/codex-rollout/index.js';
import { fixBytes, lintBytes } from '../../src/index.js';
import { expectSameInput } from '../helpers/codex-input.js';

const DATA = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'after-torn-context');
const REC = path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', 'codex', 'recordings', 'think');
const name = readFileSync(path.join(REC, 'rollout.name'), 'utf8').trim();
const recording = readFileSync(path.join(REC, 'rollout.jsonl'), 'utf8').split('\n');
const sentOf = (file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as Record<string, unknown>[];
const torn = (line: string, bytes: number) => Buffer.from(line).subarray(0, bytes).toString('utf8');
const fragment = torn(recording[1]!, 262);

/** Seed 98: lines 1, 2 (torn) + 3, 4 of the recording, no newline at the end (the crash). */
const crashed = Buffer.from([recording[0], fragment + recording[2], recording[3]].join('\n'));
/** The whole recording with the same torn line 2: its turn_context and world_state are still there. */
const whole = Buffer.from([recording[0], fragment + recording[2], ...recording.slice(3)].join('\n'));

const found = (data: Buffer) =>
  lintBytes(name, data, {}).result.diagnostics.filter((d) => d.ruleId === 'codex/valid-jsonl');
const parsed = (text: string) =>
  JSON.parse(text) as { timestamp: string; type: string; payload: Record<string, unknown> };

describe('a torn write, then Codex context on the same line (recorded, seed 98)', () => {
  it('the data: line 3 of the recording is the skills developer message, line 4 the environment_context', () => {
    expect(parsed(recording[2]!).payload).toMatchObject({ type: 'message', role: 'developer' });
    expect(parsed(recording[3]!).payload).toMatchObject({ type: 'message', role: 'user' });
    expect(recording.slice(4).some((l) => l.includes('"type":"turn_context"'))).toBe(true);
  });

  it('export equals what Codex sent: the line skipped, then the context it rebuilt and the prompt', () => {
    const ours = exportInput(codexRollout.load(name, crashed, {})).input;
    const sent = sentOf('sent-input.json');
    expect(sent.length - ours.length).toBe(3);
    expectSameInput(ours, sent);
  });

  it('Codex sent the lost developer text again (rebuilt): a warning, nothing lost', () => {
    const lost = parsed(recording[2]!).payload;
    const rebuilt = sentOf('sent-input.json').filter((x) => x.role === 'developer')[1];
    expect(rebuilt?.content).toEqual(lost.content);
    expect(found(crashed).map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'afterTornContext',
        2,
        'warn',
        'Line is a torn write (262 bytes of a record cut off by a crash) with a developer message written whole after it: Codex skips the line, but with no turn_context or world_state to read it rebuilds that context on resume and sends it again, so nothing is lost.',
      ],
    ]);
  });

  it('the fix writes the record back and keeps the fragment before it in a record Codex skips', () => {
    const fixed = fixBytes(name, crashed, { rules: [validJsonl] });
    const kept = JSON.stringify({
      timestamp: parsed(recording[0]!).timestamp,
      type: 'transcript_lint_kept_line',
      payload: { reason: 'torn', text: fragment },
      transcript_lint: { rule: 'codex/valid-jsonl', kept: true },
    });
    expect(Buffer.from(fixed.output).toString('utf8').split('\n')).toEqual([
      recording[0],
      kept,
      recording[2],
      recording[3],
    ]);
  });

  it('after --fix Codex sends the record and the rebuilt context (recorded), and a second --fix changes nothing', () => {
    const fixed = fixBytes(name, crashed, {});
    const ours = exportInput(codexRollout.load(name, fixed.output, {})).input;
    const sent = sentOf('fixed-sent-input.json');
    expect(sent.length - ours.length).toBe(3);
    expectSameInput(ours, sent);
    expect(fixBytes(name, fixed.output, {}).changed).toBe(false);
  });

  it('with a turn_context to read, Codex does not send the lost text again (recorded): an error', () => {
    const lost = parsed(recording[2]!).payload.content as unknown[];
    const sent = sentOf('turn-context-sent-input.json').filter((x) => x.role === 'developer');
    expect(sent.some((x) => JSON.stringify(x.content) === JSON.stringify(lost))).toBe(false);
    expect(found(whole).map((d) => [d.messageId, d.line, d.severity, d.message])).toEqual([
      [
        'afterTorn',
        2,
        'error',
        'Line is a torn write (262 bytes of a record cut off by a crash) with a developer message written whole after it: Codex skips the line, so a developer message is lost on resume.',
      ],
    ]);
  });
});
