// JSON.stringify and a JSON copy without recursion. Transcripts can hold values nested tens of thousands deep
// (hostile or broken input); the native JSON.stringify overflows the stack on them, and a fix must still be able to
// rewrite such a line. Output equals JSON.stringify for values that came from JSON.parse (key order kept).

type Frame =
  | { kind: 'array'; value: unknown[]; index: number }
  | { kind: 'object'; value: Record<string, unknown>; keys: string[]; index: number; wrote: boolean };

export function stringifyJson(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      out.push(value === undefined ? 'null' : (JSON.stringify(value) ?? 'null'));
    } else if (Array.isArray(value)) {
      out.push('[');
      stack.push({ kind: 'array', value, index: 0 });
    } else {
      out.push('{');
      stack.push({
        kind: 'object',
        value: value as Record<string, unknown>,
        keys: Object.keys(value),
        index: 0,
        wrote: false,
      });
    }
  };
  open(root);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.kind === 'array') {
      if (top.index === top.value.length) {
        out.push(']');
        stack.pop();
        continue;
      }
      if (top.index > 0) out.push(',');
      const item = top.value[top.index++];
      open(typeof item === 'function' || typeof item === 'symbol' ? null : item);
      continue;
    }
    if (top.index === top.keys.length) {
      out.push('}');
      stack.pop();
      continue;
    }
    const key = top.keys[top.index++]!;
    const item = top.value[key];
    // JSON.stringify leaves out object members it cannot represent.
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    if (top.wrote) out.push(',');
    top.wrote = true;
    out.push(JSON.stringify(key), ':');
    open(item);
  }
  return out.join('');
}

/** A deep copy of a JSON value, without recursion; `__proto__` keys stay ordinary own keys. */
export function copyJson<T>(root: T): T {
  const copy = (v: unknown): unknown =>
    v === null || typeof v !== 'object' ? v : Array.isArray(v) ? new Array(v.length) : {};
  const result = copy(root);
  const work: [unknown, unknown][] = [[root, result]];
  while (work.length > 0) {
    const [from, to] = work.pop()!;
    if (from === null || typeof from !== 'object') continue;
    if (Array.isArray(from)) {
      const target = to as unknown[];
      from.forEach((item, i) => {
        const c = copy(item);
        target[i] = c;
        work.push([item, c]);
      });
      continue;
    }
    const target = to as Record<string, unknown>;
    for (const key of Object.keys(from)) {
      const item = (from as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const c = copy(item);
      Object.defineProperty(target, key, { value: c, enumerable: true, writable: true, configurable: true });
      work.push([item, c]);
    }
  }
  return result as T;
}

/**
 * Whether two values read the same as JSON, without recursion: `a` is a parsed value, `b` any value a fix made.
 * Key order counts (a parse of the one would not give the other's order), -0 differs from 0 (JSON.parse keeps -0),
 * and `b`'s members that JSON.stringify leaves out (undefined, functions) count as absent, its array holes as null.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const work: unknown[] = [a, b];
  while (work.length > 0) {
    const y = work.pop();
    const x = work.pop();
    if (x === y) {
      if (typeof x === 'number' && !Object.is(x, y)) return false;
      continue;
    }
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
      // A value JSON.stringify writes as null (undefined, a function) in an array.
      if (x === null && (y === undefined || typeof y === 'function' || typeof y === 'symbol')) continue;
      return false;
    }
    const xArray = Array.isArray(x);
    if (xArray !== Array.isArray(y)) return false;
    if (xArray) {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) work.push(xs[i], ys[i]);
      continue;
    }
    const proto = Object.getPrototypeOf(y) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const xKeys = Object.keys(xo);
    let j = 0;
    for (const key of Object.keys(yo)) {
      const v = yo[key];
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      if (xKeys[j] !== key) return false;
      j++;
      work.push(xo[key], v);
    }
    if (j !== xKeys.length) return false;
  }
  return true;
}
