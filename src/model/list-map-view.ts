// What the chain's lazy maps of entry lists share (SingleEntryLists, ChildLists): each answers reads from the chain's
// own indices and turns into the real Map it stands for (built once, by `build`) as soon as anything changes it, so
// it behaves as a Map in every way but the identity of the lists it gives (a fresh list on each read).
import type { Entry } from './types.js';

export abstract class ListMapView implements Map<string, Entry[]> {
  /** The real map, once built. */
  protected own?: Map<string, Entry[]>;

  /** The map this view stands for. */
  protected abstract build(): Map<string, Entry[]>;

  abstract get size(): number;
  abstract get(key: string): Entry[] | undefined;
  abstract has(key: string): boolean;
  abstract entries(): MapIterator<[string, Entry[]]>;
  abstract keys(): MapIterator<string>;
  abstract values(): MapIterator<Entry[]>;

  get [Symbol.toStringTag](): string {
    return 'Map';
  }

  [Symbol.iterator](): MapIterator<[string, Entry[]]> {
    return this.entries();
  }

  forEach(callback: (value: Entry[], key: string, map: Map<string, Entry[]>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) callback.call(thisArg, v, k, this);
  }

  set(key: string, value: Entry[]): this {
    this.materialize().set(key, value);
    return this;
  }

  delete(key: string): boolean {
    return this.materialize().delete(key);
  }

  clear(): void {
    this.materialize().clear();
  }

  protected materialize(): Map<string, Entry[]> {
    this.own ??= this.build();
    return this.own;
  }
}
