// How each damaged line of an events.jsonl can be repaired, decided once per file so that every line is claimed by
// exactly one rule. Copilot's own recovery drops every line that does not parse, whole; these are the repairs that
// keep what such a line holds:
// - nul: NUL bytes (crash padding) in the line; without them it is `stripped` (trailing-nul);
// - separator: a raw U+2028/U+2029 (inside strings Copilot 1.0.102 reads it, older versions failed; between tokens
//   the line does not parse at all); `text` is the line with them escaped or removed (line-separator);
// - split: one event spread over lines by raw line breaks; `text` is it on one line again (one-event-per-line), and
//   each further line of it is a `split-part`;
// - glued: complete events on one line with nothing (or a lone CR) between them (one-event-per-line);
// - prefixed: a cut-off event glued in front of complete ones (concatenated-event); when the next line is the rest of
//   the cut-off event (another write landed inside it), `rest` is that line and `event` the two parts rejoined, and
//   the next line is a `split-part`;
// - broken: anything else that is not one event (valid-json).
import type { LineProblem, SourceFile, SourceLine } from '../../loader/read-jsonl.js';
import {
  escapeLineSeparators,
  escapeRawCharacters,
  parsesAsObject,
  separatorOutsideStrings,
  splitObjects,
  ungluePrefix,
} from './json-text.js';
import { lineText } from './lines.js';

export type Framing =
  | { kind: 'blank' }
  | { kind: 'nul'; stripped: string }
  | { kind: 'separator'; text: string; outside: boolean }
  | { kind: 'split'; last: number; text: string }
  | { kind: 'split-part'; first: number }
  | { kind: 'glued'; events: string[] }
  | { kind: 'prefixed'; prefix: string; events: string[]; rest?: { line: number; event: string } }
  | { kind: 'broken'; problem: LineProblem };

/** How many lines one split event may span before the search gives up. */
const MAX_SPLIT_LINES = 64;
/** How many bytes of fragments one rejoin may hold. */
const MAX_SPLIT_BYTES = 64 * 1024 * 1024;

const SEPARATOR_LEAD = Buffer.from([0xe2, 0x80]);

function hasRawSeparator(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(SEPARATOR_LEAD); at !== -1; at = buffer.indexOf(SEPARATOR_LEAD, at + 1)) {
    const third = buffer[at + 2];
    if (third === 0xa8 || third === 0xa9) return true;
  }
  return false;
}

const isProblemLine = (l: SourceLine): boolean =>
  l.problems.length > 0 && !l.problems.some((p) => p.kind === 'too-long');

export function frameLines(file: SourceFile): Map<number, Framing> {
  const out = new Map<number, Framing>();
  const lines = file.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (out.has(line.lineNo)) continue;
    if (line.blank) {
      out.set(line.lineNo, { kind: 'blank' });
      continue;
    }
    // A line with invalid UTF-8 parses leniently, but Copilot drops it whole.
    if (line.problems.some((p) => p.kind === 'utf8')) {
      out.set(line.lineNo, { kind: 'broken', problem: line.problems.find((p) => p.kind === 'utf8')! });
      continue;
    }
    if (line.json) {
      if (hasRawSeparator(line.bytes))
        out.set(line.lineNo, { kind: 'separator', text: escapeLineSeparators(lineText(line.bytes)), outside: false });
      continue;
    }
    if (!isProblemLine(line)) continue;
    const kinds = new Set(line.problems.map((p) => p.kind));
    const text = lineText(line.bytes);
    if (kinds.has('nul')) {
      out.set(line.lineNo, { kind: 'nul', stripped: text.replace(/\u0000/g, '') });
      continue;
    }
    if (kinds.has('not-object')) {
      out.set(line.lineNo, { kind: 'broken', problem: line.problems[0]! });
      continue;
    }
    if (hasRawSeparator(line.bytes) && separatorOutsideStrings(text)) {
      const repaired = escapeLineSeparators(text);
      if (parsesAsObject(repaired)) {
        out.set(line.lineNo, { kind: 'separator', text: repaired, outside: true });
        continue;
      }
    }
    const split = findSplit(lines, i);
    if (split) {
      out.set(line.lineNo, { kind: 'split', last: split.last, text: split.text });
      for (let n = line.lineNo + 1; n <= split.last; n++) out.set(n, { kind: 'split-part', first: line.lineNo });
      continue;
    }
    const glued = splitObjects(text);
    if (glued && glued.length > 1) {
      out.set(line.lineNo, { kind: 'glued', events: glued });
      continue;
    }
    const prefixed = ungluePrefix(text);
    if (prefixed) {
      const rest = restOf(lines[i + 1], prefixed.prefix);
      out.set(line.lineNo, { kind: 'prefixed', ...prefixed, ...(rest ? { rest } : {}) });
      if (rest) out.set(rest.line, { kind: 'split-part', first: line.lineNo });
      continue;
    }
    out.set(line.lineNo, { kind: 'broken', problem: line.problems[0]! });
  }
  return out;
}

/**
 * One event spread over lines i.. by raw line breaks: the first line starts an object and does not parse, the lines
 * after it do not parse on their own, and together (each break escaped inside a string, dropped between tokens) they
 * are one JSON object.
 */
function findSplit(lines: readonly SourceLine[], i: number): { last: number; text: string } | undefined {
  const first = lines[i]!;
  const head = lineText(first.bytes);
  if (!head.trimStart().startsWith('{')) return undefined;
  const fragments = [head];
  let bytes = first.bytes.length;
  for (let j = i + 1; j < lines.length && j - i < MAX_SPLIT_LINES; j++) {
    const next = lines[j]!;
    // A line that is an event (or cannot be one: NUL bytes, invalid UTF-8) is no fragment.
    if (next.json || next.problems.some((p) => p.kind !== 'parse' && p.kind !== 'torn')) return undefined;
    bytes += next.bytes.length + 1;
    if (bytes > MAX_SPLIT_BYTES) return undefined;
    fragments.push(lineText(next.bytes));
    if (next.blank) continue;
    const text = escapeRawCharacters(fragments.join('\n'));
    if (parsesAsObject(text)) return { last: next.lineNo, text };
  }
  return undefined;
}

/**
 * The cut-off prefix of a line completed by the next line: a whole line written inside an event (a second writer's
 * write landed between two parts of it) leaves the event's first part in front of that line and the rest on the next
 * one. The next line must not parse on its own, and the two parts together must be one event.
 */
function restOf(next: SourceLine | undefined, prefix: string): { line: number; event: string } | undefined {
  if (!next || next.json || next.blank || next.problems.some((p) => p.kind !== 'parse' && p.kind !== 'torn'))
    return undefined;
  const event = prefix + lineText(next.bytes);
  const parts = splitObjects(event, true);
  return parts?.length === 1 && parts[0] === event ? { line: next.lineNo, event } : undefined;
}
