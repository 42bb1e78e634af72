// JSON.stringify and a JSON copy without recursion. Transcripts can hold values nested tens of thousands deep
// (hostile or broken input); the native JSON.stringify overflows the stack on them, and a fix must still be able to
// rewrite such a line. Output equals JSON.stringify for values that came from JSON.parse (key order kept).

type Frame = { kind: 'array'; value: unknown[]; index: number } | { kind: 'object'; value: Record<string, unknown>; keys: string[]; index: number; wrote: boolean };

export function stringifyJson(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = (value: unknown): void => {
    if (value === null || typeof value !== 'object') {
      out.push(value === undefined ? 'null' : JSON.stringify(value) ?? 'null');
    } else if (Array.isArray(value)) {
      out.push('[');
      stack.push({ kind: 'array', value, index: 0 });
    } else {
      out.push('{');
      stack.push({ kind: 'object', value: value as Record<string, unknown>, keys: Object.keys(value), index: 0, wrote: false });
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
  const copy = (v: unknown): unknown => (v === null || typeof v !== 'object' ? v : Array.isArray(v) ? new Array(v.length) : {});
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
