// The checks the properties share: no prototype pollution, no raw control characters in human output, a bounded
// time per case, and "every line no applied fix named survives byte for byte".
import { lintBytes, type LintOutcome } from '../../src/index.js';
import { applyFixes } from '../../src/fixer/apply.js';
import { fixesForPass, MAX_PASSES, type FixOptions } from '../../src/engine/fix-loop.js';
import { CASE_BUDGET_MS } from './config.js';

// ---- prototype pollution --------------------------------------------------------------------------------------

const PROTOS: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
  ['Number.prototype', Number.prototype],
  ['Boolean.prototype', Boolean.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
];

const snapshot = new Map(
  PROTOS.map(([name, proto]) => [
    name,
    new Map(Reflect.ownKeys(proto).map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)])),
  ]),
);
const objectProtoOf = Object.getPrototypeOf({});

/** Throws when any prototype gained, lost or changed a property since this module loaded. */
export function assertNoPollution(): void {
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin']) {
    if (probe[key] !== undefined || ([] as unknown as Record<string, unknown>)[key] !== undefined) {
      throw new Error(`prototype pollution: ({}).${key} is ${String(probe[key])}`);
    }
  }
  if (Object.getPrototypeOf({}) !== objectProtoOf) throw new Error('prototype pollution: the prototype of {} changed');
  for (const [name, proto] of PROTOS) {
    const before = snapshot.get(name)!;
    const keys = Reflect.ownKeys(proto);
    for (const k of keys) {
      if (!before.has(k)) throw new Error(`prototype pollution: ${name} gained ${String(k)}`);
      const was = before.get(k)!;
      const now = Object.getOwnPropertyDescriptor(proto, k)!;
      if (was.value !== now.value || was.get !== now.get || was.set !== now.set) {
        throw new Error(`prototype pollution: ${name}.${String(k)} was replaced`);
      }
    }
    if (keys.length !== before.size) throw new Error(`prototype pollution: ${name} lost a property`);
  }
}

// ---- terminal safety ------------------------------------------------------------------------------------------

// C0 controls but \t and \n, DEL, and the C1 controls (U+0080-U+009F; U+009B is a CSI on many terminals).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const SGR = /\x1b\[[0-9;]*m/g;

/** Throws when `text` holds a raw control character; with colour, plain SGR colour sequences are allowed. */
export function assertTerminalSafe(text: string, what: string, color = false): void {
  const checked = color ? text.replace(SGR, '') : text;
  const m = CONTROL.exec(checked);
  if (m) {
    const at = m.index;
    const around = JSON.stringify(checked.slice(Math.max(0, at - 60), at + 20));
    throw new Error(
      `${what}: raw control character U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${at}: ${around}`,
    );
  }
}

/** Throws when the text looks like it carries a stack trace. */
export function assertNoStack(text: string, what: string): void {
  const m = /^\s+at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m.exec(text);
  if (m) throw new Error(`${what} holds a stack trace: ${JSON.stringify(text.slice(0, 500))}`);
}

// ---- time ---------------------------------------------------------------------------------------------------

export function timed<T>(what: string, fn: () => T): T {
  const start = performance.now();
  const value = fn();
  const ms = performance.now() - start;
  if (ms > CASE_BUDGET_MS) throw new Error(`${what} took ${Math.round(ms)} ms (budget ${CASE_BUDGET_MS} ms)`);
  return value;
}

// ---- lines --------------------------------------------------------------------------------------------------

const latin1 = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');

interface RawLine {
  /** The line's bytes without its terminator, as a byte string. */
  content: string;
  /** '\n', '\r\n', or '' for an unterminated last line. */
  term: string;
}

/** The file's lines as byte strings with their terminators (a leading BOM belongs to the file, not to line 1). */
export function rawLines(data: Uint8Array): RawLine[] {
  let text = latin1(data);
  if (text.startsWith('\xef\xbb\xbf')) text = text.slice(3);
  const out: RawLine[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    if (end === -1) {
      out.push({ content: text.slice(start), term: '' });
      break;
    }
    const crlf = end > start && text[end - 1] === '\r';
    out.push({ content: text.slice(start, crlf ? end - 1 : end), term: crlf ? '\r\n' : '\n' });
    start = end + 1;
  }
  return out;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return (
    a.length === b.length &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))
  );
}

/**
 * Lines of `before` (by 1-based number) that are not in `named`, as a multiset, must all be in `after` with the
 * same bytes and the same terminator. An unterminated last line may gain a terminator (an entry inserted after it
 * needs one), nothing else.
 */
export function missingUntouched(before: Uint8Array, named: ReadonlySet<number>, after: Uint8Array): string[] {
  const have = new Map<string, number>();
  const key = (content: string, term: string): string => `${term}|${content}`;
  for (const l of rawLines(after)) have.set(key(l.content, l.term), (have.get(key(l.content, l.term)) ?? 0) + 1);
  const take = (k: string): boolean => {
    const n = have.get(k) ?? 0;
    if (n === 0) return false;
    have.set(k, n - 1);
    return true;
  };
  const missing: string[] = [];
  rawLines(before).forEach((l, i) => {
    if (named.has(i + 1)) return;
    const found =
      l.term !== ''
        ? take(key(l.content, l.term))
        : take(key(l.content, '')) ||
          take(key(l.content, '\n')) ||
          take(key(l.content, '\r\n')) ||
          // "...}\r" unterminated, then "\n" added: the same bytes now read as a CRLF line.
          (l.content.endsWith('\r') && take(key(l.content.slice(0, -1), '\r\n')));
    if (!found) {
      const shown = l.content.length > 200 ? `${l.content.slice(0, 200)}...` : l.content;
      missing.push(`line ${i + 1}: ${JSON.stringify(shown)} (terminator ${JSON.stringify(l.term)})`);
    }
  });
  return missing;
}

export interface Replay {
  output: Uint8Array;
  passes: number;
  /** Per pass: input lines (of that pass) no applied fix named that are missing from the pass's output. */
  lost: string[];
}

/**
 * Replays the fix loop (src/fixer/loop.ts) pass by pass with the same building blocks, checking after every pass
 * that every line the pass's applied fixes did not name (delete/replace/set/remove/replaceText; an insertAfter
 * only names the gap after its line) is still in the output byte for byte. The caller checks that the replay ends
 * where fixBytes ends, so this follows the real loop.
 */
export function replayFix(filePath: string, input: Uint8Array, options: FixOptions): Replay {
  const unsafe = options.unsafe ?? false;
  let current: LintOutcome = lintBytes(filePath, input, options);
  let bytes = input;
  const history = [latin1(input)];
  const lost: string[] = [];
  let passes = 0;
  while (passes < MAX_PASSES) {
    const fixes = fixesForPass(current, unsafe);
    if (fixes.length === 0) break;
    const result = applyFixes(current.model.file, fixes);
    if (result.applied.length === 0) break;
    passes++;
    const named = new Set<number>();
    for (const f of result.applied) for (const e of f.edits) if (e.kind !== 'insertAfter') named.add(e.line);
    for (const m of missingUntouched(bytes, named, result.bytes)) lost.push(`pass ${passes}: ${m}`);
    bytes = result.bytes;
    current = lintBytes(filePath, bytes, options);
    history.push(latin1(bytes));
    if (history.length >= 3 && history[history.length - 1] === history[history.length - 3]) break;
  }
  return { output: bytes, passes, lost };
}

export const problemCount = (o: LintOutcome): number => o.result.errorCount + o.result.warningCount;
