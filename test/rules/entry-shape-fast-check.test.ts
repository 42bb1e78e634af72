// entry-shape's fast check (rules/entry-shape/fast-check.ts) may only answer "certainly valid" for an entry the full
// validation finds nothing in: checked on entries built from mutated fields of every shape the schemas look at.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateTree } from '../../rules/entry-shape.js';
import { certainlyValid } from '../../rules/entry-shape/fast-check.js';
import type { SchemaName } from '../../rules/entry-shape/schemas.js';
import { loadText } from '../../src/loader/read-jsonl.js';

const odd = fc.constantFrom<unknown>(undefined, null, 0, 1.5, true, false, '', 'x', [], [1], {}, { type: 'text' });
// Mostly the right kind of value, sometimes a wrong one: an entry with one wrong field deep down is the case to catch.
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb as fc.Arbitrary<unknown>, weight: 12 }, { arbitrary: odd, weight: 1 });
const blockType = fc.constantFrom('text', 'tool_use', 'tool_result', 'thinking', 'image', 'document', 'other');
const source = fc.constant({ type: 'base64', data: 'AA' });
const nested = fc.record({ type: maybe(blockType), text: maybe(fc.string()), source: maybe(source) });
const block = fc.record({
  type: maybe(blockType),
  text: maybe(fc.string()),
  id: maybe(fc.string()),
  tool_use_id: maybe(fc.string()),
  thinking: maybe(fc.string()),
  source: maybe(source),
  content: maybe(fc.oneof(fc.string(), fc.array(maybe(nested), { maxLength: 3 }))),
});
const entry = fc.record(
  {
    type: fc.constantFrom('user', 'assistant', 'system', 'attachment', 'last-prompt', 'summary'),
    uuid: maybe(fc.uuid()),
    parentUuid: maybe(fc.oneof(fc.uuid(), fc.constant(null))),
    leafUuid: maybe(fc.oneof(fc.uuid(), fc.constant(null))),
    summary: maybe(fc.string()),
    message: maybe(
      fc.record({
        role: maybe(fc.constantFrom('user', 'assistant')),
        content: maybe(fc.oneof(fc.string(), fc.array(maybe(block), { maxLength: 3 }))),
      }),
    ),
  },
  { requiredKeys: ['type'] },
);
const SCHEMA_OF: Record<string, SchemaName> = {
  user: 'messageEntry',
  assistant: 'messageEntry',
  attachment: 'chainEntry',
  system: 'chainEntry',
  'last-prompt': 'lastPrompt',
  summary: 'summary',
};

describe('entry-shape fast check', () => {
  it('answers "certainly valid" only for entries the full validation finds nothing in', () => {
    let vouched = 0;
    fc.assert(
      fc.property(entry, (e) => {
        const file = loadText('t.jsonl', `${JSON.stringify(e)}\n`);
        const line = file.lines[0]!;
        const name = SCHEMA_OF[e.type]!;
        const errors: string[] = [];
        validateTree(name, line.json, (_err, pointer) => errors.push(pointer));
        if (certainlyValid(name, line.json!, line)) {
          vouched++;
          expect(errors).toEqual([]);
        }
      }),
      { numRuns: 10000 },
    );
    expect(vouched).toBeGreaterThan(100);
  });

  it("vouches for the common shapes, and never for another line's object", () => {
    const e = {
      type: 'assistant',
      uuid: 'u1',
      parentUuid: null,
      message: {
        content: [
          { type: 'text', text: 'hi' },
          { type: 'tool_use', id: 't1', name: 'Bash', input: {} },
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'ok' }] },
        ],
      },
    };
    const line = loadText('t.jsonl', `${JSON.stringify(e)}\n`).lines[0]!;
    expect(certainlyValid('messageEntry', line.json!, line)).toBe(true);
    expect(certainlyValid('messageEntry', { ...line.json! }, line)).toBe(false);
    expect(certainlyValid('messageEntry', line.json!, undefined)).toBe(false);
  });
});
