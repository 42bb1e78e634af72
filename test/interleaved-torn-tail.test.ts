// The recorded session rec/bigout as the differential harness damaged it for seed 259: another session's lines
// interleaved from line 9 (its prompt, a text and two calls, toolu_M1 and toolu_M2, whose results are not in the
// file), then a crash in the result of this session's call toolu_G1 (line 31, torn). Claude Code 2.1.332 resumed
// the prompt and toolu_G1 with the interrupted result it writes, rc 0, nothing rejected (the .request.json beside
// the file, MOCK_STRICT=1 ../shared/oracle/resume.sh). valid-json had said the torn line held toolu_M1's result,
// "Claude Code drops the call as an orphan": an error for a call Claude Code never sends.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRequest, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, stripCacheControl, withoutSystem } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'interleaved-torn-tail');
const NAME = '13e50b4d-e5ca-4a6b-a993-1c57867a9675';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);

describe("a torn last line after another session's unanswered calls", () => {
  it('export sends what Claude Code sent: the call with its interrupted result', () => {
    const messages = (exportRequest(file, damaged) as { messages: Message[] }).messages;
    const sent = stripCacheControl(withoutSystem(messages));
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${NAME}.request.json`)));
    expect(JSON.stringify(sent)).not.toContain('toolu_M1');
  });

  it("no error: the torn line's loss is the tail call's result, a warning", () => {
    const found = lintBytes(file, damaged).result.diagnostics;
    expect(found.filter((d) => d.severity === 'error')).toEqual([]);
    const torn = found.find((d) => d.ruleId === 'valid-json');
    expect([torn?.line, torn?.severity, torn?.message]).toEqual([
      31,
      'warn',
      'Last line is cut off mid-entry (a crash while writing); Claude Code skips it and resumes from the entry before it.',
    ]);
  });
});
