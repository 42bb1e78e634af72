// A rule's page (Markdown) as `explain` shows it on a terminal: headings in bold, code in colour without its
// backticks, fenced blocks indented, list items under a bullet, tables aligned, paragraphs and items re-wrapped to the
// width. Piped, `explain` prints the Markdown as it is; this is only for reading. Without colour the code keeps its
// backticks and headings are underlined with rules, so nothing that marks code is lost.
import { createColors } from 'picocolors';
import { displayWidth, wrapText } from '../formatters/wrap-text.js';

type Colors = ReturnType<typeof createColors>;

/** A space inside a code span while it is wrapped: the span stays on one line (it is a space again after). */
const KEEP = '\u00a0';

export function renderMarkdown(markdown: string, options: { width: number; color: boolean }): string {
  const c = createColors(options.color);
  const { width } = options;
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  const blank = () => {
    if (out.length > 0 && out.at(-1) !== '') out.push('');
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (/^\s*<!--.*-->\s*$/.test(line)) {
      i++;
      continue;
    }
    const fence = /^(\s*)```/.exec(line);
    if (fence) {
      // Code as it is, indented: copied from the terminal, a line of JSONL stays one line.
      blank();
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]!); i++)
        out.push(`    ${c.dim(lines[i]!.slice(fence[1]!.length))}`);
      i++;
      blank();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      blank();
      const text = inline(heading[2]!, c, options.color).replaceAll(KEEP, ' ');
      if (options.color) out.push(heading[1]!.length === 1 ? c.bold(c.underline(text)) : c.bold(text));
      else out.push(text, (heading[1]!.length === 1 ? '=' : '-').repeat(Math.min(displayWidth(text), width)));
      out.push('');
      i++;
      continue;
    }
    if (line.startsWith('|')) {
      const rows: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(lines[i]!);
      out.push(...table(rows, c, options.color, width));
      continue;
    }
    const item = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      // The item and its continuation lines (indented deeper than the bullet, not a new item).
      let text = item[3]!;
      for (i++; i < lines.length && isContinuation(lines[i]!, item[1]!.length); i++) text += ` ${lines[i]!.trim()}`;
      const bullet = /^\d/.test(item[2]!) ? item[2]! : '•';
      const lead = `${' '.repeat(item[1]!.length + 2)}${bullet} `;
      out.push(...wrapped(inline(text, c, options.color), width, lead, ' '.repeat(displayWidth(lead))));
      continue;
    }
    const quote = /^(\s*)>\s?(.*)$/.exec(line);
    if (quote) {
      const lead = `${quote[1]}  │ `;
      out.push(...wrapped(inline(quote[2]!, c, options.color), width, lead, lead));
      i++;
      continue;
    }
    if (line.trim() === '') {
      blank();
      i++;
      continue;
    }
    // A paragraph: its lines joined, then wrapped to the width.
    let text = line.trim();
    for (i++; i < lines.length && isParagraphLine(lines[i]!); i++) text += ` ${lines[i]!.trim()}`;
    const lead = /^\s+/.exec(line)?.[0] ?? '';
    out.push(...wrapped(inline(text, c, options.color), width, lead, lead));
  }
  while (out.at(-1) === '') out.pop();
  return `${out.join('\n')}\n`;
}

/** A line that goes on the paragraph before it: not blank, not the start of another kind of block. */
function isParagraphLine(line: string): boolean {
  return line.trim() !== '' && !/^\s*(```|#{1,6}\s|\||[-*+]\s|\d+[.)]\s|>|<!--)/.test(line);
}

function isContinuation(line: string, itemIndent: number): boolean {
  const indent = /^\s*/.exec(line)![0].length;
  return line.trim() !== '' && indent > itemIndent && !/^\s*([-*+]\s|\d+[.)]\s|```|>)/.test(line);
}

/** `text` wrapped to the width after `lead` (the first line) and `hang` (the others); code spans kept whole. */
function wrapped(text: string, width: number, lead: string, hang: string): string[] {
  return wrapText(text, width, hang, displayWidth(lead)).map((l, i) => (i === 0 ? lead + l : l).replaceAll(KEEP, ' '));
}

/** Inline Markdown: code spans, bold, links. */
function inline(text: string, c: Colors, color: boolean): string {
  return text
    .split(/(``.+?``|`[^`]+`)/)
    .map((part, i) => {
      // Odd parts are code spans (``a `b` c`` holds backticks): shown as they are, never read for bold or links.
      const ticks = part.startsWith('``') ? 2 : 1;
      if (i % 2 === 1)
        return color ? c.cyan(part.slice(ticks, -ticks).trim().replaceAll(' ', KEEP)) : part.replaceAll(' ', KEEP);
      return part
        .replace(/\*\*([^*]+)\*\*/g, (_, bold: string) => c.bold(bold))
        .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => `${label} (${url})`);
    })
    .join('');
}

/** Narrower than this beside the other columns, a table's last column goes beneath them instead. */
const MIN_LAST_COLUMN = 24;

/**
 * A Markdown table, its columns aligned; the header row in bold, the separator row dropped. When the rows are wider
 * than the terminal, the last column wraps under itself; when the other columns leave it too little room, each row
 * becomes a block instead (see blocks).
 */
function table(rows: readonly string[], c: Colors, color: boolean, width: number): string[] {
  const cells = rows
    .filter((r) => !/^\|[\s:|-]+\|?\s*$/.test(r))
    .map((r) =>
      r
        .replace(/^\|/, '')
        .replace(/\|\s*$/, '')
        .split(/(?<!\\)\|/)
        .map((cell) => inline(cell.trim().replaceAll('\\|', '|'), c, color)),
    );
  const widths: number[] = [];
  for (const row of cells)
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell));
  const lead = 2 + widths.slice(0, -1).reduce((n, w) => n + w + 2, 0);
  const fits = lead + (widths.at(-1) ?? 0) <= width;
  if (!fits && cells.length > 1 && width - lead < MIN_LAST_COLUMN) return blocks(cells, c, width);
  return cells.flatMap((row, r) => {
    const head = row.slice(0, -1).map((cell, i) => cell + ' '.repeat(widths[i]! - displayWidth(cell)));
    const last = row.at(-1) ?? '';
    const lines =
      row.length < 2
        ? wrapped(last, width, '  ', '  ')
        : wrapped(last, width, `  ${head.join('  ')}  `, ' '.repeat(lead));
    return r === 0 && cells.length > 1 ? lines.map((l) => c.bold(l.trimEnd())) : lines.map((l) => l.trimEnd());
  });
}

/** Each row as its first cell, then each other cell beneath it, named by its column's header and wrapped. */
function blocks(cells: readonly (readonly string[])[], c: Colors, width: number): string[] {
  const [header, ...rows] = cells;
  return rows.flatMap((row) => [
    ...wrapped(row[0] ?? '', width, '  ', '  '),
    ...row
      .slice(1)
      .flatMap((cell, i) => wrapped(`${c.bold(`${header![i + 1] ?? ''}:`)} ${cell}`, width, '      ', '      ')),
  ]);
}
