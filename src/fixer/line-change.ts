// What changed inside one JSONL line, in words for a diff's hunk header: the JSON paths whose values differ between
// the line before and after a fix (`message.content[0] <-> [1]` for two swapped blocks, `message.content[2] removed`,
// `isSidechain changed`). Lines that are not both JSON get no description.

/** The most paths one description names; more are counted. */
const MAX_PATHS = 3;

export function describeLineChange(before: string, after: string): string | undefined {
  let a: unknown;
  let b: unknown;
  try {
    a = JSON.parse(before);
    b = JSON.parse(after);
  } catch {
    return undefined;
  }
  const changes: string[] = [];
  compare(a, b, '', changes);
  if (changes.length === 0) return undefined;
  const shown = changes.slice(0, MAX_PATHS).join(', ');
  return changes.length > MAX_PATHS ? `${shown} and ${changes.length - MAX_PATHS} more` : shown;
}

function compare(a: unknown, b: unknown, at: string, out: string[]): void {
  if (same(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    compareArrays(a, b, at, out);
    return;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      const child = joinKey(at, key);
      if (!(key in b)) out.push(`${child} removed`);
      else compare(a[key], b[key], child, out);
    }
    for (const key of Object.keys(b)) if (!(key in a)) out.push(`${joinKey(at, key)} added`);
    return;
  }
  out.push(`${at || 'the line'} changed`);
}

/** Same length: swapped pairs as `[i] <-> [j]`, other differences per index; otherwise what was added or removed. */
function compareArrays(a: unknown[], b: unknown[], at: string, out: string[]): void {
  const name = at || 'the line';
  if (a.length === b.length) {
    const done = new Set<number>();
    for (let i = 0; i < a.length; i++) {
      if (done.has(i) || same(a[i], b[i])) continue;
      const j = a.findIndex((x, k) => k > i && !done.has(k) && same(x, b[i]) && same(a[i], b[k]));
      if (j !== -1) {
        out.push(`${name}[${i}] <-> [${j}]`);
        done.add(j);
      } else compare(a[i], b[i], `${at}[${i}]`, out);
    }
    return;
  }
  // Elements of one list that the other lacks, matched from both ends.
  let start = 0;
  while (start < a.length && start < b.length && same(a[start], b[start])) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && same(a[a.length - 1 - end], b[b.length - 1 - end])) end++;
  const removed = a.length - start - end;
  const added = b.length - start - end;
  if (removed > 0 && added === 0) out.push(`${name}[${span(start, removed)}] removed`);
  else if (added > 0 && removed === 0) out.push(`${name}[${span(start, added)}] added`);
  else out.push(`${name}[${start}…] changed (${a.length} → ${b.length} items)`);
}

function span(start: number, n: number): string {
  return n === 1 ? `${start}` : `${start}-${start + n - 1}`;
}

function joinKey(at: string, key: string): string {
  const safe = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  return at === '' ? safe : /^[A-Za-z_$]/.test(safe) ? `${at}.${safe}` : `${at}[${safe}]`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
