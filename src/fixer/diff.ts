// A unified diff of two texts by lines (Myers' O(ND) algorithm, keeping only the diagonals each step reached, so
// memory grows with the square of the number of changes, not with the file). Fixes change few lines of large
// files, which is the case this is built for.
import { pushAll } from '../model/arrays.js';

export interface DiffOptions {
  fromFile: string;
  toFile: string;
  context?: number;
}

type Op = { kind: 'same' | 'del' | 'add'; line: string; a: number; b: number };

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += '\n\\ No newline at end of file';
  return lines;
}

export function unifiedDiff(before: string, after: string, options: DiffOptions): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = diffLines(a, b);
  if (!ops.some((o) => o.kind !== 'same')) return '';
  const context = options.context ?? 3;
  const out = [`--- ${options.fromFile}`, `+++ ${options.toFile}`];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === 'same') {
      i++;
      continue;
    }
    let start = Math.max(0, i - context);
    let end = i;
    // Extend the hunk while the next change is within 2*context lines.
    while (end < ops.length) {
      let j = end;
      while (j < ops.length && ops[j]!.kind !== 'same') j++;
      let k = j;
      while (k < ops.length && ops[k]!.kind === 'same' && k - j < 2 * context + 1) k++;
      if (k < ops.length && ops[k]!.kind !== 'same') end = k;
      else {
        end = Math.min(ops.length, j + context);
        break;
      }
    }
    const hunk = ops.slice(start, end);
    const aStart = hunk.find((o) => o.kind !== 'add')?.a ?? hunk[0]?.a ?? 0;
    const bStart = hunk.find((o) => o.kind !== 'del')?.b ?? hunk[0]?.b ?? 0;
    const aLen = hunk.filter((o) => o.kind !== 'add').length;
    const bLen = hunk.filter((o) => o.kind !== 'del').length;
    out.push(`@@ -${aLen === 0 ? aStart : aStart + 1},${aLen} +${bLen === 0 ? bStart : bStart + 1},${bLen} @@`);
    for (const o of hunk) out.push((o.kind === 'same' ? ' ' : o.kind === 'del' ? '-' : '+') + o.line);
    i = end;
    start = end;
  }
  return out.join('\n') + '\n';
}

function diffLines(a: string[], b: string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const ops: Op[] = [];
  for (let i = 0; i < pre; i++) ops.push({ kind: 'same', line: a[i]!, a: i, b: i });
  pushAll(ops, myers(a.slice(pre, a.length - suf), b.slice(pre, b.length - suf), pre, pre));
  for (let i = suf; i > 0; i--) {
    ops.push({ kind: 'same', line: a[a.length - i]!, a: a.length - i, b: b.length - i });
  }
  return ops;
}

function myers(a: string[], b: string[], aOff: number, bOff: number): Op[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const trace: Map<number, number>[] = [];
  let v = new Map<number, number>([[1, 0]]);
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    const next = new Map<number, number>();
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v.get(k - 1) ?? -1) < (v.get(k + 1) ?? -1));
      let x = down ? (v.get(k + 1) ?? 0) : (v.get(k - 1) ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next.set(k, x);
      if (x >= n && y >= m) found = true;
    }
    trace.push(next);
    v = next;
  }
  // Walk back through the trace to recover the edit script.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const k = x - y;
    const prev = d > 0 ? trace[d - 1]! : new Map<number, number>([[1, 0]]);
    const down = k === -d || (k !== d && (prev.get(k - 1) ?? -1) < (prev.get(k + 1) ?? -1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d > 0 ? (prev.get(prevK) ?? 0) : 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({ kind: 'same', line: a[x]!, a: aOff + x, b: bOff + y });
    }
    if (d > 0) {
      if (down) {
        y--;
        ops.push({ kind: 'add', line: b[y]!, a: aOff + x, b: bOff + y });
      } else {
        x--;
        ops.push({ kind: 'del', line: a[x]!, a: aOff + x, b: bOff + y });
      }
    }
  }
  return ops.reverse();
}
