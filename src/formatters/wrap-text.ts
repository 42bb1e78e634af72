// Word wrapping for the human output (stylish, --help's epilogue): lines fit the terminal, continuation lines hang
// under the text they continue.

/**
 * `text` broken at spaces into lines of at most `width` characters (a word longer than that gets a line of its own,
 * unbroken, so that paths and ids stay whole for copying). Every line after the first starts with `indent`, whose
 * length counts toward the width. The first line is `width - firstUsed` wide, for text printed after something else.
 */
export function wrapText(text: string, width: number, indent: string, firstUsed = indent.length): string[] {
  const lines: string[] = [];
  let line = '';
  let room = width - firstUsed;
  for (const word of text.split(' ')) {
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
