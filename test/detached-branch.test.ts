// A line written inside the entry whose children are the session's newest entries. model-line-split.jsonl is the
// differential harness's seed 154: corpus/agent with a recorded continuation, cut inside a character at byte 15929
// (line 15 is torn, the file ends there), and another session's whole line written inside line 5, the `model`
// attachment below the first prompt, at byte 182 (line 5: its start and the other line; line 6: its end).
// Claude Code 2.1.332 (MOCK_STRICT=1 ../shared/oracle/resume.sh, model-line-split.request.json) skipped both lines;
// the attachments on lines 7-14 hang below the lost `model` entry and reach no user or assistant message without
// it, so it resumed from the first prompt and left out the rendered text of line 13. After --fix (valid-json writes
// the two entries back) it sent that text (model-line-split.fixed.request.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversation, type Message, recordedConversation } from './helpers/sent-messages.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'detached-branch');
const damaged = readFileSync(path.join(DIR, 'model-line-split.jsonl'));
const exported = (data: Uint8Array): Message[] =>
  conversation((exportRequest('t.jsonl', data) as { messages: Message[] }).messages);
const sent = (name: string): Message[] => recordedConversation(path.join(DIR, `${name}.request.json`));
const LINE_13_TEXT = '[scrubbed 579 chars]';

describe('a skipped line that held the parent of the newest entries', () => {
  it('export sends what Claude Code sent: the first prompt, not the attachments below the lost entry', () => {
    const ours = exported(damaged);
    expect(ours).toEqual(sent('model-line-split'));
    expect(JSON.stringify(ours)).not.toContain(LINE_13_TEXT);
  });

  it('is a valid-json error naming the entries that are not sent', () => {
    const found = lintBytes('t.jsonl', damaged).result.diagnostics.filter((d) => d.ruleId === 'valid-json');
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([
      [5, 'error', 'split'],
      [15, 'warn', 'utf8'],
      [15, 'warn', 'torn'],
    ]);
    expect(found[0]?.message).toContain(
      'line 7 hung below what it held: without it the entries from line 7 on reach no user or assistant message, so Claude Code resumes from an earlier entry and does not send them',
    );
  });

  it('the fix puts the two entries back: Claude Code sends the text again, and nothing is left to report', () => {
    const out = fixBytes('t.jsonl', damaged).output;
    const ours = exported(out);
    expect(ours).toEqual(sent('model-line-split.fixed'));
    expect(JSON.stringify(ours)).toContain(LINE_13_TEXT);
    expect(lintBytes('t.jsonl', out).result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('the same split with nothing hanging below the lost entry stays a warning', () => {
    // Lines 1-6 only: the entries below the `model` attachment are gone from the file.
    const head = Buffer.from(damaged.toString('latin1').split('\n').slice(0, 6).join('\n') + '\n', 'latin1');
    const found = lintBytes('t.jsonl', head).result.diagnostics.filter((d) => d.ruleId === 'valid-json');
    expect(found.map((d) => [d.line, d.severity])).toEqual([[5, 'warn']]);
  });
});
