// Which entry Claude Code 2.1.332 resumes from, when the file's last row is not the newest turn (recorded with
// MOCK_STRICT=1 ../shared/oracle/resume.sh, the .request.json beside each file). Both are cut from the recorded
// corpus session multi.jsonl (two rounds, each with tool calls).
// - no-last-prompt-fork: every `last-prompt` removed, then a prompt forking after round one (older timestamp) and a
//   copy of round one's last entry appended. Claude Code sent round two: without a `last-prompt` it resumes the
//   descendant of the file's last row with the newest timestamp, not the branch tip last in the file (the fork),
//   as claude-code-observed.md says.
// - restored-copy: the file with its own first 31 lines appended again (round one, up to "Finished round one.").
//   The last `last-prompt` (a copy) names the part before it; Claude Code resumed the last row, which descends from
//   it, and sent round one only: round two is lost, and last-prompt-leaf says so.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Message, withoutSystem } from './helpers/sent-messages.js';
import { exportRequest, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'resume-leaf');
const FILE = '31fac0fd-242c-4f6d-bf52-3477ef91705a.jsonl';

/** The recorded request's history without the resume prompt (the last user message, "continue"). */
function sent(name: string): Message[] {
  const { messages } = JSON.parse(readFileSync(path.join(DIR, `${name}.request.json`), 'utf8')) as {
    messages: Message[];
  };
  const h = withoutSystem(messages);
  expect(JSON.stringify(h.at(-1)?.content)).toContain('continue');
  return h.slice(0, -1);
}
const exported = (data: Uint8Array): Message[] =>
  withoutSystem((exportRequest(FILE, data) as { messages: Message[] }).messages);

describe('the entry Claude Code resumes from', () => {
  it('without a last-prompt: the newest descendant of the last row, not the tip last in the file', () => {
    const data = readFileSync(path.join(DIR, 'no-last-prompt-fork.jsonl'));
    const ours = exported(data);
    expect(ours).toEqual(sent('no-last-prompt-fork'));
    expect(JSON.stringify(ours)).toContain('Finished round two.');
    expect(JSON.stringify(ours)).not.toContain('an alternative prompt');
  });

  it('a restored copy: the last row below the last-prompt entry, and the lost turns are an error', () => {
    const data = readFileSync(path.join(DIR, 'restored-copy.jsonl'));
    const ours = exported(data);
    expect(ours).toEqual(sent('restored-copy'));
    expect(JSON.stringify(ours)).not.toContain('toolu_M3');
    const found = lintBytes(FILE, data).result.diagnostics.filter((d) => d.ruleId === 'last-prompt-leaf');
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([[70, 'error', 'restored']]);
  });
});
