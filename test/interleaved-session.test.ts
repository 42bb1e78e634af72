// Another session's lines interleaved with this session's, before this one's end (the differential harness's seed
// 43: the compacted corpus session with rec/bigout's lines 2-50 written among its lines 7-52, then a torn line).
// Claude Code 2.1.332 (MOCK_STRICT=1 ../shared/oracle/resume.sh, the .request.json beside the file) resumed this
// session whole: summary, preserved tail and the /compact lines, none of the other session's. So single-session
// warns (the other conversation is in the wrong file) and reports no error.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Message, withoutSystem } from './helpers/sent-messages.js';
import { exportRequest, lintBytes } from '../src/index.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'interleaved-session');
const NAME = '31fac0fd-242c-4f6d-bf52-3477ef91705a';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);

describe("another session's lines interleaved before this session's end", () => {
  it('export sends what Claude Code sent: this session only', () => {
    const { messages } = JSON.parse(readFileSync(path.join(DIR, `${NAME}.request.json`), 'utf8')) as {
      messages: Message[];
    };
    const sent = withoutSystem(messages);
    const ours = withoutSystem((exportRequest(file, damaged) as { messages: Message[] }).messages);
    expect(ours.map((m) => m.role)).toEqual(sent.map((m) => m.role));
    // the summary and the preserved tail, as sent; the last user message also holds the resume prompt
    expect(ours.slice(0, 2)).toEqual(sent.slice(0, 2));
    expect(JSON.stringify(ours)).not.toContain('toolu_G1');
  });

  it('single-session warns, and nothing is an error', () => {
    const found = lintBytes(file, damaged).result.diagnostics;
    expect(found.filter((d) => d.severity === 'error')).toEqual([]);
    const single = found.filter((d) => d.ruleId === 'single-session');
    expect(single.map((d) => [d.line, d.severity, d.messageId])).toEqual([[10, 'warn', 'ignored']]);
  });

  // Recorded with 2.1.332 (MOCK_STRICT=1 resume.sh on this joined file): Claude Code sent the same request as for the
  // file itself. It keeps each uuid where it first appeared, so the other session's rows, written again after this
  // session's end, still sit before the compaction and are deleted with the compacted history.
  it("the other session's lines appended again after this session's end are still not resumed", () => {
    const joined = Buffer.concat([damaged.subarray(0, damaged.lastIndexOf(10) + 1), ...otherTail()]);
    const single = lintBytes(file, joined).result.diagnostics.filter((d) => d.ruleId === 'single-session');
    expect(single.map((d) => [d.severity, d.messageId])).toEqual([['warn', 'ignored']]);
    const { messages } = JSON.parse(readFileSync(path.join(DIR, `${NAME}.request.json`), 'utf8')) as {
      messages: Message[];
    };
    const sent = withoutSystem(messages);
    const ours = withoutSystem((exportRequest(file, joined) as { messages: Message[] }).messages);
    expect(ours.map((m) => m.role)).toEqual(sent.map((m) => m.role));
    expect(ours.slice(0, 2)).toEqual(sent.slice(0, 2));
    expect(JSON.stringify(ours)).not.toContain('toolu_G1');
  });
});

/** The other session's lines of the file, appended again after this session's end (so that it ends last). */
function otherTail(): Buffer[] {
  return damaged
    .toString('utf8')
    .split('\n')
    .filter((l) => l.includes('"sessionId":"13e50b4d-e5ca-4a6b-a993-1c57867a9675"') && l.includes('"uuid"'))
    .map((l) => Buffer.from(`${l}\n`));
}
