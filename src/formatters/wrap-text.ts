// Word wrapping for the human output (stylish, --help, `rules`): lines fit the terminal, continuation lines hang
// under the text they continue. Widths are terminal columns (string-width): a CJK character takes two, a combining
// mark none. The grapheme segmenter is built on first use (a run that prints JSON, or only ASCII, never needs it).
// string-width is imported statically although it costs ~30 ms of CPU to load: it is an ES module, and require() of
// an ES module prints an ExperimentalWarning on Node 22.12, which the engines range in package.json allows, and a
// user would see it on stderr.
import stringWidth from 'string-width';

/**
 * `text` broken into lines of at most `width` columns: at spaces, and between two characters where either is wide
 * (CJK text has no spaces; UAX #14 lets a line break beside an ideograph). Any other word wider than the line gets a
 * line of its own, unbroken, so that paths and ids stay whole for copying. A span in backticks (`transcript-lint
 * split FILE`) is one word: a command is never split across lines. Every line after the first starts with `indent`,
 * whose width counts toward the width. The first line is `width - firstUsed` wide, for text printed after something
 * else.
 */
export function wrapText(text: string, width: number, indent: string, firstUsed = displayWidth(indent)): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  let room = width - firstUsed;
  const indentWidth = displayWidth(indent);
  for (const word of words(text)) {
    for (const [i, piece] of pieces(word).entries()) {
      const gap = i === 0 && line !== '' ? 1 : 0;
      const w = displayWidth(piece);
      if (line === '' || used + gap + w <= room) {
        line += gap ? ` ${piece}` : piece;
        used += gap + w;
        continue;
      }
      lines.push(line);
      line = piece;
      used = w;
      room = width - indentWidth;
    }
  }
  lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : indent + l));
}

/** Columns a string takes on a terminal (ANSI colour codes take none). */
export function displayWidth(text: string): number {
  // Printable ASCII: one column each, without asking string-width.
  return /^[\x20-\x7e]*$/.test(text) ? text.length : stringWidth(text);
}

/** The first `width` columns of `text` (whole characters: never half of a pair or of a wide character). */
export function fitWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes().segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width) break;
    out += segment;
    used += w;
  }
  return out;
}

let segmenter: Intl.Segmenter | undefined;
const graphemes = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' }));

/**
 * A word in the pieces a line may break between: each wide character alone, the runs of other characters whole. A
 * backtick span is one piece.
 */
function pieces(word: string): string[] {
  if (word.startsWith('`') || /^[\x20-\x7e]*$/.test(word)) return [word];
  const out: string[] = [];
  let run = '';
  for (const { segment } of graphemes().segment(word)) {
    if (stringWidth(segment) < 2) {
      run += segment;
      continue;
    }
    if (run !== '') out.push(run);
    run = '';
    out.push(segment);
  }
  if (run !== '') out.push(run);
  return out;
}

/** The text split at spaces, except inside a backtick span that closes (an unclosed backtick quotes nothing). */
function words(text: string): string[] {
  const parts = text.split(' ');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const opens = ticks(parts[i]!) % 2 === 1;
    const close = opens ? parts.findIndex((p, j) => j > i && ticks(p) % 2 === 1) : -1;
    if (close === -1) out.push(parts[i]!);
    else {
      out.push(parts.slice(i, close + 1).join(' '));
      i = close;
    }
  }
  return out;
}

function ticks(word: string): number {
  let n = 0;
  for (const ch of word) if (ch === '`') n++;
  return n;
}
