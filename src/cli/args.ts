// The command line, parsed by yargs into a plain description of what to do. Nothing here prints or exits: help and
// version text come back as data, and every parse failure becomes a UsageError (exit 2, never yargs' default 1).
import yargs from 'yargs';
import { FORMAT_NAMES, type FormatName } from '../formatters/index.js';
import { TARGETS, type Target } from '../rule-api.js';

export type Command =
  | { kind: 'lint'; paths: string[]; format: FormatName; target: Target; color?: boolean }
  | { kind: 'export'; file: string }
  /** --help or --version: print the text and exit 0. */
  | { kind: 'print'; text: string };

export class UsageError extends Error {
  override name = 'UsageError';
}

const EPILOGUE = [
  'Exit codes:',
  '  0  no errors (warnings alone do not fail)',
  '  1  lint errors found',
  '  2  usage error, unmatched path or pattern, unreadable file, or internal error',
].join('\n');

export async function parseArgs(argv: readonly string[], version: string): Promise<Command> {
  let printed = '';
  // Set by the command handlers, which run only for the command yargs actually matched.
  let matched: 'lint' | 'export' | undefined;
  const parser = yargs([...argv])
    .scriptName('transcript-lint')
    .exitProcess(false)
    // yargs would otherwise translate its messages from LANG; keep them stable for logs, docs and tests.
    .locale('en')
    .strict()
    // Paths are names, never numbers: `transcript-lint 2024` must not become 2024.
    .parserConfiguration({ 'parse-positional-numbers': false })
    .command('$0 [paths..]', 'Lint transcripts: files, folders (all *.jsonl below) or globs.', (y) =>
      y
        .positional('paths', {
          type: 'string',
          array: true,
          describe: 'Default: ${CLAUDE_CONFIG_DIR:-~/.claude}/projects',
        })
        .option('format', {
          alias: 'f',
          choices: FORMAT_NAMES,
          default: 'stylish' as FormatName,
          requiresArg: true,
          describe: 'Output format',
        })
        .option('target', {
          choices: TARGETS,
          default: 'claude-code' as Target,
          requiresArg: true,
          describe: 'Judge the file as Claude Code resumes it, or as a raw API request',
        })
        .option('color', { type: 'boolean', describe: 'Force colour on or off (default: on for a terminal)' }),
      () => {
        matched = 'lint';
      },
    )
    .command('export <file>', "Print the request Claude Code would send on resume, as {messages:[...]}", (y) =>
      y.positional('file', { type: 'string', demandOption: true, describe: 'A transcript (.jsonl)' }),
      () => {
        matched = 'export';
      },
    )
    .help()
    .version(version)
    .epilogue(EPILOGUE)
    .wrap(100)
    .fail((message, error) => {
      throw new UsageError(message || error?.message || 'invalid arguments');
    });

  // With a callback, yargs hands back --help/--version text instead of writing it to the console.
  const args = await parser.parseAsync([...argv], {}, (_err, _argv, output) => {
    printed = output;
  });
  if (args.help || args.version) return { kind: 'print', text: printed };

  if (matched === 'export') return { kind: 'export', file: String(args.file) };
  return {
    kind: 'lint',
    // Anything after `--` lands in `_`; it is still a path (e.g. a file named `--weird.jsonl`).
    paths: [...((args.paths as string[] | undefined) ?? []), ...args._.map(String)],
    format: args.format as FormatName,
    target: args.target as Target,
    color: args.color as boolean | undefined,
  };
}
