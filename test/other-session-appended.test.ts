// A session that crashed after its first two lines (queue-operations, no conversation), with another session's file
// appended (the differential harness's seed 167). Claude Code 2.1.332 resumed the other session's conversation under
// this file's id (the .request.json beside the file, MOCK_STRICT=1 ../shared/oracle/resume.sh). single-session
// reports it as an error, and `split` moves the other session's lines to <its id>.jsonl: resumed as that session,
// they sent the same messages; the two lines left resume nothing, as before the other file was appended ("No
// conversation found with session ID").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linter } from '../src/composition.js';
import { splitSessions } from '../src/engine/split-sessions.js';
import { lintBytes } from '../src/index.js';
import { recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'other-session-appended');
const OWN = 'bbf9f800-50bc-42b9-a8a5-113b8d6441fa';
const OTHER = '31fac0fd-242c-4f6d-bf52-3477ef91705a';
const joined = readFileSync(path.join(DIR, `${OWN}.jsonl`));
const lines = joined.toString('utf8').split('\n').filter(Boolean);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tl-other-session-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const exported = exportedConversation;

describe("a session with no conversation of its own, another session's file appended", () => {
  it('export sends what Claude Code sent: the other conversation', () => {
    const file = path.join(DIR, `${OWN}.jsonl`);
    expect(exported(file, joined)).toEqual(recordedConversation(path.join(DIR, `${OWN}.request.json`)));
  });

  it('is an error on the other session, which Claude Code resumes', () => {
    const found = lintBytes(path.join(DIR, `${OWN}.jsonl`), joined).result.diagnostics.filter(
      (d) => d.severity === 'error',
    );
    expect(found.map((d) => [d.ruleId, d.line])).toEqual([['single-session', 5]]);
    // The file's own session has no turns to lose: the message says so, not that its turns are not sent.
    expect(found[0]!.message).toBe(
      `Lines 5-${lines.length} hold another session (${OTHER}): 21 entries, two files joined into one. Session ${OWN} holds no conversation of its own (its lines hold no prompt or reply), so Claude Code resumes this other session's conversation under session ${OWN}. \`transcript-lint split\` on this file moves these lines to ${OTHER}.jsonl beside it.`,
    );
    expect(found[0]!.related.map((r) => r.line)).toEqual([1]);
  });

  it('split moves the other session to its own file, byte for byte; the file keeps its two lines', async () => {
    const file = path.join(dir, `${OWN}.jsonl`);
    writeFileSync(file, joined);
    const result = await splitSessions({ filePath: file, backup: false }, linter);
    expect(result).toMatchObject({ own: OWN, moved: [{ sessionId: OTHER, lines: lines.length - 2 }] });
    expect(readFileSync(file, 'utf8')).toBe(`${lines.slice(0, 2).join('\n')}\n`);
    const moved = path.join(dir, `${OTHER}.jsonl`);
    expect(readFileSync(moved, 'utf8')).toBe(`${lines.slice(2).join('\n')}\n`);
    // Resumed as its own session, the moved file sent what the joined file sent (recorded).
    expect(exported(moved, readFileSync(moved))).toEqual(exported(path.join(DIR, `${OWN}.jsonl`), joined));
    expect(lintBytes(file, readFileSync(file)).result.errorCount).toBe(0);
    expect(lintBytes(moved, readFileSync(moved)).result.errorCount).toBe(0);
  });
});
