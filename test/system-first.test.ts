// A chain that starts at attachments Claude Code renders as system text (renderedRole "system"), with no user message
// before the first response. date-first.jsonl is the differential harness's seed 184: corpus/multi with a recorded
// continuation, 46 bytes zeroed over the end of the continuation's prompt (line 48). The `date` attachment below it
// (line 49, "The date has changed. Today's date is now 2026-12-07.", written when the continuation was recorded on a
// later day than the session's last `date` attachment) names a parent that is gone, so the history starts there.
// model-and-date-first.jsonl is the same file with that attachment hung below the `model` attachment (line 5), whose
// parent was changed to an absent uuid and its timestamp moved 12 min back (so no gap is bridged).
// Claude Code 2.1.332 (MOCK_STRICT=1 ../shared/oracle/resume.sh, *.request.json) sent the system text first as one
// user string inside one <system-reminder>, and the API accepted it. The text is the stored `rendered` one: a copy
// with that text replaced by a marker sent the marker.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversation, type Message, recordedConversation } from './helpers/sent-messages.js';
import { exportRequest, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'system-first');
const read = (name: string): Buffer => readFileSync(path.join(DIR, `${name}.jsonl`));
const exported = (data: Uint8Array): Message[] =>
  conversation((exportRequest('t.jsonl', data) as { messages: Message[] }).messages);
const sent = (name: string): Message[] => recordedConversation(path.join(DIR, `${name}.request.json`));

describe('system text that would open the request', () => {
  for (const name of ['date-first', 'model-and-date-first']) {
    it(`${name}: export sends what Claude Code sent, the system text first as a user string`, () => {
      const ours = exported(read(name));
      expect(ours).toEqual(sent(name));
      expect(ours[0]?.role).toBe('user');
      expect(ours[0]?.content).toMatch(/^<system-reminder>\nThe date has changed|^<system-reminder>\nYou are powered/);
    });
  }

  it('joins several system texts with a blank line inside one reminder', () => {
    expect(exported(read('model-and-date-first'))[0]?.content).toBe(
      '<system-reminder>\nYou are powered by the model named Opus 5.5. The exact model ID is claude-opus-5-5. ' +
        "Assistant knowledge cutoff is June 2026.\n\nThe date has changed. Today's date is now 2026-12-07. No need to " +
        "announce the new date — the user's own clock shows it.\n</system-reminder>",
    );
  });

  it('is not a first-message-user error; the lost history is still an error', () => {
    const found = lintBytes('t.jsonl', read('date-first')).result.diagnostics.filter((d) => d.severity === 'error');
    expect(found.map((d) => [d.ruleId, d.line])).toEqual([
      ['valid-json', 48],
      ['parent-exists', 49],
    ]);
  });

  it('a system text after a user message stays a system message', () => {
    // The undamaged lines 1-47 (the session before the continuation): the prompt on line 3 comes first.
    const lines = read('date-first').toString('utf8').split('\n').slice(0, 47).join('\n') + '\n';
    const messages = (exportRequest('t.jsonl', Buffer.from(lines)) as { messages: Message[] }).messages;
    expect(messages[0]?.role).toBe('user');
    expect(messages[1]?.role).toBe('system');
    expect(JSON.stringify(messages[0])).not.toContain("Today's date is");
    expect(JSON.stringify(messages[1])).toContain("Today's date is 2026-11-29.");
  });
});
