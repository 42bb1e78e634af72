import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadText } from '../../src/loader/read-jsonl.js';
import { SharedStrings } from '../../src/loader/shared-strings.js';

const line = (uuid: string, parentUuid: string | null, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ parentUuid, uuid, sessionId: 's-1', cwd: '/tmp/project', type: 'user', ...extra });

describe('SharedStrings', () => {
  it('swaps repeated values and a parentUuid equal to the last uuid, and nothing else', () => {
    const strings = new SharedStrings();
    const a = JSON.parse(line('u1', null, { message: { model: 'm' } })) as Record<string, unknown>;
    const b = JSON.parse(line('u2', 'u1', { message: { model: 'm' } })) as Record<string, unknown>;
    const c = JSON.parse(line('u3', 'u1', { sessionId: 's-2' })) as Record<string, unknown>;
    strings.share(a);
    expect(strings.shared).toBe(0);
    strings.share(b);
    // sessionId, cwd, message.model, and parentUuid (the uuid of the line before).
    expect(strings.shared).toBe(4);
    strings.share(c);
    // cwd only: another session, and a parent that is not the line before.
    expect(strings.shared).toBe(5);
    expect(c).toEqual({ parentUuid: 'u1', uuid: 'u3', sessionId: 's-2', cwd: '/tmp/project', type: 'user' });
  });

  it('swaps values that repeat the line before, and a sourceToolAssistantUUID equal to the parentUuid', () => {
    // Lines 19-27 of Claude Code 2.1.332's parallel.jsonl (../shared/corpus/claude-code-2.1.332): one reply split over
    // four assistant entries (message.id msg_mock1), a last-prompt and an atis-latch record, then the three tool
    // results of one prompt (one promptId), each with the sourceToolAssistantUUID of its parentUuid.
    const text = readFileSync(new URL('./data/parallel-turn.jsonl', import.meta.url), 'utf8');
    const strings = new SharedStrings();
    for (const l of text.split('\n').filter(Boolean)) strings.share(JSON.parse(l) as Record<string, unknown>);
    // Before: userType, entrypoint, cwd, sessionId, version, gitBranch on entries 2-4 and 7-9 (36), message.model on
    // entries 2-4 (3), parentUuid on entries 2-4 (3), sessionId on lines 5 and 6 (2): 44. Now also message.id on
    // entries 2-4 (3), promptId on entries 8-9 (2), sourceToolAssistantUUID on entries 7-9 (3): 52.
    expect(strings.shared).toBe(52);
  });

  it('swaps a run value only for the same text as the line before', () => {
    const strings = new SharedStrings();
    const lines = [
      { promptId: 'p1', timestamp: 't1', sourceToolAssistantUUID: 'a1', parentUuid: 'a2' },
      { promptId: 'p2', timestamp: 't1', message: { id: 'm1' } },
      { promptId: 'p1', requestId: 'r1', message: { id: 'm2' } },
      { promptId: 'p1', requestId: 'r1', message: { id: 'm2' } },
    ];
    for (const l of lines) strings.share(l as Record<string, unknown>);
    // timestamp on line 2; promptId, requestId and message.id on line 4. Line 3's promptId is not line 2's.
    expect(strings.shared).toBe(4);
    expect(lines[3]).toEqual({ promptId: 'p1', requestId: 'r1', message: { id: 'm2' } });
  });

  it('leaves values of other types, and long values, as they are', () => {
    const strings = new SharedStrings();
    const long = 'x'.repeat(600);
    for (let i = 0; i < 3; i++) strings.share({ cwd: long, sessionId: 7, message: ['model'], parentUuid: null });
    expect(strings.shared).toBe(0);
  });
});

describe('loading with shared strings', () => {
  it('gives every line the object JSON.parse gives, keys in order', () => {
    const text = [
      line('u1', null),
      line('u2', 'u1', { message: { role: 'assistant', model: 'claude', content: [] } }),
      line('u3', 'u2', { message: { role: 'assistant', model: 'claude', content: [] } }),
      '{"type":"progress","sessionId":"s-1","cwd":"/tmp/project","data":{"a":1}}',
    ].join('\n');
    const file = loadText('t.jsonl', `${text}\n`);
    expect(file.lines.map((l) => JSON.stringify(l.json))).toEqual(text.split('\n'));
  });
});
