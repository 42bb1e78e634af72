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
