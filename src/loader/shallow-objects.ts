// Shallow objects: a parsed line that keeps only its top-level scalars, its nested values read again from the line's
// bytes when asked for. Most of a real session's bytes sit in entries whose nested content nothing reads (Claude
// Code's `progress` and `file-history-snapshot` records: a third of the bytes, and more of the values), and keeping
// every parsed tree is what made the heap 1.5x the file and GC a fifth of the run. Dropping those trees right after
// parsing makes them young garbage, which costs nothing to collect. A reader still sees the whole object: the
// nested fields are getters, in the original key order, that parse the line again (a few recent lines are cached).

/** The line a shallow object came from: its bytes, and how to decode them to the same text as the first time. */
export interface ShallowSource {
  bytes: Uint8Array;
}

const SOURCE = Symbol('shallow-source');
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Whole objects parsed again, most recent last; a handful, so a rule reading one entry's fields in turn parses once. */
const recent = new Map<ShallowSource, Record<string, unknown>>();
const RECENT = 16;
let reparses = 0;

function wholeOf(source: ShallowSource): Record<string, unknown> {
  let whole = recent.get(source);
  if (whole) {
    recent.delete(source);
  } else {
    reparses++;
    whole = JSON.parse(decoder.decode(source.bytes)) as Record<string, unknown>;
    if (recent.size >= RECENT) recent.delete(recent.keys().next().value as ShallowSource);
  }
  recent.set(source, whole);
  return whole;
}

/** One getter per field name, shared by every shallow object. */
const getters = new Map<string, () => unknown>();

function getterFor(key: string): () => unknown {
  let get = getters.get(key);
  if (!get) {
    get = function (this: Record<symbol, ShallowSource>) {
      return wholeOf(this[SOURCE] as ShallowSource)[key];
    };
    // Field names come from the input: past a bound, a getter is made per field rather than kept.
    if (getters.size < 4096) getters.set(key, get);
  }
  return get;
}

/**
 * Which of a line's top-level fields that hold an object or array are kept as getters; with `scalars`, those that
 * hold a string, number or boolean too (null stays a value).
 */
export type LazyFields = ((key: string) => boolean) & { scalars?: boolean };

export const ALL_FIELDS: LazyFields = () => true;

/**
 * `whole` with its object and array values (those `lazy` names) replaced by getters that parse `source` again. Keys
 * keep their order, and a `__proto__` key stays an own property, as JSON.parse made it.
 */
export function shallowObject(
  whole: Record<string, unknown>,
  source: ShallowSource,
  lazy: LazyFields = ALL_FIELDS,
): Record<string, unknown> {
  const shallow: Record<string | symbol, unknown> = {};
  // Writable, so that a later pass of a fix can give the object to the line that now holds its bytes (repoint).
  Object.defineProperty(shallow, SOURCE, { value: source, writable: true });
  // for-in rather than Object.keys: the same keys in the same order (a parsed object inherits nothing enumerable),
  // read from the shape's cache instead of a new array per line.
  for (const key in whole) {
    if (!Object.hasOwn(whole, key)) continue;
    const value = whole[key];
    if (value !== null && (typeof value === 'object' || lazy.scalars === true) && lazy(key)) {
      Object.defineProperty(shallow, key, { get: getterFor(key), enumerable: true, configurable: true });
    } else if (key === '__proto__') {
      Object.defineProperty(shallow, key, { value, writable: true, enumerable: true, configurable: true });
    } else {
      shallow[key] = value;
    }
  }
  return shallow as Record<string, unknown>;
}

/** The object a nested holder (see lazyNested) belongs to, whose SOURCE is the line to parse again. */
const ROOT = Symbol('shallow-root');

/** One getter per nested path, shared by every holder that keeps that path lazy. */
const nestedGetters = new Map<string, () => unknown>();

function nestedGetterFor(path: readonly string[]): () => unknown {
  const name = path.join('\0');
  let get = nestedGetters.get(name);
  if (!get) {
    get = function (this: Record<symbol, Record<symbol, ShallowSource>>) {
      let value: unknown = wholeOf(this[ROOT]![SOURCE] as ShallowSource);
      for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
      return value;
    };
    nestedGetters.set(name, get);
  }
  return get;
}

/**
 * Keeps the object or array at `path` below a line's parsed object `root` as a getter that parses `source` again,
 * when every step of the path is a plain object. The key keeps its place in the holder's key order.
 * Returns whether it did. `path` is a format's constant (never input), so its getters are few.
 */
export function lazyNested(root: Record<string, unknown>, path: readonly string[], source: ShallowSource): boolean {
  if (path.length < 2) return false;
  let outer: unknown;
  let holder: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (!isPlainObject(holder) || !Object.hasOwn(holder, path[i]!) || path[i] === '__proto__') return false;
    outer = holder;
    holder = holder[path[i]!];
  }
  const key = path[path.length - 1]!;
  if (!isPlainObject(holder) || !Object.hasOwn(holder, key) || key === '__proto__') return false;
  const value = holder[key];
  if (value === null || typeof value !== 'object') return false;
  // A new holder, its keys defined in order: turning a field of the parsed one into a getter would make V8 keep that
  // object as a dictionary (measured: the heap grew instead of shrinking).
  // A holder with a getter already (a long string kept as bytes, lazy-strings.ts) is left whole: the copy would lose it.
  for (const k in holder) if (Object.getOwnPropertyDescriptor(holder, k)?.get) return false;
  const copy: Record<string | symbol, unknown> = {};
  Object.defineProperty(copy, ROOT, { value: root });
  for (const k in holder) {
    if (!Object.hasOwn(holder, k)) continue;
    if (k === key) Object.defineProperty(copy, k, { get: nestedGetterFor(path), enumerable: true, configurable: true });
    else if (k === '__proto__')
      Object.defineProperty(copy, k, { value: holder[k], writable: true, enumerable: true, configurable: true });
    else copy[k] = holder[k];
  }
  if (!Object.hasOwn(root, SOURCE)) Object.defineProperty(root, SOURCE, { value: source, writable: true });
  (outer as Record<string, unknown>)[path[path.length - 2]!] = copy;
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A parsed object taken over by another line of the same bytes (parsed-lines.ts): a shallow one now reads that line. */
export function repoint(json: Record<string, unknown>, source: ShallowSource): void {
  if (Object.hasOwn(json, SOURCE)) (json as Record<symbol, unknown>)[SOURCE] = source;
}

/** How many lines shallow objects parsed again so far (for the benchmark and tests: it should stay near zero). */
export function shallowReparses(): number {
  return reparses;
}
