// A compacted session, continued after its compaction, with a restored copy of its first 52 lines appended: the
// copy ends with the compact boundary, the summary and the /compact caveat (the differential harness's seed 183,
// its api-request lines left out). Claude Code 2.1.332 keeps each uuid where it first appeared, so the copied rows
// change nothing and the session resumes as before (the .request.json beside the file: MOCK_STRICT=1
// ../shared/oracle/resume.sh). unique-uuid's safe fix must keep the boundary on its first line: kept at its copy
// after the continued turn instead, the boundary deleted that turn and the /compact lines, and resume sent the
// summary and the preserved tail alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportRequest, fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, stripCacheControl, withoutSystem } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'restored-boundary');
const NAME = '31fac0fd-242c-4f6d-bf52-3477ef91705a';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);
const BOUNDARY = '"uuid":"47132d42-';

const exported = (data: Uint8Array): Message[] =>
  withoutSystem((exportRequest(file, data) as { messages: Message[] }).messages);
const linesWith = (data: Uint8Array, text: string): number[] =>
  Buffer.from(data)
    .toString('utf8')
    .split('\n')
    .flatMap((l, i) => (l.includes(text) ? [i + 1] : []));

describe("a restored copy of a compacted session's first lines, ending with its boundary", () => {
  it('export sends what Claude Code sent: the turn after the compaction too', () => {
    const sent = recordedConversation(path.join(DIR, `${NAME}.request.json`));
    const ours = exported(damaged);
    expect(stripCacheControl(ours.slice(0, sent.length))).toEqual(sent);
    expect(JSON.stringify(ours)).toContain('Terminal A is done.');
  });

  it('the safe fix keeps the boundary on its first line and changes nothing that is sent', () => {
    expect(linesWith(damaged, BOUNDARY)).toEqual([42, 115]);
    const out = fixBytes(file, damaged).output;
    expect(linesWith(out, BOUNDARY)).toEqual([42]);
    expect(exported(out)).toEqual(exported(damaged));
    expect(lintBytes(file, out).result.diagnostics.filter((d) => d.ruleId === 'unique-uuid')).toEqual([]);
  });
});
