// The recorded session rec/main+continued as the differential harness damaged it for seed 248: lines 1-196, then
// lines 1-39 again (a restored copy), line 189 (a `last-prompt`) torn, and another session's lines interleaved from
// line 204. The last `last-prompt` (line 238) and the file's last row (line 237) are restored copies of turn one,
// whose uuids first appear above the second compact boundary (line 121, with a preserved tail): Claude Code 2.1.332
// deletes them on resume with the compacted history. It then resumed the childless entry with the newest
// timestamp, terminal A's continuation (line 194), and not the other session's reply written later in the file
// (line 210). Given that reply a newer timestamp, it resumed the reply; with the copies removed, the reply is the
// last row and it resumed the reply (each `.request.json` beside the file, MOCK_STRICT=1 ../shared/oracle/resume.sh).
// Before, the chain resumed the deleted row (export sent one assistant text), three errors fired, and --fix lost
// every item: it removed the copies and re-linked the other session's reply below this session's turn one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(
  import.meta.dirname,
  '..',
  'fixtures',
  'sessions',
  'claude-code',
  'restored-behind-compaction',
);
const NAME = '380d0001-7308-4554-be1e-3cfe89e25f07';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);
const lines = damaged.toString('utf8').split('\n');
const exported = (data: Uint8Array): Message[] => exportedConversation(file, data);
const recorded = (variant: string): Message[] => recordedConversation(path.join(DIR, `${NAME}${variant}.request.json`));
const uuidOf = (line: string): string | undefined => {
  try {
    return (JSON.parse(line) as { uuid?: string }).uuid;
  } catch {
    return undefined;
  }
};
const REPLY = '19256587-'; // the other session's reply, line 210

/** The file with every later line of a uuid left out (the restored copies). */
function withoutCopies(): Buffer {
  const seen = new Set<string>();
  const kept = lines.filter((l) => {
    const u = uuidOf(l);
    if (u === undefined) return true;
    if (seen.has(u)) return false;
    seen.add(u);
    return true;
  });
  return Buffer.from(kept.join('\n'));
}

describe('a restored copy behind a compaction, as the last row and the last `last-prompt`', () => {
  it("export sends what Claude Code sent: the newest tip, terminal A's continuation", () => {
    const sent = exported(damaged);
    expect(sent).toEqual(recorded(''));
    expect(JSON.stringify(sent)).toContain('toolu_E5');
    expect(JSON.stringify(sent)).not.toContain('toolu_A1');
  });

  it('no error; last-prompt-leaf says the entry it names is deleted on resume', () => {
    const found = lintBytes(file, damaged).result.diagnostics;
    expect(found.filter((d) => d.severity === 'error')).toEqual([]);
    const leaf = found.filter((d) => d.ruleId === 'last-prompt-leaf');
    expect(leaf.map((d) => [d.line, d.message])).toEqual([
      [
        238,
        '`leafUuid` a42d7b25-bee7-4e11-b44d-08de1080ca8d names line 237, an entry Claude Code deletes on resume with the history compacted before the last compact boundary (its uuid first appears above that boundary); Claude Code resumes from line 194 instead.',
      ],
    ]);
  });

  it("given a newer timestamp, the other session's reply is resumed, as Claude Code did", () => {
    const at = lines.findIndex((l) => l.includes(`"uuid":"${REPLY}`));
    const newer = [...lines];
    newer[at] = newer[at]!.replace('"timestamp":"2026-11-29T11:48:15.625Z"', '"timestamp":"2026-12-09T00:00:00.000Z"');
    expect(newer[at]).not.toBe(lines[at]);
    expect(exported(Buffer.from(newer.join('\n')))).toEqual(recorded('.newer-reply'));
  });

  it('with the copies removed, the reply is the last row and is resumed: an error', () => {
    const data = withoutCopies();
    expect(exported(data)).toEqual(recorded('.copies-removed'));
    const errors = lintBytes(file, data).result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.ruleId)).toContain('single-session');
  });

  it('the fixed file names the resumed prompt, keeps the reply unlinked, and sends what the damaged file sent', () => {
    const out = fixBytes(file, damaged, { unsafe: true });
    const fixed = Buffer.from(out.output).toString('utf8').split('\n');
    // The restored copies are removed; the last `last-prompt` names the prompt "continue" (line 192).
    expect(fixed.length).toBe(withoutCopies().toString('utf8').split('\n').length);
    expect(fixed.filter((l) => l.startsWith('{"type":"last-prompt"')).at(-1)).toBe(
      lines[237]!.replace('a42d7b25-bee7-4e11-b44d-08de1080ca8d', uuidOf(lines[191]!)!),
    );
    // The other session's reply is left as it was, for split to move: not re-linked into this session.
    expect(fixed.find((l) => l.includes(`"uuid":"${REPLY}`))).toBe(lines[209]);
    // That reply, later in the file but written days before and another session's, is not a branch of this one:
    // single-session reports it, resume-branch does not call it "the newer branch".
    const found = lintBytes(file, out.output).result.diagnostics;
    expect(found.filter((d) => d.ruleId === 'resume-branch')).toEqual([]);
    expect(found.filter((d) => d.ruleId === 'single-session').map((d) => [d.line, d.messageId])).toEqual([
      [202, 'ignored'],
    ]);
    expect(exported(out.output)).toEqual(recorded('.fixed'));
    expect(recorded('.fixed')).toEqual(recorded(''));
  });
});
