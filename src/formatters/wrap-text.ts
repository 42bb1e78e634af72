// Word wrapping for the human output (stylish, --help's epilogue): lines fit the terminal, continuation lines hang
// under the text they continue.

/**
 * `text` broken at spaces into lines of at most `width` characters (a word longer than that gets a line of its own,
 * unbroken, so that paths and ids stay whole for copying). A span in backticks (`transcript-lint split FILE`) is one
 * word: a command is never split across lines. Every line after the first starts with `indent`, whose length counts
 * toward the width. The first line is `width - firstUsed` wide, for text printed after something else.
 */
export function wrapText(text: string, width: number, indent: string, firstUsed = indent.length): string[] {
  const lines: string[] = [];
  let line = '';
  let room = width - firstUsed;
  for (const word of words(text)) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= room) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
      room = width - indent.length;
    }
  }
  lines.push(line);
  return lines.map((l, i) => (i === 0 ? l : indent + l));
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
