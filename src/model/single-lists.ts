// Chain.allByUuid: the map from each uuid to the entries that hold it, in line order. Nearly every uuid is on one
// line, so it answers from byUuid with lists of one, and keeps real lists only for the few uuids on several lines:
// building the chain costs one map of uuids, not two. A real Map as soon as anything changes it, so it behaves as one
// in every way but the identity of the lists of one it gives (a fresh list on each read).
import { ListMapView } from './list-map-view.js';
import type { Entry } from './types.js';

export class SingleEntryLists extends ListMapView {
  /**
   * @param byUuid every uuid's survivor, in the order of each uuid's first line
   * @param repeated the uuids held by several entries, with all of them in line order
   */
  constructor(
    private readonly byUuid: ReadonlyMap<string, Entry>,
    private readonly repeated?: ReadonlyMap<string, Entry[]>,
  ) {
    super();
  }

  private listOf(key: string, e: Entry): Entry[] {
    return this.repeated?.get(key) ?? [e];
  }

  get size(): number {
    return this.own ? this.own.size : this.byUuid.size;
  }

  get(key: string): Entry[] | undefined {
    if (this.own) return this.own.get(key);
    const e = this.byUuid.get(key);
    return e === undefined ? undefined : this.listOf(key, e);
  }

  has(key: string): boolean {
    return this.own ? this.own.has(key) : this.byUuid.has(key);
  }

  *entries(): MapIterator<[string, Entry[]]> {
    if (this.own) {
      yield* this.own.entries();
      return;
    }
    for (const [k, e] of this.byUuid) yield [k, this.listOf(k, e)];
  }

  keys(): MapIterator<string> {
    return this.own ? this.own.keys() : this.byUuid.keys();
  }

  *values(): MapIterator<Entry[]> {
    if (this.own) {
      yield* this.own.values();
      return;
    }
    for (const [k, e] of this.byUuid) yield this.listOf(k, e);
  }

  /** The uuids held by several entries, with those entries, in the map's order; the others are not visited. */
  *shared(): Generator<[string, Entry[]]> {
    if (this.own) {
      for (const [k, v] of this.own) if (v.length > 1) yield [k, v];
      return;
    }
    if (this.repeated) yield* this.repeated.entries();
  }

  protected build(): Map<string, Entry[]> {
    return new Map([...this.byUuid].map(([k, e]) => [k, this.listOf(k, e)]));
  }
}

/**
 * The uuids of `allByUuid` (Chain.allByUuid) held by several entries, with those entries, in the map's order: a session
 * has a handful, and this visits only them when the chain kept them apart (SingleEntryLists).
 */
export function* sharedUuids(allByUuid: ReadonlyMap<string, Entry[]>): Generator<[string, Entry[]]> {
  if (allByUuid instanceof SingleEntryLists) {
    yield* allByUuid.shared();
    return;
  }
  for (const [k, v] of allByUuid) if (v.length > 1) yield [k, v];
}
