// What a line that is not a JSON object still holds: the record it becomes without its NUL bytes or with its invalid
// UTF-8 replaced, or the two records of two writes that interleaved on one line (one record's text spliced into the
// middle of another's, on one line or, with the inner record's newline, across two). valid-jsonl writes these back;
// the pairing rules count them as present.
import type { SourceLine } from '../../loader/read-jsonl.js';
import { isObj } from './decode.js';

type Obj = Record<string, unknown>;

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
/** Longest line the interleaving search looks at, and how many cut points it tries. */
const MAX_SPLIT_CHARS = 4 * 1024 * 1024;
const MAX_SPLIT_TRIES = 400;

function parseObject(text: string): Obj | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isObj(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export type Recovery =
  | { kind: 'nul-stripped' | 'utf8-replaced'; text: string; record: Obj }
  /** `nul`: NUL bytes precede the record on the line (a torn write, a crash's NUL padding, then the next write). */
  | { kind: 'after-torn'; text: string; record: Obj; nul: boolean }
  /** A whole record, then NUL bytes and a damaged tail (a NUL block zeroed its line feed and part of the next write). */
  | { kind: 'before-tail'; text: string; record: Obj; tail: number }
  | { kind: 'interleaved'; outer: { text: string; record: Obj }; inner: { text: string; record: Obj } }
  | {
      kind: 'split';
      outer: { text: string; record: Obj };
      inner: { text: string; record: Obj };
      /** The line holding the outer record's end. */
      next: number;
      /** A torn write before the outer record on the line (a crash mid-line, then the next write), if any. */
      fragment?: string;
    };

const unreadable = (line: SourceLine | undefined): line is SourceLine =>
  line !== undefined &&
  !line.json &&
  line.problems.length > 0 &&
  line.problems.every((p) => p.kind === 'parse' || p.kind === 'torn');

/**
 * A whole line (its record and its newline) written inside another record, which it splits across two lines: this
 * line is the outer record's start followed by the inner record (`A1 B`), the next line the outer record's end
 * (`A2`). Codex skips both lines. Each record comes back with its own bytes: B as written, A as A1 A2. The line may
 * start with a torn write before A1 (`F A1 B`; differential seed 383), which stays a fragment.
 */
export function recoverSplit(line: SourceLine, next: SourceLine | undefined): Recovery | undefined {
  if (!unreadable(line) || !unreadable(next)) return undefined;
  const text = lenient.decode(line.bytes);
  if (text.length > MAX_SPLIT_CHARS) return undefined;
  const rest = lenient.decode(next.bytes);
  const starts: number[] = [];
  for (let k = text.indexOf('{"timestamp":'); k !== -1; k = text.indexOf('{"timestamp":', k + 1)) starts.push(k);
  let tries = 0;
  for (const [i, k] of starts.entries()) {
    if (k === 0) continue;
    const innerText = text.slice(k);
    const inner = parseObject(innerText);
    if (!inner) continue;
    // The outer record starts at the line's start, else after a torn write (the latest start first).
    const laterStarts = starts
      .slice(0, i)
      .filter((x) => x > 0)
      .reverse();
    for (const o of [0, ...laterStarts]) {
      if (++tries > MAX_SPLIT_TRIES) return undefined;
      const outerText = text.slice(o, k) + rest;
      const outer = parseObject(outerText);
      if (outer)
        return {
          kind: 'split',
          outer: { text: outerText, record: outer },
          inner: { text: innerText, record: inner },
          next: next.lineNo,
          ...(o > 0 && { fragment: text.slice(0, o) }),
        };
    }
  }
  return undefined;
}

/** How valid-jsonl can bring a damaged line back, if it can. */
export function recoverLine(line: SourceLine): Recovery | undefined {
  if (line.json || line.problems.length === 0 || line.problems.some((p) => p.kind === 'too-long')) return undefined;
  const kinds = new Set(line.problems.map((p) => p.kind));
  const text = lenient.decode(line.bytes);
  if (kinds.has('nul')) {
    const stripped = text.replace(/\u0000/g, '');
    const record = stripped.trim() === '' ? undefined : parseObject(stripped);
    if (record) return { kind: 'nul-stripped', text: stripped, record };
  }
  if (kinds.has('utf8')) {
    const record = parseObject(text);
    if (record) return { kind: 'utf8-replaced', text, record };
  }
  if (kinds.has('parse') || kinds.has('torn') || kinds.has('utf8'))
    // No record is put back after a torn write on a line with invalid bytes.
    return (
      splitInterleaved(text) ??
      (kinds.has('utf8') ? undefined : (afterTorn(text, kinds.has('nul')) ?? beforeTail(line.bytes, text)))
    );
  return undefined;
}

/**
 * A whole record, then NUL bytes and what is left of the next write (a NUL block that zeroed the record's line feed
 * and the start of the next record): the record before the first NUL byte. Codex skips the whole line (differential
 * seed 640: the `<environment_context>` message before the NUL bytes, not sent). `tail` is the byte offset of the first
 * NUL byte, where the damaged rest starts.
 */
function beforeTail(bytes: Uint8Array, text: string): Recovery | undefined {
  const tail = bytes.indexOf(0);
  const cut = text.indexOf('\u0000');
  if (tail <= 0 || cut <= 0) return undefined;
  const head = text.slice(0, cut);
  const record = parseObject(head);
  return record ? { kind: 'before-tail', text: head, record, tail } : undefined;
}

/**
 * A torn write, then a whole record on the same line (a crash mid-line, maybe NUL padding, then the next write): the
 * record after the fragment. Codex skips the whole line (differential seed 315: the "say hello" prompt after a torn
 * line and NUL bytes, not sent).
 */
function afterTorn(text: string, nul: boolean): Recovery | undefined {
  for (let k = text.indexOf('{"timestamp":', 1); k !== -1; k = text.indexOf('{"timestamp":', k + 1)) {
    const record = parseObject(text.slice(k));
    if (record) return { kind: 'after-torn', text: text.slice(k), record, nul };
  }
  return undefined;
}

/**
 * Two records written into one line: the text of one (`{"timestamp":…}`) spliced into the middle of the other.
 * Cut at each record start inside the line, and try the ends where the embedded record could close.
 */
function splitInterleaved(text: string): Recovery | undefined {
  if (text.length > MAX_SPLIT_CHARS) return undefined;
  let tries = 0;
  for (let k = text.indexOf('{"timestamp":', 1); k !== -1; k = text.indexOf('{"timestamp":', k + 1)) {
    for (let e = text.length; e > k && tries < MAX_SPLIT_TRIES; e--) {
      if (text[e - 1] !== '}') continue;
      tries++;
      const innerText = text.slice(k, e);
      const inner = parseObject(innerText);
      if (!inner) continue;
      const outerText = text.slice(0, k) + text.slice(e);
      const outer = parseObject(outerText);
      if (outer)
        return {
          kind: 'interleaved',
          outer: { text: outerText, record: outer },
          inner: { text: innerText, record: inner },
        };
    }
  }
  return undefined;
}

/** The records a recovery yields, in the order they belong in the file (by ordinal, the outer first on a tie). */
export function recoveredRecords(r: Recovery): { text: string; record: Obj }[] {
  if (r.kind !== 'interleaved' && r.kind !== 'split') return [{ text: r.text, record: r.record }];
  const o = (x: Obj): number => (typeof x.ordinal === 'number' ? x.ordinal : Number.POSITIVE_INFINITY);
  return o(r.inner.record) < o(r.outer.record) ? [r.inner, r.outer] : [r.outer, r.inner];
}
