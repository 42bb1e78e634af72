// The words of each subcommand's options, declared once: the parser (args.ts) takes its descriptions from here, and
// subcommand-help.ts lays them out for --help. Apart from that layout so that parsing the arguments loads no text
// wrapping (string-width and its tables cost about as much CPU as the rest of a start).
import { splitAgentsHelp, TARGET_IDS } from '../formats/catalog.js';

export interface SubcommandHelp {
  usage: string;
  summary: string;
  /** Option name (or `<positional>`) → its label and description. */
  options: Record<string, { label: string; help: string }>;
}

export const SUBCOMMAND_HELP = {
  rules: {
    usage: 'transcript-lint rules [--target TARGET] [-f table|json]',
    summary: 'List every rule: id, fixability, severity per target, description.',
    options: {
      format: { label: '-f, --format NAME', help: 'Output format: table, json (default: table)' },
      target: {
        label: '    --target TARGET',
        help: `Show only this target's severities in the table: ${TARGET_IDS.join(', ')}`,
      },
    },
  },
  explain: {
    usage: 'transcript-lint explain <rule>',
    summary:
      "Print a rule's documentation: what it detects, the API error or resume failure it prevents, its fix. Rendered on a terminal, Markdown when piped.",
    options: { rule: { label: '<rule>', help: "A rule id ('transcript-lint rules' lists them)" } },
  },
  export: {
    usage: 'transcript-lint export [file | - | --session ID]',
    summary: 'Print the request the agent would send on resume, as JSON.',
    options: {
      file: { label: '[file]', help: 'A transcript; - reads stdin' },
      session: { label: '    --session ID', help: 'Export the session with this id (or a unique prefix)' },
    },
  },
  relocate: {
    usage: 'transcript-lint relocate --session ID --to DIR [--from FILE] [--dry-run]',
    summary:
      "Move a Claude Code session to the project folder of another working directory, rewriting its entries' cwd.",
    options: {
      session: { label: '    --session ID', help: 'The session id (required)' },
      to: { label: '    --to DIR', help: 'The working directory the session moves to (required)' },
      from: { label: '    --from FILE', help: 'The session file, when the id is in several project folders' },
      'dry-run': { label: '    --dry-run', help: 'Say what would change; change nothing' },
      force: { label: '    --force', help: 'Move even while another process has it open' },
      backup: { label: '    --no-backup', help: 'Keep no <file>.bak of each rewritten file (kept by default)' },
      'backup-dir': { label: '    --backup-dir DIR', help: 'Write the backups into this folder' },
    },
  },
  split: {
    usage: 'transcript-lint split <file> [--dry-run]',
    summary: `Move another session's conversation out of a session file (${splitAgentsHelp()}) into a file of its own.`,
    options: {
      file: { label: '<file>', help: 'The session file' },
      'dry-run': { label: '    --dry-run', help: 'Say what would move; change nothing' },
      backup: { label: '    --no-backup', help: 'Keep no <file>.bak of the rewritten file (kept by default)' },
      'backup-dir': { label: '    --backup-dir DIR', help: 'Write the backup into this folder' },
    },
  },
} as const satisfies Record<string, SubcommandHelp>;

export type Subcommand = keyof typeof SUBCOMMAND_HELP;

/** An option's description, for the parser's declaration. */
export function describeOption<C extends Subcommand>(command: C, name: keyof (typeof SUBCOMMAND_HELP)[C]['options']) {
  return (SUBCOMMAND_HELP[command].options as Record<string, { help: string }>)[name as string]!.help;
}
