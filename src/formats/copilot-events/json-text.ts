// Repairs of the text of damaged lines, done with a scanner that knows where JSON strings are: a raw line break or
// U+2028/U+2029 inside a string becomes its escape (that is what the character was before the damage), and outside
// a string it is dropped (it was whitespace between tokens). Also finds the complete JSON objects on a line that holds
// more than one, or a cut-off event in front of a complete one.
import { tryParse } from '../sample.js';

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function escapeChar(c: string): string {
  return ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Whether a character is one the repair rewrites: a control character, or a line or paragraph separator. */
const isRepaired = (code: number): boolean => code < 0x20 || code === 0x2028 || code === 0x2029;

/**
 * The text with every control character and U+2028/U+2029 inside a string escaped, and the same characters outside
 * strings removed (space and tab between tokens stay). The text is unchanged when it has none of them.
 */
export function escapeRawCharacters(text: string): string {
  return rewriteRaw(text, isRepaired);
}

/** The raw U+2028/U+2029 of a text: escaped inside strings, removed between tokens. Other characters stay. */
export function escapeLineSeparators(text: string): string {
  return rewriteRaw(text, (code) => code === 0x2028 || code === 0x2029);
}

/**
 * Calls `visit` with each character of `text` that is not part of a string's syntax (its quotes, escapes and what
 * they escape), saying whether it is inside a string; stops early when `visit` returns true.
 */
function scanRaw(text: string, visit: (code: number, at: number, inString: boolean) => boolean): void {
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === 0x22) inString = false;
      else if (visit(code, i, true)) return;
    } else if (code === 0x22) inString = true;
    else if (visit(code, i, false)) return;
  }
}

/** The characters `rewritten` picks: escaped inside a string, dropped between tokens (but a tab, which JSON allows). */
function rewriteRaw(text: string, rewritten: (code: number) => boolean): string {
  let out = '';
  let from = 0;
  scanRaw(text, (code, i, inString) => {
    if (!rewritten(code) || (!inString && code === 0x09)) return false;
    out += text.slice(from, i) + (inString ? escapeChar(text[i]!) : '');
    from = i + 1;
    return false;
  });
  return from === 0 ? text : out + text.slice(from);
}

/** Whether a raw separator is outside every string (the line is then not JSON for anyone). */
export function separatorOutsideStrings(text: string): boolean {
  let found = false;
  scanRaw(text, (code, _at, inString) => {
    found = !inString && (code === 0x2028 || code === 0x2029);
    return found;
  });
  return found;
}

/** Where the JSON object or array starting at `from` ends (the index after it), or -1 when it does not end. */
function valueEnd(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Space, tab and a lone CR: what may stand between two objects glued on one line. */
const GAP = /^[ \t\r]*$/;

/**
 * The complete JSON objects a text is made of, back to back (with nothing, spaces or a CR between them), as their
 * texts; undefined unless the whole text is such objects. With `events`, each must be an object with a string `type`.
 */
export function splitObjects(text: string, events = false): string[] | undefined {
  const parts: string[] = [];
  let at = 0;
  while (at < text.length) {
    const start = text.indexOf('{', at);
    if (start === -1 || !GAP.test(text.slice(at, start))) return GAP.test(text.slice(at)) ? done() : undefined;
    const end = valueEnd(text, start);
    if (end === -1) return undefined;
    const slice = text.slice(start, end);
    const parsed = tryParse(slice);
    if (!parsed.ok || !isObject(parsed.value) || (events && typeof parsed.value.type !== 'string')) return undefined;
    parts.push(slice);
    at = end;
  }
  return done();
  function done(): string[] | undefined {
    return parts.length > 0 ? parts : undefined;
  }
}

/** How many places a cut-off prefix may end at before the search gives up (each costs a scan of the rest). */
const MAX_GLUE_POINTS = 64;
const EVENT_START = '{"type":"';

/**
 * A line that is a cut-off event glued in front of one or more complete ones: the prefix (which is not JSON on its
 * own) and the complete events after it. The earliest start of an event from which the rest of the line is complete
 * events wins, so every complete event is kept.
 */
export function ungluePrefix(text: string): { prefix: string; events: string[] } | undefined {
  let at = text.indexOf(EVENT_START, 1);
  for (let tries = 0; at !== -1 && tries < MAX_GLUE_POINTS; tries++) {
    const events = splitObjects(text.slice(at), true);
    if (events) return { prefix: text.slice(0, at), events };
    at = text.indexOf(EVENT_START, at + 1);
  }
  return undefined;
}

/** Whether a text parses as one JSON object. */
export function parsesAsObject(text: string): boolean {
  const parsed = tryParse(text);
  return parsed.ok && isObject(parsed.value);
}
