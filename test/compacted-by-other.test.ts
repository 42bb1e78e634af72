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
import { exportRequest, lintBytes } from '../src/index.js';

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

  it('a compacted session Claude Code recorded itself: nothing reported', () => {
    const clean = readFileSync(path.join(root, 'fixtures/sessions/claude-code/recorded/recordings/main/session.jsonl'));
    expect(lintBytes('t.jsonl', clean).result.diagnostics).toEqual([]);
  });
});
