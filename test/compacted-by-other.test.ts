// Two writers of one session, one of them compacting (the differential harness's seed 25): terminal A resumed the
// session and wrote its turn (lines 68-84), while another terminal's /compact lines (76-78, 82, 86-90) landed among
// them; the line that joined the compaction's attachments to it was lost in a NUL-zeroed line (85). Claude Code
// 2.1.332 (MOCK_STRICT=1 ../shared/oracle/resume.sh, other-terminal-compacted.request.json) did not resume from the
// attachments the last `last-prompt` names (their parent is gone, no message above them) but from terminal A's
// last entry, and deleted the history before the compaction's boundary: terminal A's turn went on top of the
// summary and the preserved tail ("Finished round two."), without its prompt (line 68).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversation, type Message, recordedConversation } from './helpers/sent-messages.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';

const root = path.resolve(import.meta.dirname, '..');
const DIR = path.join(root, 'fixtures', 'sessions', 'claude-code', 'compacted-by-other');
const damaged = readFileSync(path.join(DIR, 'other-terminal-compacted.jsonl'));

const exported = (data: Uint8Array): Message[] =>
  conversation((exportRequest('t.jsonl', data) as { messages: Message[] }).messages);
const sent = (): Message[] => recordedConversation(path.join(DIR, 'other-terminal-compacted.request.json'));

describe('a compaction written by another terminal after this turn began', () => {
  it('export sends what Claude Code sent: summary, preserved tail, then the turn, without its prompt', () => {
    const ours = exported(damaged);
    expect(ours).toEqual(sent());
    expect(ours.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'user']);
    expect(JSON.stringify(ours)).not.toContain('"continue"');
  });

  it('is an error on the turn whose parent is deleted, naming the lost prompt', () => {
    const found = lintBytes('t.jsonl', damaged).result.diagnostics.filter((d) => d.ruleId === 'compact-summary');
    expect(found.map((d) => [d.line, d.severity, d.message])).toEqual([
      [
        81,
        'error',
        "This entry's turn goes on from line 71, which comes before the compaction on line 76 and is not kept by it: another writer compacted the session after this turn began. On resume Claude Code deletes lines 68, 70, 71 and sends this turn on top of the compaction's summary and preserved tail (line 61): the message of line 68 is not sent.",
      ],
    ]);
  });

  it("another sessionId on the compaction's lines: the message says it is another session's", () => {
    // Not recorded: the recorded file with the other writer's lines (76-78, 82, 86-90) given another sessionId, the
    // shape of seed 342's (fixtures/sessions/claude-code/compacted-by-other-session), where the turn's ancestors all
    // go and single-session reports it instead.
    const OTHER = '2bdfd9d7-33f3-4875-a598-3d24d6f83e74';
    const lines = damaged.toString('utf8').split('\n');
    for (const n of [76, 77, 78, 82, 86, 87, 88, 89, 90]) {
      const swapped = lines[n - 1]!.replace(
        '"sessionId":"31fac0fd-242c-4f6d-bf52-3477ef91705a"',
        `"sessionId":"${OTHER}"`,
      );
      expect(swapped).not.toBe(lines[n - 1]);
      lines[n - 1] = swapped;
    }
    const found = lintBytes('t.jsonl', Buffer.from(lines.join('\n'))).result.diagnostics.filter(
      (d) => d.ruleId === 'compact-summary',
    );
    expect(found.map((d) => [d.line, d.severity, d.message])).toEqual([
      [
        81,
        'error',
        `This entry's turn goes on from line 71, which comes before the compaction on line 76 and is not kept by it: the compaction is another session's (${OTHER}, its lines joined into this file), and Claude Code applies it to session 31fac0fd-242c-4f6d-bf52-3477ef91705a's entries too. On resume Claude Code deletes lines 68, 70, 71 and sends this turn on top of the compaction's summary and preserved tail (line 61): the message of line 68 is not sent.`,
      ],
    ]);
  });

  it('a compacted session Claude Code recorded itself: nothing reported', () => {
    const clean = readFileSync(path.join(root, 'fixtures/sessions/claude-code/recorded/recordings/main/session.jsonl'));
    expect(lintBytes('t.jsonl', clean).result.diagnostics).toEqual([]);
  });
});

// The fix (unsafe) sets the other writer's compaction aside: its boundary (line 76), summary (77), caveat (78) and
// /compact line (82) are kept byte for byte in entries Claude Code ignores. Claude Code 2.1.332 then sent both rounds,
// the turn's prompt and the turn, and no summary (MOCK_STRICT=1 resume.sh, other-terminal-compacted.fixed.request.json).
describe("the fix sets the other writer's compaction aside", () => {
  const SET_ASIDE = [76, 77, 78, 82];
  const fixed = fixBytes('t.jsonl', damaged, { unsafe: true }).output;
  const linesOf = (b: Uint8Array): string[] => Buffer.from(b).toString('utf8').split('\n');

  it('export of the fixed file sends what Claude Code sent: the whole history and the turn with its prompt', () => {
    const ours = exported(fixed);
    expect(ours).toEqual(recordedConversation(path.join(DIR, 'other-terminal-compacted.fixed.request.json')));
    const text = JSON.stringify(ours);
    for (const item of ['do round one', 'toolu_M1', 'do round two', '"continue"', 'toolu_termA1']) {
      expect(text).toContain(item);
    }
    expect(text).not.toContain('This session is being continued');
  });

  it('keeps the set-aside lines byte for byte, leaves no error, and a second fix changes nothing', () => {
    const before = linesOf(damaged);
    const kept = linesOf(fixed)
      .filter((l) => l.includes('"reason":"compacted-by-other"'))
      .map((l) => JSON.parse(l) as { type: string; text: string });
    expect(kept.map((k) => k.type)).toEqual(SET_ASIDE.map(() => 'transcript-lint.kept-line'));
    expect(kept.map((k) => k.text)).toEqual(SET_ASIDE.map((n) => before[n - 1]));
    expect(lintBytes('t.jsonl', fixed).result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Buffer.compare(fixBytes('t.jsonl', fixed, { unsafe: true }).output, fixed)).toBe(0);
  });

  it('is not applied by a safe --fix, and not offered when that writer went on after its compaction', () => {
    const safe = Buffer.from(fixBytes('t.jsonl', damaged).output).toString('utf8');
    expect(safe).not.toContain('"reason":"compacted-by-other"');
    expect(safe).toContain('"subtype":"compact_boundary"');
    // A prompt of that writer below its /compact line (82): its turn hangs below the compaction.
    const before = linesOf(damaged);
    const command = JSON.parse(before[81]!) as { uuid: string; sessionId: string };
    const prompt = JSON.stringify({
      parentUuid: command.uuid,
      isSidechain: false,
      type: 'user',
      message: { role: 'user', content: 'go on' },
      uuid: '00000000-0000-4000-8000-0000000000b1',
      timestamp: '2026-11-29T11:52:54.100Z',
      sessionId: command.sessionId,
    });
    const wentOn = Buffer.from([...before.slice(0, 82), prompt, ...before.slice(82)].join('\n'));
    const found = lintBytes('t.jsonl', wentOn).result.diagnostics.filter((d) => d.ruleId === 'compact-summary');
    expect(found.map((d) => [d.line, d.severity, d.fix])).toEqual([[81, 'error', undefined]]);
  });
});
