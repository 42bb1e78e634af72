// RFC 6901 JSON pointers over plain JSON values. Writes go through own-property definitions so that a key such as
// "__proto__" in a transcript is an ordinary key and never reaches an object prototype.

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON pointer "${pointer}"`);
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

function arrayIndex(arr: unknown[], key: string, allowEnd: boolean): number {
  if (key === '-' && allowEnd) return arr.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw new Error(`invalid array index "${key}"`);
  const i = Number(key);
  if (i > arr.length || (!allowEnd && i === arr.length)) throw new Error(`array index ${i} out of range`);
  return i;
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
