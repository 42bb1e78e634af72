// Array helpers for arrays as long as the input: `a.push(...b)` and `Math.max(...b)` pass every element as an
// argument, and past about 100k elements that is "Maximum call stack size exceeded" (a file of 45k copies of one
// session had 180k findings, and printing them failed so).

/** Appends every item of `items` to `target`, however many. */
export function pushAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}

/** The largest `of(item)` (0 for none). */
export function maxOf<T>(items: readonly T[], of: (item: T) => number): number {
  let max = 0;
  for (const item of items) max = Math.max(max, of(item));
  return max;
}

/** The index of the first of `items`, sorted by `key` ascending, whose key is above `value` (their length if none). */
export function firstAbove<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]!) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Appends `value` to the list `map` holds for `key`, starting the list when there is none. */
export function appendTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
