// RFC 6901 JSON pointers over plain JSON values. Writes go through own-property definitions so that a key such as
// "__proto__" in a transcript is an ordinary key and never reaches an object prototype.

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON pointer "${pointer}"`);
  const tokens = pointer.slice(1).split('/');
  if (!pointer.includes('~')) return tokens;
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return v !== null && typeof v === 'object';
}

function child(container: Container, token: string): unknown {
  if (Array.isArray(container)) return container[Number(token)];
  return Object.hasOwn(container, token) ? container[token] : undefined;
}

export function getAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root;
  for (const token of parsePointer(pointer)) {
    if (!isContainer(cur)) return undefined;
    cur = child(cur, token);
  }
  return cur;
}

function parentOf(root: unknown, pointer: string): { parent: Container; key: string } {
  const tokens = parsePointer(pointer);
  const key = tokens.pop();
  if (key === undefined) throw new Error('cannot edit the root through a pointer');
  const parent = getAt(root, formatPointer(tokens));
  if (!isContainer(parent)) throw new Error(`no container at ${formatPointer(tokens)}`);
  return { parent, key };
}

/**
 * The index an edit's last token names in an array of `length` elements: "-" (or `length`) is the end when
 * `allowEnd` (a set appends there); anything but a canonical index in range throws.
 */
export function editIndex(length: number, key: string, allowEnd: boolean): number {
  if (key === '-' && allowEnd) return length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw new Error(`invalid array index "${key}"`);
  const i = Number(key);
  if (i > length || (!allowEnd && i === length)) throw new Error(`array index ${i} out of range`);
  return i;
}

/** The element a token reads on the way down (getAt): `Number(token)`, as an index in range, or undefined. */
export function readIndex(length: number, token: string): number | undefined {
  const i = Number(token);
  return Number.isInteger(i) && i >= 0 && i < length ? i : undefined;
}

function arrayIndex(arr: unknown[], key: string, allowEnd: boolean): number {
  return editIndex(arr.length, key, allowEnd);
}

/** Sets (or replaces) the value at `pointer`; on an array, replaces the element (use "-" to append). */
export function setAt(root: unknown, pointer: string, value: unknown): void {
  const { parent, key } = parentOf(root, pointer);
  if (Array.isArray(parent)) {
    parent[arrayIndex(parent, key, true)] = value;
    return;
  }
  Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Removes the value at `pointer`: an object key, or an array element (later elements shift down). */
export function removeAt(root: unknown, pointer: string): void {
  const { parent, key } = parentOf(root, pointer);
  if (Array.isArray(parent)) {
    parent.splice(arrayIndex(parent, key, false), 1);
    return;
  }
  delete parent[key];
}
