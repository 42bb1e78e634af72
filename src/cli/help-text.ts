// The top-level --help, drawn from the options' one declaration (options.ts) and wrapped to the terminal: each
// description hangs in a column of its own, so that nothing breaks mid-word at 80 columns. (yargs' own layout puts
// "[boolean]" tags on lines of their own when the terminal is narrow; the subcommands' help is laid out the same way,
// by subcommand-help.ts.)
import { splitAgentsHelp } from '../formats/catalog.js';
import { wrapText } from '../formatters/wrap-text.js';
import { LINT_OPTIONS, type OptionGroup, type OptionSpec } from './options.js';

/** The order --help lists the groups in: what most runs change first. */
const HELP_GROUP_ORDER: readonly OptionGroup[] = ['Output', 'Rules and config', 'Fixing', 'Exit code', 'Input'];

const COMMANDS: readonly Row[] = [
  ['rules', 'List every rule: id, formats, fixability, severity per target'],
  ['explain <rule>', "Print a rule's documentation"],
  ['export [file]', 'Print the request the agent would send on resume, as JSON (a file, - for stdin, or --session ID)'],
  ['relocate', "Move a Claude Code session to another working directory's project folder (--session ID --to DIR)"],
  [
    'split <file>',
    `Move another session's conversation out of a session file (${splitAgentsHelp()}), into a file of its own`,
  ],
];

const EXIT_CODES: readonly Row[] = [
  ['0', 'no errors, and warnings within --max-warnings (always 0 with --exit-zero, unless 2)'],
  ['1', 'lint errors remain, too many warnings, --diff would change a file, or --exit-non-zero-on-fix saw a fix'],
  [
    '2',
    'usage error, invalid config, unmatched path or pattern, unreadable file, a fix that made a file worse, or an internal error',
  ],
];

/** Labels longer than this put their description on the next line instead of widening the column for all. */
const MAX_LABEL = 30;

export function helpText(width: number, sessionsFolders: string): string {
  const out: string[] = [
    'Usage: transcript-lint [options] [paths...]',
    '       transcript-lint rules | explain <rule>',
    '       transcript-lint export [file | - | --session ID]',
    '       transcript-lint relocate --session ID --to DIR',
    '       transcript-lint split FILE',
    '',
    ...wrapText(
      `Lint AI-agent session transcripts and recorded API requests: files, folders (every transcript below) or globs; - reads stdin. With no paths: ${sessionsFolders}.`,
      width,
      '',
    ),
    '',
    'Commands:',
  ];
  // One description column for the commands and every group, so that they read as one table.
  const groups = HELP_GROUP_ORDER.map((group) => ({
    group,
    rows: LINT_OPTIONS.filter((o) => o.group === group).map((o): Row => [label(o), description(o)]),
  }));
  const other: Row[] = [
    ['-h, --help', 'Show this help'],
    ['-v, --version', 'Show the version'],
  ];
  const column = columnFor([...COMMANDS, ...groups.flatMap((g) => g.rows), ...other], width);
  out.push(...table(COMMANDS, width, column));
  for (const { group, rows } of groups) out.push('', `${group}:`, ...table(rows, width, column));
  out.push('', ...table(other, width, column));
  out.push('', 'Exit codes:', ...table(EXIT_CODES, width, columnFor(EXIT_CODES, width)));
  return out.join('\n');
}

/** `-f, --format NAME` / `    --fix`: aliased or not, the long names line up. */
function label(o: OptionSpec): string {
  const value = o.kind === 'boolean' ? '' : ` ${o.choices ? 'NAME' : (o.value ?? 'VALUE')}`;
  return `${o.alias ? `-${o.alias}, ` : '    '}--${o.name}${value}`;
}

function description(o: OptionSpec): string {
  let text = o.help;
  // The choices, unless the help already names each of them (--target's does, by kind of reader).
  if (o.choices && !o.choices.every((c) => o.help.split(/[^\w-]+/).includes(c))) text += `: ${o.choices.join(', ')}`;
  if (typeof o.default === 'string') text += ` (default: ${o.default})`;
  return text;
}

export type Row = readonly [label: string, description: string];

/** Rows in two columns for `width`, as the top-level help lays out each group. */
export function twoColumns(rows: readonly Row[], width: number): string[] {
  return table(rows, width, columnFor(rows, width));
}

/** Narrower than this beside the labels, descriptions go beneath them instead. */
const MIN_DESCRIPTION = 40;

/**
 * Where the descriptions start: after the longest label that is not too long, and two spaces; on a narrow terminal,
 * a short indent under each label.
 */
function columnFor(rows: readonly Row[], width: number): number {
  const column = Math.min(MAX_LABEL, Math.max(...rows.map(([l]) => l.length))) + 4;
  return width - column < MIN_DESCRIPTION ? 8 : column;
}

/** Two columns: each label, and its description wrapped beside it (or beneath it, for a label too long). */
function table(rows: readonly Row[], width: number, column: number): string[] {
  const indent = ' '.repeat(column);
  const lines: string[] = [];
  for (const [l, text] of rows) {
    const head = `  ${l}`;
    if (head.length + 2 > column) {
      lines.push(head);
      lines.push(...wrapText(text, width, indent, column).map((line, i) => (i === 0 ? indent + line : line)));
      continue;
    }
    const [first, ...more] = wrapText(text, width, indent, column);
    lines.push(head.padEnd(column) + first, ...more);
  }
  return lines;
}
