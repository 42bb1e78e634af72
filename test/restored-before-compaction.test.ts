// A compacted session with a restored copy of its first lines appended (the differential harness's seed 80:
// rec/main continued, lines 1-7 written again after the end). Claude Code 2.1.332 (MOCK_STRICT=1
// ../shared/oracle/resume.sh, the .request.json beside the file) keeps each uuid where it first appeared, so the
// copied rows are deleted with the compacted history and the session resumes as before: summary, preserved tail
// and the /compact lines. unique-uuid's safe fix must keep it so: it drops the later copies, not the first ones
// (keeping the copies at the end brought those rows back after the boundary, and resume sent "turn one" alone).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Message, withoutSystem } from './helpers/sent-messages.js';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';

const DIR = path.resolve(
  import.meta.dirname,
  '..',
  'fixtures',
  'sessions',
  'claude-code',
  'restored-before-compaction',
);
const NAME = '380d0001-7308-4554-be1e-3cfe89e25f07';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);

const exported = (data: Uint8Array): Message[] =>
  withoutSystem((exportRequest(file, data) as { messages: Message[] }).messages);
/** The recorded request's history without the resume prompt (the last user message also holds "continue"). */
function sent(): Message[] {
  const { messages } = JSON.parse(readFileSync(path.join(DIR, `${NAME}.request.json`), 'utf8')) as {
    messages: Message[];
  };
  return withoutSystem(messages);
}

describe("a restored copy of a compacted session's first lines", () => {
  it('export sends what Claude Code sent: the compaction, not the copied rows', () => {
    const ours = exported(damaged);
    expect(ours.map((m) => m.role)).toEqual(sent().map((m) => m.role));
    expect(ours.slice(0, 2)).toEqual(sent().slice(0, 2));
  });

  it('the safe fix drops the later copies and changes nothing that is sent', () => {
    const out = fixBytes(file, damaged).output;
    expect(exported(out)).toEqual(exported(damaged));
    const tail = Buffer.from(out).toString('utf8').trimEnd().split('\n').slice(-5);
    expect(tail.some((l) => l.includes('"uuid":"33a3fdd7'))).toBe(false);
    expect(lintBytes(file, out).result.diagnostics.filter((d) => d.ruleId === 'unique-uuid')).toEqual([]);
  });
});
