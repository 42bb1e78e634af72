// Chain.children is a view over the chain's parent indices (src/model/child-lists.ts): it must read as the Map of
// child lists it stands for (live entries in file order, by effective parent, dangling parents included) and turn
// into that Map when iterated or changed.
import { describe, expect, it } from 'vitest';
import { buildChain } from '../../src/formats/claude-code/chain.js';
import type { Entry } from '../../src/model/types.js';

const entry = (
  index: number,
  uuid: string | undefined,
  parentUuid: string | null | undefined,
  sidechain = false,
): Entry => ({
  line: index + 1,
  index,
  type: 'user',
  uuid,
  parentUuid,
  isSidechain: sidechain,
  raw: { type: 'user', message: { role: 'user', content: 'hi' } },
});

/** The map the chain used to build: live entries, in file order, by parent uuid. */
function expected(entries: Entry[]): Map<string, Entry[]> {
  const byUuid = new Map<string, Entry>();
  for (const e of entries) if (e.uuid !== undefined) byUuid.set(e.uuid, e);
  const out = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.uuid === undefined || byUuid.get(e.uuid) !== e || typeof e.parentUuid !== 'string') continue;
    const list = out.get(e.parentUuid);
    if (list) list.push(e);
    else out.set(e.parentUuid, [e]);
  }
  return out;
}

describe('ChildLists (Chain.children)', () => {
  // b and d hang off a; c off a missing parent; e repeats b's uuid (the later line wins); f has no uuid.
  const entries = [
    entry(0, 'a', null),
    entry(1, 'b', 'a'),
    entry(2, 'c', 'gone'),
    entry(3, 'd', 'a', true),
    entry(4, 'b', 'c'),
    entry(5, undefined, 'a'),
    entry(6, 'g', 'gone'),
  ];
  const real = expected(entries);

  it('reads as the Map of child lists', () => {
    const { children } = buildChain(entries);
    for (const key of ['a', 'b', 'c', 'd', 'gone', 'nothing', 'g']) {
      expect(children.get(key)).toEqual(real.get(key));
      expect(children.has(key)).toBe(real.has(key));
    }
    expect(children.size).toBe(real.size);
    expect([...children]).toEqual([...real]);
    expect([...children.keys()]).toEqual([...real.keys()]);
    expect(Object.prototype.toString.call(children)).toBe('[object Map]');
  });

  it('becomes a Map of its own when changed', () => {
    const { children } = buildChain(entries);
    children.set('z', []);
    expect(children.delete('a')).toBe(true);
    expect([...children.keys()]).toEqual([...real.keys()].filter((k) => k !== 'a').concat('z'));
  });
});
