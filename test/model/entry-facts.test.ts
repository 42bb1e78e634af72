// The fact helpers of src/model/entries.ts keep what they find on the entry (Entry.facts): their answers must be
// those of reading `raw` each time, on the first call and later ones, for entries built with the memo fields
// (buildEntries) and without them (other formats, a fix's new entries), and for entries that cannot keep them (frozen).
import { describe, expect, it } from 'vitest';
import { buildEntries } from '../../src/formats/claude-code/entries.js';
import { loadText } from '../../src/loader/read-jsonl.js';
import { assistantMessageId, isToolResultEntry, isUserPrompt } from '../../src/model/entries.js';
import type { Entry } from '../../src/model/types.js';

const lines = [
  { type: 'user', uuid: 'u1', message: { role: 'user', content: 'a prompt' } },
  { type: 'user', uuid: 'u2', message: { role: 'user', content: [{ type: 'text', text: 'blocks' }] } },
  {
    type: 'user',
    uuid: 'u3',
    message: {
      role: 'user',
      content: [
        { type: 'text', text: 'x' },
        { type: 'tool_result', tool_use_id: 't' },
      ],
    },
  },
  { type: 'user', uuid: 'u4', isMeta: true, message: { role: 'user', content: 'meta' } },
  { type: 'user', uuid: 'u5', isCompactSummary: true, message: { role: 'user', content: 'summary' } },
  { type: 'user', uuid: 'u6', message: 'not an object' },
  { type: 'assistant', uuid: 'a1', message: { id: 'msg_1', role: 'assistant', content: [] } },
  { type: 'assistant', uuid: 'a2', message: { id: 7, role: 'assistant', content: [] } },
  { type: 'assistant', uuid: 'a3', message: [{ id: 'msg_x' }] },
  { type: 'system', uuid: 's1', message: { id: 'msg_s' } },
  { type: 'progress', uuid: 'p1', data: { message: { id: 'msg_p' } } },
];

// What each helper answers, by uuid: [isUserPrompt, isToolResultEntry, assistantMessageId].
const expected: Record<string, [boolean, boolean, string | undefined]> = {
  u1: [true, false, undefined],
  u2: [true, false, undefined],
  u3: [false, true, undefined],
  u4: [false, false, undefined],
  u5: [false, false, undefined],
  u6: [true, false, undefined],
  a1: [false, false, 'msg_1'],
  a2: [false, false, undefined],
  a3: [false, false, undefined],
  s1: [false, false, undefined],
  p1: [false, false, undefined],
};

const answers = (e: Entry) => [isUserPrompt(e), isToolResultEntry(e), assistantMessageId(e)];

describe('entry facts', () => {
  const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;

  it('answers alike on the first call and the later ones (entries of a session file)', () => {
    const entries = buildEntries(loadText('facts.jsonl', text));
    expect(entries).toHaveLength(lines.length);
    for (const e of entries) {
      expect(answers(e), e.uuid).toEqual(expected[e.uuid!]);
      expect(answers(e), e.uuid).toEqual(expected[e.uuid!]);
    }
  });

  it('answers alike for entries a caller froze, with the memo fields or without them', () => {
    const built = buildEntries(loadText('facts.jsonl', text)).map((e) => Object.freeze(e));
    const bare = lines.map((raw, index) =>
      Object.freeze({ line: index + 1, index, type: raw.type, uuid: raw.uuid, isSidechain: false, raw }),
    );
    for (const e of [...built, ...bare]) {
      expect(answers(e), e.uuid).toEqual(expected[e.uuid!]);
      expect(answers(e), e.uuid).toEqual(expected[e.uuid!]);
    }
  });

  it('answers alike for entries made without the memo fields', () => {
    for (const [index, raw] of lines.entries()) {
      const e: Entry = { line: index + 1, index, type: raw.type, uuid: raw.uuid, isSidechain: false, raw };
      expect(answers(e), raw.uuid).toEqual(expected[raw.uuid]);
      expect(answers(e), raw.uuid).toEqual(expected[raw.uuid]);
    }
  });
});
