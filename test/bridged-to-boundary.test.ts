// A compacted session whose first line after the compaction's /compact lines was torn (the differential harness's
// seed 71: line 54, the user line the next attachments hang off, cut at byte 375 and the session resumed after it).
// The attachment on line 55 names a parent that is gone; Claude Code 2.1.332 (MOCK_STRICT=1
// ../shared/oracle/resume.sh, summary-line-torn.request.json) bridged it to the entry with the latest timestamp not
// after its own, the compact boundary on line 50. The boundary is a root: the resumed history started there, and
// the summary, the preserved tail ("Finished round two.") and the /compact lines were not sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversation, type Message, recordedConversation } from './helpers/sent-messages.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'bridged-to-boundary');
const damaged = readFileSync(path.join(DIR, 'summary-line-torn.jsonl'));

const exported = (data: Uint8Array): Message[] =>
  conversation((exportRequest('t.jsonl', data) as { messages: Message[] }).messages);
const sent = (): Message[] => recordedConversation(path.join(DIR, 'summary-line-torn.request.json'));

describe('a dangling parent bridged to a compact boundary', () => {
  it('export sends what Claude Code sent: the turns after the compaction only', () => {
    const ours = exported(damaged);
    expect(ours).toEqual(sent());
    expect(JSON.stringify(ours)).not.toContain('Finished round two.');
  });

  it('is an error naming the summary that is not sent', () => {
    const found = lintBytes('t.jsonl', damaged).result.diagnostics.filter((d) => d.ruleId === 'parent-exists');
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([[55, 'error', 'bridgedToBoundary']]);
    expect(found[0]?.message).toContain("the compaction's summary (line 51)");
  });

  it('the unsafe fix re-links it to the /compact lines: the summary and preserved tail are sent again', () => {
    const out = fixBytes('t.jsonl', damaged, { unsafe: true }).output;
    const ours = JSON.stringify(exported(out));
    expect(ours).toContain('This session is being continued from a previous conversation');
    expect(ours).toContain('Finished round two.');
    expect(ours).toContain('toolu_termA1');
    const errors = lintBytes('t.jsonl', out).result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors).toEqual([]);
  });
});
