// Chain.children without a map of parent uuids: the children of each entry by entry index (a count, then the
// children's indices in file order, built from the chain's parent indices), and a small real map for the parents
// that name no entry. Looking a child list up costs one lookup of the uuid in byUuid, and building it no lookup by
// uuid string at all. A real Map as soon as it is iterated, sized or changed (built by the loop it stands for), so it
// behaves as one in every way but the identity of the lists it gives (a fresh list on each read).
import { ListMapView } from './list-map-view.js';
import type { Entry } from './types.js';
import { appendTo } from './arrays.js';

export class ChildLists extends ListMapView {
  /** start[j] .. start[j + 1] - 1: where entry j's children sit in `list`. */
  private readonly start: Int32Array;
  private readonly list: Int32Array;

  /**
   * @param all the chain's entries (Entry.index is the position here)
   * @param byUuid every uuid's live entry
   * @param live by entry index, 1 for an entry that holds its uuid: only those are children
   * @param parentIndex by entry index, the index of the entry byUuid holds for its effective parent, or -1
   * @param parentOf the effective parent
   * @param dangling the children (live, in file order) of each effective parent uuid that names no entry
   */
  constructor(
    private readonly all: readonly Entry[],
    private readonly byUuid: ReadonlyMap<string, Entry>,
    private readonly live: Uint8Array,
    parentIndex: Int32Array,
    private readonly parentOf: (e: Entry) => string | null | undefined,
    private readonly dangling: ReadonlyMap<string, Entry[]>,
  ) {
    super();
    const n = all.length;
    const start = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const p = parentIndex[i]!;
      if (p >= 0 && live[i] === 1) start[p + 1]!++;
    }
    for (let j = 0; j < n; j++) start[j + 1]! += start[j]!;
    const list = new Int32Array(start[n]!);
    const fill = start.slice(0, n);
    for (let i = 0; i < n; i++) {
      const p = parentIndex[i]!;
      if (p >= 0 && live[i] === 1) list[fill[p]!++] = i;
    }
    this.start = start;
    this.list = list;
  }

  get size(): number {
    return this.materialize().size;
  }

  get(key: string): Entry[] | undefined {
    if (this.own) return this.own.get(key);
    const parent = this.byUuid.get(key);
    if (parent === undefined) return this.dangling.get(key);
    const from = this.start[parent.index]!;
    const to = this.start[parent.index + 1]!;
    if (from === to) return undefined;
    const out: Entry[] = new Array(to - from);
    for (let k = from; k < to; k++) out[k - from] = this.all[this.list[k]!]!;
    return out;
  }

  has(key: string): boolean {
    if (this.own) return this.own.has(key);
    const parent = this.byUuid.get(key);
    if (parent === undefined) return this.dangling.has(key);
    return this.start[parent.index]! !== this.start[parent.index + 1]!;
  }

  entries(): MapIterator<[string, Entry[]]> {
    return this.materialize().entries();
  }

  keys(): MapIterator<string> {
    return this.materialize().keys();
  }

  values(): MapIterator<Entry[]> {
    return this.materialize().values();
  }

  /** The map this stands for, built as the chain used to build it: live entries in file order, by effective parent. */
  protected build(): Map<string, Entry[]> {
    const own = new Map<string, Entry[]>();
    for (let i = 0; i < this.all.length; i++) {
      if (this.live[i] === 0) continue;
      const e = this.all[i]!;
      const p = this.parentOf(e);
      if (typeof p !== 'string') continue;
      appendTo(own, p, e);
    }
    return own;
  }
}
