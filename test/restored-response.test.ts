// The corpus session parallel.jsonl with its first 21 lines appended again and two other writers' lines interleaved
// (the differential harness's seed 199). The copy repeats the first parts of the parallel response (message.id
// msg_mock1) after the user prompt's copy; Claude Code 2.1.332 holds each copied part where its uuid first appeared
// and resumed the response whole (the .request.json beside the file, MOCK_STRICT=1 ../shared/oracle/resume.sh).
// split-assistant-message reported an error there, and its fix moved the copied parts to a fresh id: the fixed file
// lost toolu_P3. Now nothing is reported, and the fixed file (unique-uuid drops the copies) sent all three calls
// (.fixed.request.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixBytes, lintBytes } from '../src/index.js';
import { type Message, recordedConversation, exportedConversation } from './helpers/sent-messages.js';

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'sessions', 'claude-code', 'restored-response');
const NAME = '2bdfd9d7-33f3-4875-a598-3d24d6f83e74';
const file = path.join(DIR, `${NAME}.jsonl`);
const damaged = readFileSync(file);
const exported = (data: Uint8Array): Message[] => exportedConversation(file, data);

describe("a restored copy of a response's first parts", () => {
  it('export sends what Claude Code sent: the response whole', () => {
    expect(exported(damaged)).toEqual(recordedConversation(path.join(DIR, `${NAME}.request.json`)));
  });

  it('no error: the copies are parts of the response they repeat', () => {
    expect(lintBytes(file, damaged).result.errorCount).toBe(0);
  });

  it('the fixed file sends the three calls, as Claude Code did for it', () => {
    const out = fixBytes(file, damaged, { unsafe: true });
    expect(out.applied.every((f) => f.ruleId === 'unique-uuid')).toBe(true);
    expect(exported(out.output)).toEqual(recordedConversation(path.join(DIR, `${NAME}.fixed.request.json`)));
    for (const id of ['toolu_P1', 'toolu_P2', 'toolu_P3']) expect(JSON.stringify(exported(out.output))).toContain(id);
  });
});
