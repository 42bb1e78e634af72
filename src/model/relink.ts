// Where an entry whose parentUuid names no entry of the file is re-linked (parent-exists' fix): the nearest entry
// before it in the file of its own chain, which is the last surviving entry above a block of deleted lines.
import { CHAIN_TYPES } from './entries.js';
import type { Entry } from './types.js';
import { appendTo } from './arrays.js';

/**
 * The nearest entry of a chain type before `entry` in the file, of the same chain, that `below` (the entries hanging
 * below `entry`) does not hold: a link to one of those would close a loop.
 */
export function nearestEarlierOfChain(
  entries: readonly Entry[],
  entry: Entry,
  below: { has(e: Entry): boolean },
): Entry | undefined {
  const key = chainKey(entry);
  for (let i = entry.index - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (CHAIN_TYPES.has(e.type) && e.isSidechain === entry.isSidechain && chainKey(e) === key && !below.has(e))
      return e;
  }
  return undefined;
}

/** Main-chain entries form one chain; sidechain entries one per agent. */
export function chainKey(entry: Entry): string {
  if (!entry.isSidechain) return 'main';
  return `side:${typeof entry.raw.agentId === 'string' ? entry.raw.agentId : ''}`;
}

/** The entries hanging below `entry` by stored parentUuid (for one entry; parent-exists keeps its own index). */
export function entriesBelow(entries: readonly Entry[], entry: Entry): Set<Entry> {
  const children = new Map<string, Entry[]>();
  for (const e of entries) {
    if (typeof e.parentUuid !== 'string') continue;
    appendTo(children, e.parentUuid, e);
  }
  const found = new Set<Entry>();
  const stack = [entry];
  while (stack.length > 0) {
    const cur = stack.pop()!;
    if (cur.uuid === undefined) continue;
    for (const c of children.get(cur.uuid) ?? []) {
      if (found.has(c)) continue;
      found.add(c);
      stack.push(c);
    }
  }
  return found;
}
