// A unified diff of two texts by lines (Myers' O(ND) algorithm, keeping only the diagonals each step reached, so
// memory grows with the square of the number of changes, not with the file). Fixes change few lines of large
// files, which is the case this is built for.
import { pushAll } from '../model/arrays.js';
import { describeLineChange } from './line-change.js';

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
  else lines[lines.length - 1] += NO_NEWLINE;
  return lines;
}

/** One hunk: where it starts in each text (1-based, as its header says), how many lines, and its lines. */
export interface Hunk {
  aStart: number;
  aLen: number;
  bStart: number;
  bLen: number;
  lines: HunkLine[];
  /** What changed inside the changed lines (`line 22: message.content[0] <-> [1]`), when they are JSON. */
  description?: string;
}

export interface HunkLine {
  kind: 'same' | 'del' | 'add';
  /** The line without its newline; one without a newline at the end of the file ends with the `\ No newline` note. */
  text: string;
  /** Its line number in the text it belongs to (the new one for added and unchanged lines). */
  line: number;
}

/**
 * A unified diff that `patch` and `git apply` take: each hunk header says after `@@` (where diff -p puts the function
 * name, which both ignore) what changed inside the changed lines.
 */
export function unifiedDiff(before: string, after: string, options: DiffOptions): string {
  const hunks = diffHunks(before, after, options.context);
  if (hunks.length === 0) return '';
  const out = [`--- ${options.fromFile}`, `+++ ${options.toFile}`];
  for (const h of hunks) {
    out.push(hunkHeader(h));
    for (const l of h.lines) out.push((l.kind === 'same' ? ' ' : l.kind === 'del' ? '-' : '+') + l.text);
  }
  return `${out.join('\n')}\n`;
}

export function hunkHeader(h: Hunk): string {
  const range = `@@ -${h.aLen === 0 ? h.aStart - 1 : h.aStart},${h.aLen} +${h.bLen === 0 ? h.bStart - 1 : h.bStart},${h.bLen} @@`;
  return h.description === undefined ? range : `${range} ${h.description}`;
}

/** The hunks of a line diff of two texts, `context` unchanged lines around each change (3 by default). */
export function diffHunks(before: string, after: string, context = 3): Hunk[] {
  const ops = diffLines(splitLines(before), splitLines(after));
  const hunks: Hunk[] = [];
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === 'same') {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
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
    const lines = hunk.map((o) => ({ kind: o.kind, text: o.line, line: (o.kind === 'del' ? o.a : o.b) + 1 }));
    const h: Hunk = {
      aStart: aStart + 1,
      aLen: hunk.filter((o) => o.kind !== 'add').length,
      bStart: bStart + 1,
      bLen: hunk.filter((o) => o.kind !== 'del').length,
      lines,
    };
    const description = describeHunk(lines);
    if (description !== undefined) h.description = description;
    hunks.push(h);
    i = end;
  }
  return hunks;
}

const NO_NEWLINE = '\n\\ No newline at end of file';

/** A line as the file has it, without the note splitLines adds to a last line with no newline. */
export function withoutNote(text: string): string {
  return text.endsWith(NO_NEWLINE) ? text.slice(0, -NO_NEWLINE.length) : text;
}

/** Changed lines larger than this are not parsed to say what changed in them. */
const MAX_DESCRIBED_BYTES = 1 << 20;

/**
 * The changed lines paired in order (the n-th removed line with the n-th added one of a run): `line N: what changed`
 * for each pair of JSON lines, `line N removed` / `line N added` for the rest, joined by `; `.
 */
function describeHunk(lines: readonly HunkLine[]): string | undefined {
  const parts: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (lines[i]!.kind === 'same') {
      i++;
      continue;
    }
    const dels: HunkLine[] = [];
    const adds: HunkLine[] = [];
    while (i < lines.length && lines[i]!.kind === 'del') dels.push(lines[i++]!);
    while (i < lines.length && lines[i]!.kind === 'add') adds.push(lines[i++]!);
    for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
      const d = dels[k];
      const a = adds[k];
      if (d && a) {
        const small = d.text.length <= MAX_DESCRIBED_BYTES && a.text.length <= MAX_DESCRIBED_BYTES;
        const what = small ? describeLineChange(withoutNote(d.text), withoutNote(a.text)) : undefined;
        parts.push(`line ${a.line}: ${what ?? 'changed'}`);
      } else if (d) parts.push(`line ${d.line} removed`);
      else if (a) parts.push(`line ${a.line} added`);
    }
  }
  return parts.length === 0 ? undefined : parts.join('; ');
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
