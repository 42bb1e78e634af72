// Chain.allByUuid when no uuid is on two lines (nearly every session): the map from each uuid to the one entry that
// holds it, read as lists of one. It answers from byUuid, so building the chain costs one map of uuids, not two. A
// real Map as soon as anything changes it, so it behaves as one in every way but the identity of the lists it gives
// (a fresh list on each read).
import { ListMapView } from './list-map-view.js';
import type { Entry } from './types.js';

export class SingleEntryLists extends ListMapView {
  /** @param byUuid every uuid's entry, with no uuid held by two entries */
  constructor(private readonly byUuid: ReadonlyMap<string, Entry>) {
    super();
  }

  get size(): number {
    return this.own ? this.own.size : this.byUuid.size;
  }

  get(key: string): Entry[] | undefined {
    if (this.own) return this.own.get(key);
    const e = this.byUuid.get(key);
    return e === undefined ? undefined : [e];
  }

  has(key: string): boolean {
    return this.own ? this.own.has(key) : this.byUuid.has(key);
  }

  *entries(): MapIterator<[string, Entry[]]> {
    if (this.own) {
      yield* this.own.entries();
      return;
    }
    for (const [k, e] of this.byUuid) yield [k, [e]];
  }

  keys(): MapIterator<string> {
    return this.own ? this.own.keys() : this.byUuid.keys();
  }

  *values(): MapIterator<Entry[]> {
    if (this.own) {
      yield* this.own.values();
      return;
    }
    for (const e of this.byUuid.values()) yield [e];
  }

  protected build(): Map<string, Entry[]> {
    return new Map([...this.byUuid].map(([k, e]) => [k, [e]]));
  }
}
