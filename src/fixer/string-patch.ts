// A string literal changed in place. When the new string has as many UTF-16 units as the literal holds, the literal
// is read piece by piece (each escape, each run of unescaped bytes) against the new string at the same place: a
// piece that holds the same units keeps its bytes, and only a piece that differs is written again. So a fix that
// swaps one unit for another (a lone surrogate for U+FFFD) leaves every other byte of the literal as it was: other
// escapes (\u00e9, \/, \ud83d\ude00), escaped backslashes, invalid UTF-8.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

/** Replace the bytes [start, end) of the text with `text`. */
export interface LiteralEdit {
  start: number;
  end: number;
  text: string;
}

/** The unit each two-byte escape stands for, by the byte after its backslash. */
const SHORT_ESCAPES = new Map<number, string>([
  [0x22, '"'],
  [0x5c, '\\'],
  [0x2f, '/'],
  [0x62, '\b'],
  [0x66, '\f'],
  [0x6e, '\n'],
  [0x72, '\r'],
  [0x74, '\t'],
]);

/** The loader's decoding: invalid UTF-8 becomes U+FFFD, and never swallows an ASCII byte (a backslash). */
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** `unit` as a \u escape, lower-case, as JSON.stringify writes a lone surrogate. */
const unicodeEscape = (unit: string): string => '\\u' + unit.charCodeAt(0).toString(16).padStart(4, '0');

/**
 * The edits that make the string literal at bytes [start, end) (quotes included) hold `value`, or undefined when
 * `value` does not have as many UTF-16 units as the literal (then the caller writes the whole string). A \u escape
 * that changes is written as a \u escape of its new unit (an ASCII literal stays ASCII); any other piece that
 * changes is written by `body` (a string's JSON text without its quotes).
 */
export function patchLiteral(
  bytes: Uint8Array,
  start: number,
  end: number,
  value: string,
  body: (s: string) => string,
): LiteralEdit[] | undefined {
  const close = end - 1;
  if (bytes[start] !== QUOTE || bytes[close] !== QUOTE) return undefined;
  const edits: LiteralEdit[] = [];
  let unit = 0;
  let at = start + 1;
  while (at < close) {
    if (bytes[at] === BACKSLASH) {
      const isUnicode = bytes[at + 1] === LETTER_U;
      const size = isUnicode ? 6 : 2;
      const was = isUnicode ? unicodeUnit(bytes, at + 2) : SHORT_ESCAPES.get(bytes[at + 1]!);
      if (was === undefined || unit >= value.length) return undefined;
      const now = value[unit]!;
      if (now !== was) edits.push({ start: at, end: at + size, text: isUnicode ? unicodeEscape(now) : body(now) });
      unit++;
      at += size;
      continue;
    }
    let runEnd = bytes.indexOf(BACKSLASH, at);
    if (runEnd === -1 || runEnd > close) runEnd = close;
    const was = lenient.decode(bytes.subarray(at, runEnd));
    const now = value.slice(unit, unit + was.length);
    if (now !== was) edits.push({ start: at, end: runEnd, text: body(now) });
    unit += was.length;
    at = runEnd;
  }
  return unit === value.length ? edits : undefined;
}

/** The unit of the four hex digits at `at` (after "\u"), or undefined when they are not four hex digits. */
function unicodeUnit(bytes: Uint8Array, at: number): string | undefined {
  let code = 0;
  for (let i = at; i < at + 4; i++) {
    const digit = hexValue(bytes[i]);
    if (digit === -1) return undefined;
    code = code * 16 + digit;
  }
  return String.fromCharCode(code);
}

function hexValue(b: number | undefined): number {
  if (b === undefined) return -1;
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10;
  return -1;
}
