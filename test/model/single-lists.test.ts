// Chain.allByUuid without duplicate uuids is a view of byUuid (src/model/single-lists.ts): it must read as the Map
// of lists of one that it stands for, and turn into that Map when changed.
import { describe, expect, it } from 'vitest';
import { SingleEntryLists, sharedUuids } from '../../src/model/single-lists.js';
import type { Entry } from '../../src/model/types.js';

const entry = (uuid: string, index: number): Entry => ({
  line: index + 1,
  index,
  type: 'user',
  uuid,
  isSidechain: false,
  raw: {},
});

describe('SingleEntryLists', () => {
  const entries = ['a', 'b', 'c'].map(entry);
  const byUuid = new Map(entries.map((e) => [e.uuid!, e]));
  const real = new Map(entries.map((e) => [e.uuid!, [e]]));

  it('reads as the Map of lists of one', () => {
    const view = new SingleEntryLists(byUuid);
    expect(view.size).toBe(3);
    expect(view.get('b')).toEqual([entries[1]]);
    expect(view.get('x')).toBeUndefined();
    expect(view.has('c')).toBe(true);
    expect(view.has('x')).toBe(false);
    expect([...view]).toEqual([...real]);
    expect([...view.entries()]).toEqual([...real.entries()]);
    expect([...view.keys()]).toEqual([...real.keys()]);
    expect([...view.values()]).toEqual([...real.values()]);
    const seen: [string, Entry[]][] = [];
    view.forEach((v, k, m) => {
      expect(m).toBe(view);
      seen.push([k, v]);
    });
    expect(seen).toEqual([...real]);
    expect(Object.prototype.toString.call(view)).toBe('[object Map]');
  });

  it('becomes a Map of its own when changed, leaving byUuid alone', () => {
    const view = new SingleEntryLists(byUuid);
    view.set('d', [entry('d', 3)]);
    expect(view.size).toBe(4);
    expect(view.delete('a')).toBe(true);
    expect([...view.keys()]).toEqual(['b', 'c', 'd']);
    expect(byUuid.size).toBe(3);
    view.clear();
    expect(view.size).toBe(0);
    expect(byUuid.size).toBe(3);
  });
});

describe('sharedUuids', () => {
  // Line order a, b, a, c, b: a and b are on two lines each, the survivor being the later one.
  const lines = ['a', 'b', 'a', 'c', 'b'].map(entry);
  const byUuid = new Map<string, Entry>();
  for (const e of lines) byUuid.set(e.uuid!, e);
  const repeated = new Map([
    ['a', [lines[0]!, lines[2]!]],
    ['b', [lines[1]!, lines[4]!]],
  ]);

  it('gives only the uuids on several lines, in the order the whole map iterates them', () => {
    const view = new SingleEntryLists(byUuid, repeated);
    const expected = [...view].filter(([, all]) => all.length > 1);
    expect(expected.map(([k]) => k)).toEqual(['a', 'b']);
    expect([...sharedUuids(view)]).toEqual(expected);
  });

  it('reads a changed view, and a plain Map, the same way', () => {
    const view = new SingleEntryLists(byUuid, repeated);
    view.set('c', [lines[3]!, lines[3]!]);
    expect([...sharedUuids(view)].map(([k]) => k)).toEqual(['a', 'b', 'c']);
    const plain = new Map([...new SingleEntryLists(byUuid, repeated)]);
    expect([...sharedUuids(plain)]).toEqual([...sharedUuids(new SingleEntryLists(byUuid, repeated))]);
    expect([...sharedUuids(new SingleEntryLists(new Map([['a', lines[0]!]])))]).toEqual([]);
  });
});
