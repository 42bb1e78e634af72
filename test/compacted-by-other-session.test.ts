// The recorded session rec/agent as the differential harness damaged it for seed 342: another session's file
// (380d0001, compacted twice) appended after this session's turns (lines 1-45), then two terminals' resumes of this
// session interleaved (lines 236-269). Claude Code 2.1.332 applied the other session's last compaction (line 166):
// it deleted every entry above it, this session's turns too, and hung each message whose parent was deleted off that
// compaction's preserved tail ("Seven done.", line 156). It sent the other session's summary and tail, then terminal
// B's "continue" turn, and none of this session's earlier turns (the .request.json beside the file, MOCK_STRICT=1
// ../shared/oracle/resume.sh). Export had started at terminal B's prompt, and single-session was a warning.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { splitSessions } from '../src/engine/split-sessions.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, stripCacheControl, withoutSystem } from './helpers/sent-messages.js';

const DIR = path.resolve(
  import.meta.dirname,
  '..',
  'fixtures',
  'sessions',
  'claude-code',
  'compacted-by-other-session',
);
const OWN = 'cdeff8bc-894d-4131-b95c-5ac2e1f55011';
const OTHER = '380d0001-7308-4554-be1e-3cfe89e25f07';
const file = path.join(DIR, `${OWN}.jsonl`);
const damaged = readFileSync(file);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-compacted-by-other-session-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const exported = (name: string, data: Uint8Array): Message[] =>
  stripCacheControl(withoutSystem((exportRequest(name, data) as { messages: Message[] }).messages)) as Message[];

describe("another session's compaction appended after this session's turns", () => {
  it("export sends what Claude Code sent: that session's summary and tail, then terminal B's turn", () => {
    const sent = exported(file, damaged);
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${OWN}.request.json`)));
    const text = JSON.stringify(sent);
    expect(text).toContain('Seven done.');
    expect(text).toContain('toolu_termB1');
    expect(text).not.toContain('delegate three checks to a subagent');
  });

  it('is an error on the other session, whose compaction takes the place of this session', () => {
    const errors = lintBytes(file, damaged).result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.ruleId, d.line])).toEqual([['single-session', 48]]);
    expect(errors[0]!.message).toBe(
      `Lines 48-235 hold another session (${OTHER}): 112 entries joined to no entry of session ${OWN}, two files joined into one. Its compaction, later in the file than session ${OWN}'s earlier turns, is applied on resume: Claude Code deletes those turns and sends that session's summary and preserved tail in their place, then session ${OWN}'s later turns. \`transcript-lint split\` on this file moves these lines to ${OTHER}.jsonl beside it.`,
    );
  });

  it('split, then --fix: the file sends its whole history, as Claude Code did for it', async () => {
    const copy = path.join(dir, `${OWN}.jsonl`);
    writeFileSync(copy, damaged);
    const result = await splitSessions({ filePath: copy, backup: false }, linter);
    expect(result).toMatchObject({ own: OWN, moved: [{ sessionId: OTHER, lines: 190 }] });
    const fixed = fixBytes(copy, readFileSync(copy), { unsafe: true }).output;
    const sent = exported(copy, fixed);
    expect(sent).toEqual(recordedConversation(path.join(DIR, `${OWN}.fixed.request.json`)));
    const text = JSON.stringify(sent);
    for (const item of ['delegate three checks to a subagent', 'toolu_AG1', 'toolu_M1', 'toolu_M2', 'toolu_termB1'])
      expect(text).toContain(item);
    expect(text).not.toContain('Seven done.');
  });
});
