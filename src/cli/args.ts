// The command line, parsed by yargs into a plain description of what to do. Nothing here prints or exits: help and
// version text come back as data, and every parse failure becomes a UsageError (exit 2, never yargs' default 1).
import yargs from 'yargs';
import { FORMAT_NAMES, type FormatName } from '../formatters/index.js';
import { TARGETS, type Target } from '../rule-api.js';

/** What to do about fixable problems: report them (none), write safe (and unsafe) fixes, or only preview them. */
export type FixMode = 'none' | 'fix' | 'dry-run' | 'diff';

export type Command =
  | {
      kind: 'lint';
      paths: string[];
      format: FormatName;
      target: Target;
      color?: boolean;
      fix: FixMode;
      unsafeFixes: boolean;
      /** false: no backup; a string: backup folder; true: `<file>.bak` beside the file. */
      backup: boolean | string;
    }
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
        .option('color', { type: 'boolean', describe: 'Force colour on or off (default: on for a terminal)' })
        .option('fix', { type: 'boolean', describe: 'Apply safe fixes and write the files (atomically, with a backup)' })
        .option('unsafe-fixes', { type: 'boolean', describe: 'With --fix, --fix-dry-run or --diff: also apply fixes that drop or guess content' })
        .option('fix-dry-run', { type: 'boolean', describe: 'Report the state after fixing without writing (json carries the fixed text as "output")' })
        .option('diff', { type: 'boolean', describe: 'Print a unified diff of what --fix would change; exit 1 if anything would change' })
        .option('backup', { type: 'boolean', default: true, describe: 'Keep <file>.bak before writing (--no-backup to skip)' })
        .option('backup-dir', { type: 'string', requiresArg: true, describe: 'Write backups into this folder instead of beside each file' })
        .conflicts('fix', ['fix-dry-run', 'diff'])
        .conflicts('fix-dry-run', 'diff'),
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
  const fix: FixMode = args.fix ? 'fix' : args['fix-dry-run'] ? 'dry-run' : args.diff ? 'diff' : 'none';
  if (args['unsafe-fixes'] && fix === 'none') throw new UsageError('--unsafe-fixes needs --fix, --fix-dry-run or --diff');
  if (args['backup-dir'] !== undefined && args.backup === false) throw new UsageError('--backup-dir and --no-backup contradict each other');
  return {
    kind: 'lint',
    // Anything after `--` lands in `_`; it is still a path (e.g. a file named `--weird.jsonl`).
    paths: [...((args.paths as string[] | undefined) ?? []), ...args._.map(String)],
    format: args.format as FormatName,
    target: args.target as Target,
    color: args.color as boolean | undefined,
    fix,
    unsafeFixes: args['unsafe-fixes'] === true,
    backup: args.backup === false ? false : ((args['backup-dir'] as string | undefined) ?? true),
  };
}
