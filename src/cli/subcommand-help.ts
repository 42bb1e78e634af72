// The subcommands' --help, laid out as the top-level help is (help-text.ts): a usage line, what the command does,
// then its options in two columns wrapped to the terminal. The words are in subcommand-options.ts.
import { wrapText } from '../formatters/wrap-text.js';
import { type Row, twoColumns } from './help-text.js';
import { SUBCOMMAND_HELP, type Subcommand, type SubcommandHelp } from './subcommand-options.js';

export function subcommandHelp(command: Subcommand, width: number): string {
  const help: SubcommandHelp = SUBCOMMAND_HELP[command];
  const rows: Row[] = [
    ...Object.values(help.options).map((o): Row => [o.label, o.help]),
    ['-h, --help', 'Show this help'],
  ];
  return [
    `Usage: ${help.usage}`,
    '',
    ...wrapText(help.summary, width, ''),
    '',
    'Options:',
    ...twoColumns(rows, width),
  ].join('\n');
}
