// The chain's per-uuid facts (src/formats/claude-code/chain.ts) against the plain construction they stand for:
// allByUuid (every entry per uuid, in line order, keys in the order of each uuid's first line), live (the last line
// with a uuid holds it) and storedParent (the entry byUuid holds for the stored parentUuid). The chain keeps real
// lists only for uuids on several lines, and finds a parent that is the live entry just before without a lookup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../src/formats/claude-code/chain.js';
import type { Entry } from '../../src/model/types.js';

const entry = (index: number, uuid: string | undefined, parentUuid: string | null | undefined): Entry => ({
  line: index + 1,
  index,
  type: 'user',
  uuid,
  parentUuid,
  isSidechain: false,
  raw: { type: 'user', message: { role: 'user', content: 'hi' } },
});

function plain(entries: Entry[]) {
  const byUuid = new Map<string, Entry>();
  const all = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.uuid === undefined) continue;
    byUuid.set(e.uuid, e);
    const list = all.get(e.uuid);
    if (list) list.push(e);
    else all.set(e.uuid, [e]);
  }
  return {
    all: [...all].map(([k, list]) => [k, list.map((e) => e.index)]),
    live: entries.map((e) => (e.uuid !== undefined && byUuid.get(e.uuid) === e ? 1 : 0)),
    storedParent: entries.map((e) => (typeof e.parentUuid === 'string' ? (byUuid.get(e.parentUuid)?.index ?? -1) : -1)),
  };
}

// Few uuids, so that they repeat; parents often the entry just before, as in real sessions.
const uuid = fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { nil: undefined });
const sessions = fc.array(fc.tuple(uuid, fc.oneof(uuid, fc.constant(null), fc.constant('previous'))), {
  maxLength: 30,
});

describe('buildChain: uuids', () => {
  it('are what a plain construction gives, with and without repeats', () => {
    fc.assert(
      fc.property(sessions, (spec) => {
        const entries = spec.map(([u, p], i) =>
          entry(i, u, p === 'previous' ? (i > 0 ? (spec[i - 1]![0] ?? null) : null) : p),
        );
        const chain = buildChain(entries);
        const want = plain(entries);
        expect([...chain.allByUuid].map(([k, list]) => [k, list.map((e) => e.index)])).toEqual(want.all);
        expect([...chain.allByUuid.keys()]).toEqual(want.all.map(([k]) => k));
        for (const [k, indices] of want.all) {
          expect(chain.allByUuid.get(k as string)?.map((e) => e.index)).toEqual(indices);
          expect(chain.allByUuid.has(k as string)).toBe(true);
        }
        expect(chain.allByUuid.size).toBe(want.all.length);
        expect([...chain.live!]).toEqual(want.live);
        expect([...chain.storedParent!]).toEqual(want.storedParent);
      }),
      { numRuns: 500 },
    );
  });
});
