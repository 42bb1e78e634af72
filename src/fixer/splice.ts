// Edits spliced into the original bytes of a JSON text. The text is a tree of nodes that starts as one untouched
// range of bytes; an edit expands only the containers on its way down (their members found in the bytes, see
// splice-scan.ts) and replaces, cuts or appends only what it names. Writing the tree back copies every untouched
// range as it was, so bytes outside the edited members keep their exact form: numbers as written (1e400, -0, 1.50,
// 12345678901234567890), escapes (\u00e9, \/), duplicate keys, whitespace, invalid UTF-8 inside strings.
//
// - `set` on an existing member or element rewrites its value; on an absent key it appends `,"key":value` before the
//   closing brace (or `"key":value` into an empty object); on an array, index = length or "-" appends.
// - `remove` cuts the member or element with exactly one adjacent comma (the one after it; the one before it when it
//   is the last); a container left empty becomes `{}` / `[]`. A duplicated key is removed in every occurrence:
//   JSON.parse shows the last one, and cutting only that one would bring an earlier one back.
// - `replace` (and `set` over an existing value) is a structural diff: a value equal to what is there (JSON
//   semantics, key order included) keeps its bytes; objects and arrays are compared member by member, so only the
//   members that differ are written. An object whose new key order differs is written in the new order, each member
//   keeping its bytes; array elements are matched by identity (a fix that reorders blocks reuses the parsed ones),
//   then by position.
// - A string changed into one with as many UTF-16 units keeps the bytes of every escape and run of characters that
//   holds the same units at the same place; only the pieces that differ are written (string-patch.ts).
// - New values (and values that changed) are written fresh: JSON.stringify, or the document's layout.
//
// Fallbacks, where bytes are written fresh although they might have been kept: a value that differs more than
// MAX_DIFF_DEPTH levels down is written whole from that depth; array elements that neither match by identity, nor
// equal a kept element at the ends, are paired by position, so an element removed in the middle of a deep-copied
// array makes the elements after it compare (and, where they differ, be written) against their neighbours.
import { copyJson, jsonEqual, stringifyJson } from './deep-json.js';
import { editIndex, formatPointer, parsePointer, readIndex, removeAt, setAt } from './pointer.js';
import { type ContainerScan, JsonBytes } from './splice-scan.js';
import { type LiteralEdit, patchLiteral } from './string-patch.js';
import { pushAll, appendTo } from '../model/arrays.js';

/** How far down a diff compares objects and arrays member by member; below, a changed value is written whole. */
export const MAX_DIFF_DEPTH = 400;

/** How new values are written. */
export interface SpliceStyle {
  /** A new value; `indent` is the indentation of the line it starts on (pretty documents). */
  fresh(value: unknown, indent: string): string;
  /** A new key. */
  key(key: string): string;
  /** Multi-line layout: a container that was empty gets its first item on a line of its own. */
  pretty?: { indent: string; eol: string };
  /** The separators when the container has none to copy. */
  colon: string;
  comma: string;
}

export const COMPACT_STYLE: SpliceStyle = {
  fresh: (value) => stringifyJson(value),
  key: (key) => JSON.stringify(key),
  colon: ':',
  comma: ',',
};

type Node = Orig | Fresh | Patched | Container;

/** Untouched bytes; the parsed value is `holder[key]` (read only when compared: it may be a string decoded on read). */
interface Orig {
  t: 'orig';
  start: number;
  end: number;
  holder: Record<string | number, unknown>;
  key: string | number;
}

interface Fresh {
  t: 'fresh';
  /** Owned: a copy, which later edits may change in place. */
  value: unknown;
}

/** An original string literal [start, end) holding `value` now, with `edits` (in order) spliced into its bytes. */
interface Patched {
  t: 'patched';
  start: number;
  end: number;
  value: string;
  edits: LiteralEdit[];
}

const freshNode = (value: unknown): Fresh => ({ t: 'fresh', value: copyJson(value) });
const origValue = (n: Orig): unknown => n.holder[n.key];

/** Where a node hangs: an item of a container (by id), or the root. */
type Ref = { c: Container; id: number } | { root: Splice };

const isContainerValue = (v: unknown): v is object => v !== null && typeof v === 'object';
const isPlainObject = (v: unknown): v is Record<string, unknown> => isContainerValue(v) && !Array.isArray(v);
/** What JSON.stringify writes as a member (undefined, functions and symbols are left out). */
const isWritten = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

/** An expanded object or array: its items in order, each an id (original index, or count + n for a new item). */
export class Container {
  readonly t = 'container';
  readonly kind: 'object' | 'array';
  readonly start: number;
  readonly end: number;
  /** Items of the original. */
  readonly n: number;
  readonly starts: Int32Array;
  readonly valueStarts: Int32Array;
  readonly ends: Int32Array;
  readonly keys: string[];
  /** The parsed value of the original container. */
  readonly value: Record<string | number, unknown>;
  /** Nodes of items that are not untouched original bytes (and of every new item). */
  readonly nodes = new Map<number, Node>();
  /** Keys of new members, by id - n. */
  readonly extraKeys: string[] = [];
  extraCount = 0;
  /** Objects: the ids holding each key, in order (the last is the one JSON.parse shows). */
  byKey?: Map<string, number[]>;
  /** Item ids by position, and which positions are still there. */
  order: Int32Array;
  alive: Uint8Array;
  length: number;
  aliveCount: number;
  /** Position of each id. */
  pos: Int32Array;
  /** Counts alive positions (built at the first cut): finds the k-th alive item in O(log n). */
  private tree?: Int32Array;

  constructor(scan: ContainerScan, value: unknown) {
    this.kind = scan.kind;
    this.start = scan.start;
    this.end = scan.end;
    this.n = scan.count;
    this.starts = scan.starts;
    this.valueStarts = scan.valueStarts;
    this.ends = scan.ends;
    this.keys = scan.keys ?? [];
    this.value = value as Record<string | number, unknown>;
    const cap = Math.max(4, this.n);
    this.order = new Int32Array(cap);
    this.alive = new Uint8Array(cap);
    this.pos = new Int32Array(cap);
    for (let i = 0; i < this.n; i++) {
      this.order[i] = i;
      this.pos[i] = i;
    }
    this.alive.fill(1, 0, this.n);
    this.length = this.n;
    this.aliveCount = this.n;
    if (this.kind === 'object') {
      this.byKey = new Map();
      for (let i = 0; i < this.n; i++) {
        appendTo(this.byKey, this.keys[i]!, i);
      }
    }
  }

  keyOf(id: number): string {
    return id < this.n ? this.keys[id]! : this.extraKeys[id - this.n]!;
  }

  /** The node of an item (an untouched original item as an Orig node). */
  node(id: number): Node {
    const own = this.nodes.get(id);
    if (own) return own;
    return {
      t: 'orig',
      start: this.valueStarts[id]!,
      end: this.ends[id]!,
      holder: this.value,
      key: this.kind === 'object' ? this.keys[id]! : id,
    };
  }

  setNode(id: number, node: Node): void {
    if (node.t === 'orig' && id < this.n && node.start === this.valueStarts[id]) this.nodes.delete(id);
    else this.nodes.set(id, node);
  }

  /** The value an item holds now equals `v`. */
  itemEquals(id: number, v: unknown, depth: number): boolean {
    const own = this.nodes.get(id);
    if (own) return nodeEquals(own, v, depth);
    return jsonEqual(this.value[this.kind === 'object' ? this.keys[id]! : id], v);
  }

  /** The id of the k-th item still there. */
  idAt(k: number): number {
    if (this.aliveCount === this.length) return this.order[k]!;
    const tree = this.tree!;
    // Fenwick descent: the smallest position whose prefix count is k + 1.
    let p = 0;
    let rest = k + 1;
    for (let step = highBit(tree.length - 1); step > 0; step >>= 1) {
      if (p + step < tree.length && tree[p + step]! < rest) {
        p += step;
        rest -= tree[p]!;
      }
    }
    return this.order[p]!;
  }

  isAlive(id: number): boolean {
    return id < this.n + this.extraCount && this.alive[this.pos[id]!] === 1 && this.order[this.pos[id]!] === id;
  }

  /** The ids still there, in order. */
  aliveIds(): number[] {
    const ids: number[] = [];
    for (let p = 0; p < this.length; p++) if (this.alive[p]) ids.push(this.order[p]!);
    return ids;
  }

  kill(id: number): void {
    const p = this.pos[id]!;
    if (!this.alive[p]) return;
    if (!this.tree) this.buildTree(this.order.length);
    this.alive[p] = 0;
    this.aliveCount--;
    for (let i = p + 1; i < this.tree!.length; i += i & -i) this.tree![i]!--;
  }

  /** A new item at the end; its id. */
  append(node: Node, key?: string): number {
    const id = this.n + this.extraCount++;
    if (key !== undefined) this.extraKeys.push(key);
    this.nodes.set(id, node);
    if (this.length === this.order.length || id >= this.pos.length) this.growTo(Math.max(this.length, id) + 1);
    const p = this.length++;
    this.order[p] = id;
    this.alive[p] = 1;
    this.pos[id] = p;
    this.aliveCount++;
    if (this.tree) for (let i = p + 1; i < this.tree.length; i += i & -i) this.tree[i]!++;
    if (key !== undefined) {
      appendTo(this.byKey!, key, id);
    }
    return id;
  }

  /** The items in a new order (all of them there). */
  reorder(ids: readonly number[]): void {
    const cap = Math.max(4, ids.length, this.n + this.extraCount);
    this.order = new Int32Array(cap);
    this.alive = new Uint8Array(cap);
    if (this.pos.length < cap) this.pos = new Int32Array(cap);
    ids.forEach((id, p) => {
      this.order[p] = id;
      this.pos[id] = p;
    });
    this.alive.fill(1, 0, ids.length);
    this.length = ids.length;
    this.aliveCount = ids.length;
    this.tree = undefined;
    if (this.byKey) {
      this.byKey = new Map();
      for (const id of ids) {
        const key = this.keyOf(id);
        appendTo(this.byKey, key, id);
      }
    }
  }

  private growTo(min: number): void {
    let cap = this.order.length;
    while (cap < min) cap *= 2;
    const order = new Int32Array(cap);
    order.set(this.order);
    const alive = new Uint8Array(cap);
    alive.set(this.alive);
    const pos = new Int32Array(Math.max(cap, this.pos.length));
    pos.set(this.pos);
    this.order = order;
    this.alive = alive;
    this.pos = pos;
    if (this.tree) this.buildTree(cap);
  }

  private buildTree(cap: number): void {
    const tree = new Int32Array(cap + 1);
    for (let p = 0; p < this.length; p++) tree[p + 1] = this.alive[p]!;
    for (let i = 1; i <= cap; i++) {
      const j = i + (i & -i);
      if (j <= cap) tree[j]! += tree[i]!;
    }
    this.tree = tree;
  }

  /** Removes every occurrence of a key (no-op when absent). */
  removeKey(key: string): void {
    const ids = this.byKey!.get(key);
    if (!ids) return;
    for (const id of ids) this.kill(id);
    this.byKey!.delete(key);
  }

  /** The id JSON.parse reads for a key. */
  liveId(key: string): number | undefined {
    const ids = this.byKey!.get(key);
    return ids?.[ids.length - 1];
  }
}

function highBit(n: number): number {
  let b = 1;
  while (b * 2 <= n) b *= 2;
  return n < 1 ? 0 : b;
}

function nodeEquals(node: Node, v: unknown, depth: number): boolean {
  if (node.t === 'orig') return jsonEqual(origValue(node), v);
  if (node.t === 'fresh' || node.t === 'patched') return jsonEqual(node.value, v);
  if (depth > MAX_DIFF_DEPTH || !isContainerValue(v) || Array.isArray(v) !== (node.kind === 'array')) return false;
  const ids = node.aliveIds();
  if (node.kind === 'array') {
    const arr = v as unknown[];
    if (arr.length !== ids.length) return false;
    return ids.every((id, i) => node.itemEquals(id, arr[i], depth + 1));
  }
  const obj = v as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => isWritten(obj[k]));
  const order = jsKeyOrder(ids.map((id) => node.keyOf(id)));
  if (order.length !== keys.length || order.some((k, i) => k !== keys[i])) return false;
  return keys.every((k) => node.itemEquals(node.liveId(k)!, obj[k], depth + 1));
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;
const isIndexKey = (k: string): boolean => ARRAY_INDEX.test(k) && Number(k) < 4294967295;

/** The order Object.keys gives an object whose keys were written in this order (duplicates: first occurrence). */
function jsKeyOrder(written: readonly string[]): string[] {
  const seen = new Set<string>();
  const indexes: string[] = [];
  const names: string[] = [];
  for (const k of written) {
    if (seen.has(k)) continue;
    seen.add(k);
    (isIndexKey(k) ? indexes : names).push(k);
  }
  indexes.sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...names];
}

/** A JSON text with edits spliced in. */
export class Splice {
  readonly text: JsonBytes;
  root: Node;
  private readonly prefix: [number, number];
  private readonly suffix: [number, number];
  private readonly rootHolder: Record<string, unknown>;
  /** Fallbacks taken (for tests and diagnostics): where bytes were written fresh although they might have been kept. */
  readonly fallbacks: string[] = [];

  /**
   * @param bytes the text (a line, or a document from `from` on)
   * @param value its parsed value, or undefined when it is not JSON (then only a whole new value can be written)
   */
  constructor(
    bytes: Uint8Array,
    value: unknown,
    readonly style: SpliceStyle = COMPACT_STYLE,
    from = 0,
  ) {
    this.text = new JsonBytes(bytes);
    this.rootHolder = { value };
    if (value === undefined) {
      this.root = { t: 'fresh', value: undefined };
      this.prefix = [0, 0];
      this.suffix = [0, 0];
      return;
    }
    const { start, end } = this.text.root(from);
    this.root = { t: 'orig', start, end, holder: this.rootHolder, key: 'value' };
    this.prefix = [0, start];
    this.suffix = [end, bytes.length];
  }

  /** The root, as a place edits can start from. */
  get rootRef(): Ref {
    return { root: this };
  }

  private get(ref: Ref): Node {
    return 'root' in ref ? this.root : ref.c.node(ref.id);
  }

  private put(ref: Ref, node: Node): void {
    if ('root' in ref) this.root = node;
    else ref.c.setNode(ref.id, node);
  }

  /**
   * The node at `ref` as something edits can go into: an original container is expanded (and put in its place), a
   * new value stays a value. Throws (naming `where`) when it is neither.
   */
  private expand(ref: Ref, where: () => string): Container | Fresh {
    const node = this.get(ref);
    if (node.t === 'container') return node;
    if (node.t === 'patched') throw new Error(`no container at ${where()}`);
    if (node.t === 'fresh') {
      if (!isContainerValue(node.value)) throw new Error(`no container at ${where()}`);
      return node;
    }
    const value = origValue(node);
    if (!isContainerValue(value)) throw new Error(`no container at ${where()}`);
    const c = this.open(node, value, where);
    this.put(ref, c);
    return c;
  }

  /** The members or elements of an original container, found in its bytes. */
  private open(node: Orig, value: object, where: () => string): Container {
    const scan = this.text.container(node.start);
    if ((scan.kind === 'array') !== Array.isArray(value) || scan.end !== node.end) {
      throw new Error(`the bytes at ${where() || 'the root'} do not match the parsed value`);
    }
    return new Container(scan, value);
  }

  /** Sets the value at `tokens` below `from` (RFC 6901; see pointer.ts setAt). */
  set(tokens: readonly string[], value: unknown, from: Ref = this.rootRef, base: readonly string[] = []): void {
    this.last = undefined;
    if (tokens.length === 0) throw new Error('cannot edit the root through a pointer');
    this.setIn(this.descend(from, tokens, base), tokens[tokens.length - 1]!, value);
  }

  /** Removes the value at `tokens` below `from` (see pointer.ts removeAt). */
  remove(tokens: readonly string[], from: Ref = this.rootRef, base: readonly string[] = []): void {
    this.last = undefined;
    if (tokens.length === 0) throw new Error('cannot edit the root through a pointer');
    this.removeIn(this.descend(from, tokens, base), tokens[tokens.length - 1]!);
  }

  private setIn(found: { c: Container } | { fresh: Fresh }, key: string, value: unknown): void {
    const v = value === undefined ? null : value;
    if ('fresh' in found) {
      setAt(found.fresh.value, formatPointer([key]), copyJson(v));
      return;
    }
    const c = found.c;
    if (c.kind === 'object') {
      const id = c.liveId(key);
      if (id === undefined) c.append(freshNode(v), key);
      else c.setNode(id, this.assign(c.node(id), v, 1));
      return;
    }
    const i = editIndex(c.aliveCount, key, true);
    if (i === c.aliveCount) c.append(freshNode(v));
    else {
      const id = c.idAt(i);
      c.setNode(id, this.assign(c.node(id), v, 1));
    }
  }

  private removeIn(found: { c: Container } | { fresh: Fresh }, key: string): void {
    if ('fresh' in found) {
      removeAt(found.fresh.value, formatPointer([key]));
      return;
    }
    const c = found.c;
    if (c.kind === 'object') c.removeKey(key);
    else c.kill(c.idAt(editIndex(c.aliveCount, key, false)));
  }

  /**
   * The container the last pointer edit went into, by its pointer: an edit next to it (the next of many removes from
   * one array) goes straight there. Only edits inside that container happened since, which leave the way to it as
   * it was; any other edit replaces or clears it.
   */
  private last?: { parent: string; c: Container };

  /** Applies one edit (pointers below `from`, when given; `base` is the pointer of `from`, for messages). */
  edit(e: SpliceEdit, from?: Ref, base: readonly string[] = []): void {
    if (e.kind === 'replace') {
      this.replace(e.value, from);
      return;
    }
    if (
      from === undefined &&
      this.rootHolder.value === undefined &&
      this.root.t === 'fresh' &&
      this.root.value === undefined
    ) {
      throw new Error('the line is not a JSON object');
    }
    const pointer = e.pointer;
    const last = this.last;
    if (from === undefined && last && isChildPointer(pointer, last.parent)) {
      let key = pointer.slice(last.parent.length + 1);
      if (key.includes('~')) key = key.replace(/~1/g, '/').replace(/~0/g, '~');
      if (e.kind === 'set') this.setIn(last, key, e.value);
      else this.removeIn(last, key);
      return;
    }
    this.last = undefined;
    const tokens = parsePointer(pointer);
    if (tokens.length === 0) throw new Error('cannot edit the root through a pointer');
    const found = this.descend(from ?? this.rootRef, tokens, base);
    const key = tokens[tokens.length - 1]!;
    if (e.kind === 'set') this.setIn(found, key, e.value);
    else this.removeIn(found, key);
    if (from === undefined && 'c' in found)
      this.last = { parent: pointer.slice(0, pointer.lastIndexOf('/')), c: found.c };
  }

  /** Replaces the value at `ref` (the whole text by default) with `value`, keeping the bytes of what is unchanged. */
  replace(value: unknown, ref: Ref = this.rootRef): void {
    this.last = undefined;
    const node = this.get(ref);
    this.put(ref, this.assign(node, value, 0));
  }

  /**
   * The container that holds the last token's target, expanding the way down, or the new value that does (the rest
   * of the way is plain JSON). Errors name pointers as pointer.ts does (`base` is the part above `from`).
   */
  private descend(from: Ref, tokens: readonly string[], base: readonly string[]): { c: Container } | { fresh: Fresh } {
    // pointer.ts names the parent of the target in every case.
    const where = (): string => formatPointer([...base, ...tokens.slice(0, -1)]);
    let ref = from;
    for (let i = 0; i < tokens.length; i++) {
      const here = this.expand(ref, where);
      if (here.t === 'fresh') {
        // Inside a new value: walk it as plain JSON (getAt semantics).
        let cur: unknown = here.value;
        for (let j = i; j < tokens.length - 1; j++) {
          const t = tokens[j]!;
          cur = Array.isArray(cur)
            ? cur[Number(t)]
            : Object.hasOwn(cur as object, t)
              ? (cur as Record<string, unknown>)[t]
              : undefined;
          if (!isContainerValue(cur)) throw new Error(`no container at ${where()}`);
        }
        return { fresh: { t: 'fresh', value: cur } };
      }
      if (i === tokens.length - 1) return { c: here };
      const id = this.childId(here, tokens[i]!);
      if (id === undefined) throw new Error(`no container at ${where()}`);
      ref = { c: here, id };
    }
    throw new Error('unreachable');
  }

  /** The item a token reads on the way down (getAt semantics), if there is one. */
  private childId(c: Container, token: string): number | undefined {
    if (c.kind === 'object') return c.liveId(token);
    const k = readIndex(c.aliveCount, token);
    return k === undefined ? undefined : c.idAt(k);
  }

  /** A new item (a new value, written fresh) at the end of a container; its id. */
  appendFresh(c: Container, value: unknown, key?: string): number {
    this.last = undefined;
    return c.append(freshNode(value), key);
  }

  /** The original container at `tokens` (a document's messages array), expanded; undefined when there is none. */
  containerAt(tokens: readonly string[]): Container | undefined {
    // The caller changes what it gets directly.
    this.last = undefined;
    let ref: Ref = this.rootRef;
    for (let i = 0; ; i++) {
      const node = this.get(ref);
      if (node.t === 'fresh' || node.t === 'patched') return undefined;
      if (node.t === 'orig' && !isContainerValue(origValue(node))) return undefined;
      const here = this.expand(ref, () => formatPointer(tokens.slice(0, i)));
      if (here.t === 'fresh') return undefined;
      if (i === tokens.length) return here;
      const id = this.childId(here, tokens[i]!);
      if (id === undefined) return undefined;
      ref = { c: here, id };
    }
  }

  /** `node` made to hold `value`: unchanged parts keep their bytes. */
  private assign(node: Node, value: unknown, depth: number): Node {
    if (node.t === 'orig') {
      const old = origValue(node);
      if (jsonEqual(old, value)) return node;
      if (typeof old === 'string' && typeof value === 'string') return this.patch(node.start, node.end, value);
      if (!sameKind(old, value)) return freshNode(value);
      if (depth > MAX_DIFF_DEPTH) {
        this.fallbacks.push(`a value differing more than ${MAX_DIFF_DEPTH} levels down is written whole`);
        return freshNode(value);
      }
      const c = this.open(node, old as object, () => 'a changed value');
      this.reconcile(c, value as object, depth);
      return c;
    }
    if (node.t === 'patched')
      return typeof value === 'string' ? this.patch(node.start, node.end, value) : freshNode(value);
    if (node.t === 'fresh') return freshNode(value);
    if (!sameKind(node.value, value)) return freshNode(value);
    if (depth > MAX_DIFF_DEPTH) {
      this.fallbacks.push(`a value differing more than ${MAX_DIFF_DEPTH} levels down is written whole`);
      return freshNode(value);
    }
    this.reconcile(node, value as object, depth);
    return node;
  }

  /** The original string literal [start, end) made to hold `value`: in place when it can be (string-patch.ts). */
  private patch(start: number, end: number, value: string): Node {
    const body = (s: string): string => this.style.fresh(s, '').slice(1, -1);
    const edits = patchLiteral(this.text.bytes, start, end, value, body);
    if (!edits) return freshNode(value);
    if (edits.length === 0) return { t: 'orig', start, end, holder: { value }, key: 'value' };
    return { t: 'patched', start, end, value, edits };
  }

  private reconcile(c: Container, value: object, depth: number): void {
    if (c.kind === 'object') this.reconcileObject(c, value as Record<string, unknown>, depth);
    else this.reconcileArray(c, value as unknown[], depth);
  }

  private reconcileObject(c: Container, value: Record<string, unknown>, depth: number): void {
    const keys = Object.keys(value).filter((k) => isWritten(value[k]));
    const wanted = new Set(keys);
    for (const key of [...c.byKey!.keys()]) if (!wanted.has(key)) c.removeKey(key);
    for (const key of keys) {
      const id = c.liveId(key);
      if (id === undefined) c.append(freshNode(value[key]), key);
      else if (!c.itemEquals(id, value[key], depth + 1)) c.setNode(id, this.assign(c.node(id), value[key], depth + 1));
    }
    const ids = c.aliveIds();
    const order = jsKeyOrder(ids.map((id) => c.keyOf(id)));
    if (order.length === keys.length && order.every((k, i) => k === keys[i])) return;
    // The new value orders its keys otherwise: the members (each with its bytes) in its order, a key's earlier
    // duplicates just before it.
    c.reorder(keys.flatMap((k) => c.byKey!.get(k)!));
  }

  private reconcileArray(c: Container, value: readonly unknown[], depth: number): void {
    const ids = c.aliveIds();
    const n = ids.length;
    const m = value.length;
    let head = 0;
    while (head < n && head < m && c.itemEquals(ids[head]!, value[head], depth + 1)) head++;
    let tail = 0;
    while (tail < n - head && tail < m - head && c.itemEquals(ids[n - 1 - tail]!, value[m - 1 - tail], depth + 1))
      tail++;
    const oldMiddle = ids.slice(head, n - tail);
    const newMiddle = value.slice(head, m - tail);
    if (oldMiddle.length === 0 && newMiddle.length === 0) return;

    // Old elements the new array holds by identity (a fix that reorders or filters the parsed blocks).
    const byRef = new Map<unknown, number>();
    for (const id of oldMiddle) {
      const node = c.node(id);
      const v = node.t === 'orig' ? origValue(node) : node.t === 'fresh' ? node.value : undefined;
      if (isContainerValue(v) && !byRef.has(v)) byRef.set(v, id);
    }
    const used = new Set<number>();
    const chosen: (number | undefined)[] = newMiddle.map((v) => {
      const id = isContainerValue(v) ? byRef.get(v) : undefined;
      if (id === undefined || used.has(id) || !c.itemEquals(id, v, depth + 1)) return undefined;
      used.add(id);
      return id;
    });
    // The rest pair up by position.
    const spare = oldMiddle.filter((id) => !used.has(id));
    let next = 0;
    const result: number[] = ids.slice(0, head);
    newMiddle.forEach((v, j) => {
      let id = chosen[j];
      if (id === undefined) {
        if (next < spare.length) {
          id = spare[next++]!;
          const _target = id;
          if (!c.itemEquals(id, v, depth + 1)) c.setNode(id, this.assign(c.node(id), v, depth + 1));
        } else {
          id = c.append(freshNode(v === undefined || typeof v === 'function' ? null : v));
        }
      }
      result.push(id);
    });
    for (; next < spare.length; next++) c.kill(spare[next]!);
    pushAll(result, ids.slice(n - tail));
    // Only a change of order rewrites the order (cuts and appends at the end are already in place).
    const current = c.aliveIds();
    if (current.length !== result.length || current.some((id, i) => id !== result[i])) c.reorder(result);
  }

  /** The indentation of the line an item starts on (pretty documents only). */
  indentOfItem(c: Container, id: number): string {
    if (!this.style.pretty) return '';
    if (id < c.n) return this.text.indentAt(c.starts[id]!);
    return this.childIndent(c);
  }

  private childIndent(c: Container): string {
    if (!this.style.pretty) return '';
    const sep = this.defaultSep(c);
    const nl = sep.lastIndexOf('\n');
    if (nl !== -1) return sep.slice(nl + 1);
    return this.text.indentAt(c.start) + this.style.pretty.indent;
  }

  /** The separator for an item that has none of its own: the original's last, or one made like it. */
  private defaultSep(c: Container): string {
    if (c.n >= 2) return this.text.text(c.ends[c.n - 2]!, c.starts[c.n - 1]!);
    if (c.n === 1) return ',' + this.text.text(c.start + 1, c.starts[0]!);
    if (this.style.pretty) return ',' + this.style.pretty.eol + this.text.indentAt(c.start) + this.style.pretty.indent;
    return this.style.comma;
  }

  /** The text with the edits in it. */
  write(): Uint8Array {
    const out = new Out(this.text.bytes);
    if (this.root.t === 'fresh' && this.rootHolder.value === undefined) {
      out.str(this.style.fresh(this.root.value, ''));
      return out.finish();
    }
    out.range(this.prefix[0], this.prefix[1]);
    this.emit(this.root, out);
    out.range(this.suffix[0], this.suffix[1]);
    return out.finish();
  }

  /** Writes a node, without recursion: expanded containers can be nested as deep as the text (10,000 levels). */
  private emit(root: Node, out: Out): void {
    // A node still to write, or a container being written (at position `p`, after item `prev`).
    type Task = { node: Node; indent: string } | { c: Container; p: number; prev: number };
    const stack: Task[] = [{ node: root, indent: '' }];
    while (stack.length > 0) {
      const task = stack[stack.length - 1]!;
      if ('node' in task) {
        stack.pop();
        const node = task.node;
        if (node.t === 'orig') out.range(node.start, node.end);
        else if (node.t === 'fresh') out.str(this.style.fresh(node.value, task.indent));
        else if (node.t === 'patched') writePatched(node, out);
        else if (this.openContainer(node, out)) stack.push({ c: node, p: 0, prev: -1 });
        continue;
      }
      const c = task.c;
      let p = task.p;
      while (p < c.length && !c.alive[p]) p++;
      if (p === c.length) {
        stack.pop();
        this.closeContainer(c, out);
        continue;
      }
      const id = c.order[p]!;
      if (task.prev !== -1) {
        if (task.prev < c.n - 1) out.range(c.ends[task.prev]!, c.starts[task.prev + 1]!);
        else out.str(this.defaultSep(c));
      }
      task.p = p + 1;
      task.prev = id;
      const own = c.nodes.get(id);
      if (id < c.n) {
        if (!own) {
          out.range(c.starts[id]!, c.ends[id]!);
          continue;
        }
        out.range(c.starts[id]!, c.valueStarts[id]!);
        stack.push({ node: own, indent: this.indentOfItem(c, id) });
        continue;
      }
      if (c.kind === 'object') out.str(this.style.key(c.keyOf(id)) + this.colonOf(c));
      stack.push({ node: own!, indent: this.childIndent(c) });
    }
  }

  /** Writes what comes before a container's first item; false when the container is written whole (empty). */
  private openContainer(c: Container, out: Out): boolean {
    if (c.aliveCount === 0) {
      if (c.n === 0 && c.extraCount === 0) out.range(c.start, c.end);
      else out.str(c.kind === 'object' ? '{}' : '[]');
      return false;
    }
    if (c.n > 0) {
      out.range(c.start, c.starts[0]!);
      return true;
    }
    out.range(c.start, c.start + 1);
    if (this.style.pretty) out.str(this.style.pretty.eol + this.childIndent(c));
    return true;
  }

  private closeContainer(c: Container, out: Out): void {
    if (c.n > 0) out.range(c.ends[c.n - 1]!, c.end);
    else if (this.style.pretty)
      out.str(this.style.pretty.eol + this.text.indentAt(c.start) + (c.kind === 'object' ? '}' : ']'));
    else out.range(c.start + 1, c.end);
  }

  /** The colon as the object's first member writes it (`:`, `: `, ` : `). */
  private colonOf(c: Container): string {
    if (c.n === 0) return this.style.colon;
    const keyEnd = this.text.stringEnd(c.starts[0]!);
    return this.text.text(keyEnd, c.valueStarts[0]!);
  }
}

function writePatched(node: Patched, out: Out): void {
  let at = node.start;
  for (const e of node.edits) {
    out.range(at, e.start);
    out.str(e.text);
    at = e.end;
  }
  out.range(at, node.end);
}

function sameKind(a: unknown, b: unknown): boolean {
  return (
    isContainerValue(a) &&
    isContainerValue(b) &&
    Array.isArray(a) === Array.isArray(b) &&
    (Array.isArray(b) || isPlainObject(b))
  );
}

const encoder = new TextEncoder();

/** The output: ranges of the original (adjacent ones merged) and new text, copied into one array at the end. */
class Out {
  /** Ranges as [start, end] pairs, or -1 and the index of a string in `strings`. */
  private readonly parts: number[] = [];
  private readonly strings: Uint8Array[] = [];
  private from = -1;
  private to = -1;

  constructor(private readonly source: Uint8Array) {}

  range(start: number, end: number): void {
    if (end <= start) return;
    if (start === this.to) {
      this.to = end;
      return;
    }
    this.flush();
    this.from = start;
    this.to = end;
  }

  str(s: string): void {
    if (s === '') return;
    this.flush();
    this.parts.push(-1, this.strings.length);
    this.strings.push(encoder.encode(s));
  }

  private flush(): void {
    if (this.from !== -1) this.parts.push(this.from, this.to);
    this.from = -1;
    this.to = -1;
  }

  finish(): Uint8Array {
    this.flush();
    const parts = this.parts;
    if (parts.length === 2 && parts[0] !== -1) {
      return parts[0] === 0 && parts[1] === this.source.length ? this.source : this.source.subarray(parts[0], parts[1]);
    }
    let length = 0;
    for (let i = 0; i < parts.length; i += 2)
      length += parts[i] === -1 ? this.strings[parts[i + 1]!]!.length : parts[i + 1]! - parts[i]!;
    const out = Buffer.allocUnsafe(length);
    const source = Buffer.from(this.source.buffer, this.source.byteOffset, this.source.byteLength);
    let at = 0;
    for (let i = 0; i < parts.length; i += 2) {
      if (parts[i] === -1) {
        const s = this.strings[parts[i + 1]!]!;
        out.set(s, at);
        at += s.length;
      } else {
        const from = parts[i]!;
        const to = parts[i + 1]!;
        if (to - from < 64) for (let k = from; k < to; k++) out[at++] = source[k]!;
        else at += source.copy(out, at, from, to);
      }
    }
    return new Uint8Array(out.buffer, out.byteOffset, out.length);
  }
}

/** The edits a fix makes on one JSON text, spliced in order. */
export type SpliceEdit =
  | { kind: 'set'; pointer: string; value: unknown }
  | { kind: 'remove'; pointer: string }
  | { kind: 'replace'; value: unknown };

/** Applies `edits` in order to a JSON text and writes it back (see the top of this file). */
export function spliceJson(
  bytes: Uint8Array,
  value: unknown,
  edits: readonly SpliceEdit[],
  style: SpliceStyle = COMPACT_STYLE,
): Uint8Array {
  const s = new Splice(bytes, value, style);
  for (const e of edits) applyEdit(s, e);
  return s.write();
}

export function applyEdit(s: Splice, e: SpliceEdit, from?: Ref, base: readonly string[] = []): void {
  s.edit(e, from, base);
}

/** Whether `pointer` names a member or element of the value at `parent`. */
function isChildPointer(pointer: string, parent: string): boolean {
  return (
    pointer.length > parent.length &&
    pointer.charCodeAt(parent.length) === 0x2f &&
    pointer.startsWith(parent) &&
    pointer.indexOf('/', parent.length + 1) === -1
  );
}

export type { Ref as SpliceRef };
