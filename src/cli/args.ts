// The command line, parsed by yargs into a plain description of what to do. Nothing here prints or exits: help and
// version text come back as data, and every parse failure becomes a UsageError (exit 2, never yargs' default 1).
import type YargsFactory from 'yargs';
// Only light modules: main() parses the arguments before it loads the engine (see main.ts).
import { SEVERITIES } from '../engine/config-names.js';
import { didYouMean } from '../engine/did-you-mean.js';
import { sessionsFoldersHelp, splitAgentsHelp, TARGET_IDS } from '../formats/catalog.js';
import type { FormatName } from '../formatters/names.js';
import type { Severity, Target } from '../sdk/rule-api.js';
import { conventionalArgs } from './conventions.js';
import { describeOption as d, type Subcommand } from './subcommand-options.js';
import { UsageError } from './usage-error.js';
import { CONFLICTS, LINT_OPTIONS } from './options.js';

/** What to do about fixable problems: report them (none), write safe (and unsafe) fixes, or only preview them. */
export type FixMode = 'none' | 'fix' | 'dry-run' | 'diff';

export interface LintCommand {
  kind: 'lint';
  /** Files, folders and globs; empty with stdin or --session alone (and then, without either, the sessions folder). */
  paths: string[];
  /** Read one transcript from stdin (`-`, --stdin, or --stdin-filename without paths). */
  stdin: boolean;
  /** The name stdin's transcript is reported (and matched against `ignores`) under. */
  stdinFilename?: string;
  /** --session ids, each resolved under the sessions folder. */
  sessions: string[];
  sessionSidechains: boolean;
  format: FormatName;
  /** -o: the report goes to this file, stdout stays empty. */
  outputFile?: string;
  /** Only when given: otherwise the config's, or the engine's default for the input format. */
  target?: Target;
  inputFormat?: string;
  color?: boolean;
  fix: FixMode;
  unsafeFixes: boolean;
  /** false: no backup; a string: backup folder; true: `<file>.bak` beside the file. */
  backup: boolean | string;
  /** --force: fix a file even when another process holds it open (an agent still writing it). */
  force: boolean;
  /** Exit 1 when warnings exceed this; -1 turns the check off. */
  maxWarnings: number;
  /** Report errors only (the exit code still counts warnings). */
  quiet: boolean;
  /** After --fix, list each changed file and its backup. */
  verbose: boolean;
  /** --rule id=severity, in order. */
  rules: [string, Severity][];
  select?: string[];
  ignore?: string[];
  /** A config file to use; false: none (--no-config); undefined: look for one from the cwd up. */
  config?: string | false;
  /** Print the effective config for this file and exit. */
  printConfig?: string;
  progress: boolean;
  /** How many problems human formats print at most; undefined: all. */
  maxDiagnostics?: number;
  statistics: boolean;
  exitZero: boolean;
  /** --ignore-pattern globs, relative to the cwd. */
  ignorePatterns: string[];
  /** --no-ignore: the config's ignores and --ignore-pattern are not applied. */
  useIgnores: boolean;
  /** --ignore-unknown: files of no known format are left out of the results. */
  ignoreUnknown: boolean;
  exitNonZeroOnFix: boolean;
  errorOnUnmatchedPattern: boolean;
  maxLineBytes?: number;
  /** --jobs: threads that lint files at once; undefined: by the cores and the input's size. */
  jobs?: number;
  /** --cache: the cache file (--cache-location, resolved against the cwd later) and strategy; undefined: no cache. */
  cache?: { location?: string; strategy: 'metadata' | 'content' };
}

export type Command =
  | LintCommand
  /** `export FILE`, `export -` (stdin) or `export --session ID`. */
  | { kind: 'export'; file?: string; stdin: boolean; session?: string }
  /** `rules`: the table (one severity column with --target), or JSON (every target, whatever --target says). */
  | { kind: 'rules'; format: 'table' | 'json'; target?: Target }
  | { kind: 'explain'; rule: string }
  /** `relocate --session ID --to DIR`: move a Claude Code session to the project folder of DIR (project-path). */
  | {
      kind: 'relocate';
      session: string;
      to: string;
      from?: string;
      dryRun: boolean;
      force: boolean;
      /** true: a backup beside each rewritten file; a folder for them; false: none. */
      backup: boolean | string;
    }
  /** `split FILE`: move another session's lines out of a session file that holds two, into a file of its own. */
  | { kind: 'split'; file: string; dryRun: boolean; backup: boolean | string }
  /** --help or --version: print the text and exit 0. */
  | { kind: 'print'; text: string };

export { UsageError };

// yargs drops a lone `-` from the arguments; it stands for stdin, so it is swapped for this token before parsing.
const STDIN_TOKEN = '\u0000stdin';

/** The widest --help is wrapped to, however wide the terminal: longer lines read badly. */
export const MAX_HELP_WIDTH = 100;

export async function parseArgs(
  argv: readonly string[],
  version: string,
  options: { fast?: boolean; width?: number } = {},
): Promise<Command> {
  argv = conventionalArgs(argv);
  // The common command lines (files and plain options) are read without loading yargs, which costs about a fifth of
  // a short run's startup; anything else (help, subcommands, `=` forms, mistakes, ...) goes to yargs.
  if (options.fast !== false) {
    const fast = fastLintArgs(argv);
    if (fast) return toLintCommand(fast, (v) => v as string | undefined);
  }
  refuseFlagValues(argv);
  const { default: yargs } = (await import('yargs')) as { default: typeof YargsFactory };
  let printed = '';
  // Set by the command handlers, which run only for the command yargs actually matched.
  let matched: 'lint' | 'export' | 'rules' | 'explain' | 'relocate' | 'split' | undefined;
  const dashDash = argv.indexOf('--');
  const args0 = argv.map((a, i) => (a === '-' && (dashDash === -1 || i < dashDash) ? STDIN_TOKEN : a));
  // The terminal's width (or COLUMNS), at most MAX_HELP_WIDTH; piped, MAX_HELP_WIDTH.
  const helpWidth = Math.min(options.width ?? MAX_HELP_WIDTH, MAX_HELP_WIDTH);
  const parser = yargs([...args0])
    .scriptName('transcript-lint')
    .exitProcess(false)
    // yargs would otherwise translate its messages from LANG; keep them stable for logs, docs and tests.
    .locale('en')
    .strict()
    // Paths are names, never numbers: `transcript-lint 2024` must not become 2024.
    .parserConfiguration({ 'parse-positional-numbers': false })
    .command(
      '$0 [paths..]',
      'Lint transcripts: files, folders (all *.jsonl below) or globs; - reads stdin.',
      (y) => {
        return y
          .positional('paths', { type: 'string', array: true })
          .options(yargsOptions())
          .conflicts(yargsConflicts());
      },
      () => {
        matched = 'lint';
      },
    )
    .command(
      'rules',
      'List every rule: id, fixability, severity per target, description',
      (y) =>
        y
          .option('format', {
            alias: 'f',
            choices: ['table', 'json'] as const,
            default: 'table',
            requiresArg: true,
            describe: d('rules', 'format'),
          })
          .option('target', {
            choices: TARGET_IDS,
            requiresArg: true,
            describe: d('rules', 'target'),
          }),
      () => {
        matched = 'rules';
      },
    )
    .command(
      'explain [rule]',
      "Print a rule's documentation",
      (y) => y.positional('rule', { type: 'string', describe: d('explain', 'rule') }),
      () => {
        matched = 'explain';
      },
    )
    .command(
      'export [file]',
      'Print the request the agent would send on resume, as JSON (- reads stdin)',
      (y) =>
        y.positional('file', { type: 'string', describe: d('export', 'file') }).option('session', {
          type: 'string',
          requiresArg: true,
          describe: d('export', 'session'),
        }),
      () => {
        matched = 'export';
      },
    )
    .command(
      'relocate',
      "Move a Claude Code session to the project folder of another working directory, rewriting its entries' cwd",
      (y) =>
        y
          .option('session', {
            type: 'string',
            requiresArg: true,
            demandOption: true,
            describe: d('relocate', 'session'),
          })
          .option('to', {
            type: 'string',
            requiresArg: true,
            demandOption: true,
            describe: d('relocate', 'to'),
          })
          .option('from', {
            type: 'string',
            requiresArg: true,
            describe: d('relocate', 'from'),
          })
          .option('dry-run', { type: 'boolean', default: false, describe: d('relocate', 'dry-run') })
          .option('force', { type: 'boolean', default: false, describe: d('relocate', 'force') })
          .option('backup', { type: 'boolean', default: true, describe: d('relocate', 'backup') })
          .option('backup-dir', { type: 'string', requiresArg: true, describe: d('relocate', 'backup-dir') }),
      () => {
        matched = 'relocate';
      },
    )
    .command(
      'split <file>',
      `Move another session's conversation out of a session file (${splitAgentsHelp()}) into a file of its own`,
      (y) =>
        y
          .positional('file', { type: 'string', describe: d('split', 'file') })
          .option('dry-run', { type: 'boolean', default: false, describe: d('split', 'dry-run') })
          .option('backup', { type: 'boolean', default: true, describe: d('split', 'backup') })
          .option('backup-dir', { type: 'string', requiresArg: true, describe: d('split', 'backup-dir') }),
      () => {
        matched = 'split';
      },
    )
    .help()
    .alias('h', 'help')
    .version(version)
    .alias('v', 'version')
    .wrap(helpWidth)
    .fail((message, error) => {
      throw new UsageError(
        explainUsage((message || error?.message || 'invalid arguments').replaceAll(STDIN_TOKEN, '-'), argv),
      );
    });

  // With a callback, yargs hands back --help/--version text instead of writing it to the console.
  const args = await parser.parseAsync([...args0], {}, (_err, _argv, output) => {
    printed = output;
  });
  if (args.help) {
    const command = argv.find((a) => !a.startsWith('-')) ?? '';
    // The help's layout (and its text wrapping) loads only for --help.
    if (SUBCOMMANDS.has(command)) {
      const { subcommandHelp } = await import('./subcommand-help.js');
      return { kind: 'print', text: subcommandHelp(command as Subcommand, helpWidth) };
    }
    const { helpText } = await import('./help-text.js');
    return { kind: 'print', text: helpText(helpWidth, sessionsFoldersHelp()) };
  }
  if (args.help || args.version) return { kind: 'print', text: printed };

  const unToken = (v: unknown) => (v === STDIN_TOKEN ? '-' : (v as string | undefined));
  // A subcommand's option given twice: yargs makes an array of it (as for the lint options, see toLintCommand).
  for (const name of ['format', 'target', 'session', 'to', 'from', 'backup-dir'])
    if (matched !== 'lint' && Array.isArray(args[name])) throw new UsageError(`--${name} was given more than once`);
  if (matched === 'export') return exportCommand(unToken(args.file), args.session as string | undefined, argv);
  if (matched === 'explain') {
    const rule = unToken(args.rule);
    if (rule === undefined || rule === '')
      throw new UsageError(
        "explain needs a rule id, as in 'transcript-lint explain valid-json' ('transcript-lint rules' lists them)",
      );
    return { kind: 'explain', rule };
  }
  if (matched === 'relocate') {
    const backupDir = args['backup-dir'] as string | undefined;
    // An empty --to would be the current folder, and the session would really move there.
    for (const flag of ['to', 'from', 'session', 'backup-dir'] as const)
      if (args[flag] === '') throw new UsageError(`relocate --${flag} needs a value (an unset variable?)`);
    return {
      kind: 'relocate',
      session: args.session as string,
      to: args.to as string,
      from: args.from as string | undefined,
      dryRun: args['dry-run'] === true,
      force: args.force === true,
      backup: backupDir ?? args.backup !== false,
    };
  }
  if (matched === 'split') {
    const file = unToken(args.file);
    if (file === undefined || file === '' || file === '-')
      throw new UsageError('split needs a session file (it rewrites the file, so not stdin)');
    if (args['backup-dir'] === '') throw new UsageError('split --backup-dir needs a value (an unset variable?)');
    const backupDir = args['backup-dir'] as string | undefined;
    return { kind: 'split', file, dryRun: args['dry-run'] === true, backup: backupDir ?? args.backup !== false };
  }
  if (matched === 'rules')
    return { kind: 'rules', format: args.format as 'table' | 'json', target: args.target as Target | undefined };
  return toLintCommand(args, unToken);
}

/** `export`'s one input: a file, stdin (`-`) or a session id. */
function exportCommand(file: string | undefined, session: string | undefined, argv: readonly string[]): Command {
  const stdin = file === '-' || (file === undefined && argv.includes('-'));
  const given = [file !== undefined && !stdin, stdin, session !== undefined].filter(Boolean).length;
  if (given !== 1) throw new UsageError('export takes one transcript: a file, - (stdin) or --session ID');
  return { kind: 'export', file: stdin ? undefined : file, stdin, session };
}

/**
 * yargs' usage messages in the tool's own words, with the nearest option for a mistyped one ("Unknown argument:
 * sesion" becomes "unknown option --sesion (did you mean --session?)").
 */
export function explainUsage(message: string, argv: readonly string[] = []): string {
  const missing = /^Missing required arguments?: (.*)$/.exec(message);
  if (missing) {
    const flags = missing[1]!.split(', ').map((a) => `--${a}`);
    const command = argv.find((a) => SUBCOMMANDS.has(a));
    return `${command ? `${command} ` : ''}needs ${flags.join(' and ')}`;
  }
  const invalid = /^Invalid values:\s+Argument: (\S+), Given: (.*?), Choices: (.*)$/s.exec(message);
  if (invalid) {
    const choices = invalid[3]!.split(', ').map((c) => c.replace(/^"|"$/g, ''));
    const given = invalid[2]!.replace(/^"|"$/g, '');
    const guess = didYouMean(given, choices);
    return `--${invalid[1]} ${JSON.stringify(given)} is not one of ${choices.join(', ')}${guess ? ` (did you mean ${guess}?)` : ''}`;
  }
  const exclusive = /^Arguments (\S+) and (\S+) are mutually exclusive$/.exec(message);
  if (exclusive) return `--${exclusive[1]} and --${exclusive[2]} cannot be combined`;
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (!unknown) return message;
  const names = [...LINT_OPTIONS.flatMap((o) => [o.name, ...(o.negatable ? [`no-${o.name}`] : [])]), 'help', 'version'];
  const command = argv.find((a) => SUBCOMMANDS.has(a));
  const seen = new Set<string>();
  const words = unknown[1]!.split(', ');
  return (
    words
      // yargs names a mistyped `--max-warning` twice: as itself and as its camel-case alias `maxWarning`.
      .filter((arg) => !(/[A-Z]/.test(arg) && words.includes(kebab(arg))))
      .flatMap((arg) => {
        // A word given as it is: an argument the command does not take (`explain valid-json extra`).
        if (argv.includes(arg))
          return [`unexpected argument ${JSON.stringify(arg)}${command ? ` for ${command}` : ''}`];
        // yargs splits `-dash.jsonl` into -d -a -s ...: say it once, for the word, with how to name such a file.
        const bundle =
          arg.length === 1 ? argv.find((a) => /^-[^-]/.test(a) && a.length > 2 && a.includes(arg)) : undefined;
        if (bundle) {
          if (seen.has(bundle)) return [];
          seen.add(bundle);
          return [`unknown option ${bundle} (a file whose name starts with - is written ./${bundle}, or after --)`];
        }
        // A lint option after a subcommand that does not take it.
        if (command && names.includes(arg)) return [`--${arg} does not apply to ${command}`];
        return [unknownOption(arg, argv, names)];
      })
      .join('\n')
  );
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** "unknown option --sesion (did you mean --session?)". */
function unknownOption(arg: string, argv: readonly string[], names: readonly string[]): string {
  // yargs reads `--no-x` as x turned off, and names x.
  const negated = argv.some((a) => a === `--no-${arg}` || a.startsWith(`--no-${arg}=`));
  const flag = arg.length === 1 ? `-${arg}` : negated ? `--no-${arg}` : `--${arg}`;
  const guess = arg.length > 1 ? didYouMean(negated ? `no-${arg}` : arg, names) : undefined;
  return guess ? `unknown option ${flag} (did you mean --${guess}?)` : `unknown option ${flag}`;
}

/** The yargs form of the option declarations. */
function yargsOptions(): Record<string, YargsOption> {
  const out: Record<string, YargsOption> = {};
  for (const o of LINT_OPTIONS) {
    const option: YargsOption = { describe: o.help };
    if (o.alias) option.alias = o.alias;
    if (o.choices) option.choices = o.choices;
    // Counts are read as strings and checked by integer(): yargs would take "0x10" for 16 and "" for 0.
    else option.type = o.kind === 'number' ? 'string' : o.kind;
    if (o.kind !== 'boolean') option.requiresArg = true;
    if (o.default !== undefined) option.default = o.default;
    out[o.name] = option;
  }
  return out;
}

/** Each flag of a conflicting group, with the others of its group. */
function yargsConflicts(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const group of CONFLICTS) {
    for (const [i, name] of group.entries()) {
      if (i < group.length - 1) out[name] = group.slice(i + 1);
    }
  }
  return out;
}

interface YargsOption {
  describe: string;
  alias?: string;
  choices?: readonly string[];
  type?: 'string' | 'number' | 'boolean';
  requiresArg?: boolean;
  default?: unknown;
}

function toLintCommand(args: Record<string, unknown>, unToken: (v: unknown) => string | undefined): LintCommand {
  // yargs collects an option given twice into an array; one that takes a single value must not be (ruff and clap
  // refuse it too: which of two formats, targets or output files was meant cannot be guessed).
  for (const o of LINT_OPTIONS) {
    if (o.kind !== 'boolean' && !o.repeat && Array.isArray(args[o.name]))
      throw new UsageError(`--${o.name}${o.negatable ? ` (or --no-${o.name})` : ''} was given more than once`);
  }
  const fix: FixMode = args.fix ? 'fix' : args['fix-dry-run'] ? 'dry-run' : args.diff ? 'diff' : 'none';
  if (args['unsafe-fixes'] && fix === 'none')
    throw new UsageError('--unsafe-fixes needs --fix, --fix-dry-run or --diff');
  if (args['backup-dir'] !== undefined && args.backup === false)
    throw new UsageError('--backup-dir and --no-backup contradict each other');
  if (args['exit-non-zero-on-fix'] && fix !== 'fix') throw new UsageError('--exit-non-zero-on-fix needs --fix');
  if (args.force && fix !== 'fix') throw new UsageError('--force needs --fix');
  if (args['backup-dir'] !== undefined && fix !== 'fix') throw new UsageError('--backup-dir needs --fix');
  // --diff prints a patch, not a report: a format or statistics asked for with it would be silently dropped.
  if (fix === 'diff' && args.format !== undefined && args.format !== 'stylish')
    throw new UsageError(
      '--diff prints a unified diff; it takes no --format (use --fix-dry-run -f json for the fixed text)',
    );
  if (fix === 'diff' && args.statistics) throw new UsageError('--diff prints a unified diff; it takes no --statistics');

  // Anything after `--` lands in `_`; it is still a path (e.g. a file named `--weird.jsonl`).
  const given = [...((args.paths as string[] | undefined) ?? []), ...(args._ as unknown[]).map(String)];
  // An empty path would be the current folder: most likely an unset shell variable, never worth guessing at
  // (`transcript-lint "$DIR" --fix` would fix everything here).
  if (given.some((p) => p === ''))
    throw new UsageError('an empty path was given (an unset variable?); name "." for the current folder');
  const dashes = given.filter((p) => p === STDIN_TOKEN).length;
  const paths = given.filter((p) => p !== STDIN_TOKEN);
  const sessions = list(args.session);
  const stdinFilename = unToken(args['stdin-filename']);
  const stdin =
    dashes > 0 || args.stdin === true || (stdinFilename !== undefined && paths.length === 0 && sessions.length === 0);
  if (stdin) {
    if (dashes > 1) throw new UsageError('stdin (-) can be read only once');
    if (paths.length > 0 || sessions.length > 0)
      throw new UsageError('stdin (-) cannot be combined with paths or --session');
    if (fix === 'fix')
      throw new UsageError(
        '--fix cannot write back to stdin; use --fix-dry-run (-f json has the fixed text) or --diff',
      );
  } else if (stdinFilename !== undefined) {
    throw new UsageError(
      '--stdin-filename names the transcript read from stdin; it cannot be combined with paths or --session',
    );
  }
  if (args['session-sidechains'] && sessions.length === 0) throw new UsageError('--session-sidechains needs --session');

  const outputFile = unToken(args['output-file']);
  if (outputFile === '') throw new UsageError('--output-file needs a file name (an unset variable?)');
  if (args['print-config'] === '') throw new UsageError('--print-config needs a file name (an unset variable?)');
  const config = args.config === false ? false : unToken(args.config);
  if (config === '') throw new UsageError('--config needs a file name');

  return {
    kind: 'lint',
    paths,
    stdin,
    stdinFilename,
    sessions,
    sessionSidechains: args['session-sidechains'] === true,
    format: args.format as FormatName,
    // `-o -` is stdout, as in most tools that take an output file.
    outputFile: outputFile === '-' ? undefined : outputFile,
    target: args.target as Target | undefined,
    inputFormat: args['input-format'] as string | undefined,
    color: args.color as boolean | undefined,
    fix,
    unsafeFixes: args['unsafe-fixes'] === true,
    backup: args.backup === false ? false : ((args['backup-dir'] as string | undefined) ?? true),
    force: args.force === true,
    maxWarnings: integer(args['max-warnings'], '--max-warnings', -1) ?? -1,
    quiet: args.quiet === true,
    verbose: args.verbose === true,
    rules: list(args.rule).map(parseRuleFlag),
    select: idList(args.select, '--select'),
    ignore: idList(args.ignore, '--ignore'),
    config,
    printConfig: unToken(args['print-config']),
    progress: args.progress !== false,
    maxDiagnostics: maxDiagnostics(args['max-diagnostics'] as string | undefined),
    statistics: args.statistics === true,
    exitZero: args['exit-zero'] === true,
    ignoreUnknown: args['ignore-unknown'] === true,
    ignorePatterns: list(args['ignore-pattern']),
    useIgnores: args.ignores !== false,
    exitNonZeroOnFix: args['exit-non-zero-on-fix'] === true,
    errorOnUnmatchedPattern: args['error-on-unmatched-pattern'] !== false,
    maxLineBytes: integer(args['max-line-bytes'], '--max-line-bytes', 1),
    jobs: integer(args.jobs, '--jobs', 1),
    cache:
      args.cache === true
        ? {
            location: unToken(args['cache-location']),
            strategy: (args['cache-strategy'] as 'metadata' | 'content' | undefined) ?? 'metadata',
          }
        : undefined,
  };
}

/**
 * A repeatable option's values. These options are not yargs arrays, which would swallow the paths that follow
 * (`--rule x=off file.jsonl`); given twice, yargs collects them into an array itself.
 */
function list(value: unknown): string[] {
  return value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);
}

/** `id=severity` (or `id:severity`). */
function parseRuleFlag(value: string): [string, Severity] {
  const m = /^\s*([^=:\s]+)\s*[=:]\s*(\S+)\s*$/.exec(value);
  if (!m) throw new UsageError(`--rule ${JSON.stringify(value)}: expected id=off|warn|error`);
  const severity = m[2]!;
  if (!(SEVERITIES as readonly string[]).includes(severity)) {
    throw new UsageError(`--rule ${m[1]}=${severity}: the severity must be off, warn or error`);
  }
  return [m[1]!, severity as Severity];
}

/** Comma-separated ids, possibly over several flags; undefined when the flag was not given. */
function idList(value: unknown, flag: string): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = list(value)
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new UsageError(`${flag} needs at least one rule id`);
  return [...new Set(ids)];
}

/** The largest value an integer option takes: 15 digits, well within what a number holds exactly. */
const MAX_INTEGER_OPTION = 999_999_999_999_999;

function integer(value: unknown, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  // Decimal digits only (the fast path hands over a number it read the same way).
  const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min) {
    // Digits, but more than a number here can be: too large, not malformed.
    const tooLarge =
      typeof value === 'string'
        ? /^\d{16,}$/.test(value)
        : typeof n === 'number' && Number.isInteger(n) && n > MAX_INTEGER_OPTION;
    throw new UsageError(
      tooLarge
        ? `${flag} ${value} is too large (at most ${MAX_INTEGER_OPTION.toLocaleString('en-US')})`
        : `${flag} must be an integer of at least ${min}`,
    );
  }
  return n;
}

/**
 * `--fix=yes`: yargs reads any value but "true" as false for a flag, so the flag would be silently off. A flag takes
 * no value (or true/false, which yargs reads right).
 */
function refuseFlagValues(argv: readonly string[]): void {
  const flags = new Set(LINT_OPTIONS.filter((o) => o.kind === 'boolean').flatMap((o) => [o.name, `no-${o.name}`]));
  const valued = new Set(
    LINT_OPTIONS.filter((o) => o.kind !== 'boolean').flatMap((o) => [
      `--${o.name}`,
      ...(o.alias ? [`-${o.alias}`] : []),
    ]),
  );
  for (const [i, token] of argv.entries()) {
    if (token === '--') break;
    // `--session -home-dev` would be read as -h (help, exit 0) and more: a value that looks like options is refused.
    const next = argv[i + 1];
    if (valued.has(token) && next !== undefined && /^-[^-]/.test(next) && next.length > 2 && !/^-\d+$/.test(next))
      throw new UsageError(
        `${token} needs a value, and ${next} looks like options; write ${token}=${next} if that is the value`,
      );
    const m = /^--([^=]+)=(.*)$/s.exec(token);
    if (m && flags.has(m[1]!) && m[2] !== 'true' && m[2] !== 'false')
      throw new UsageError(`--${m[1]} is a flag and takes no value (got ${JSON.stringify(m[2])})`);
  }
}

function maxDiagnostics(value: string | undefined): number | undefined {
  if (value === undefined || value === 'none') return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError('--max-diagnostics must be a number of at least 0, or none');
  return Number(value);
}

// ---------------------------------------------------------------------------------------------------------------
// The fast path: a command line of paths and lint options written the plain way (`--name value`, `-f value`,
// `--flag`, `--no-flag`) gives the same arguments yargs would, so toLintCommand makes the same command of them. It
// gives up (undefined, and yargs parses) on anything else: `--name=value`, bundled short flags, `--`, `-` (stdin), a
// value that starts with `-`, a repeated option that does not repeat, conflicting flags, an unknown option, a value
// that is not one of the choices or not a plain number, `true`/`false` after a flag, `--help`, `--version`, and a
// subcommand name among the paths.

type FastKind = 'string' | 'number' | 'boolean';
interface FastOption {
  kind: FastKind;
  choices?: readonly string[];
  /** Given more than once, yargs collects the values into an array. */
  repeat?: boolean;
  /** `--no-<name>` sets it to false. */
  negatable?: boolean;
}

/** The options as the fast path reads them: from the one declaration (options.ts). */
const FAST_OPTIONS: Record<string, FastOption> = Object.fromEntries(
  LINT_OPTIONS.map((o) => [o.name, { kind: o.kind, choices: o.choices, repeat: o.repeat, negatable: o.negatable }]),
);
const FAST_ALIASES: Record<string, string> = Object.fromEntries(
  LINT_OPTIONS.filter((o) => o.alias).map((o) => [`-${o.alias}`, o.name]),
);
const FAST_DEFAULTS: Record<string, unknown> = Object.fromEntries(
  LINT_OPTIONS.filter((o) => o.default !== undefined).map((o) => [o.name, o.default]),
);
const SUBCOMMANDS = new Set(['rules', 'explain', 'export', 'relocate', 'split']);

/** yargs' arguments for a plain lint command line, or undefined when yargs must parse it. */
export function fastLintArgs(argv: readonly string[]): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = { ...FAST_DEFAULTS, _: [] };
  const given = new Set<string>();
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith('-')) {
      if (SUBCOMMANDS.has(token)) return undefined;
      paths.push(token);
      continue;
    }
    let name: string | undefined = FAST_ALIASES[token] ?? (token.startsWith('--') ? token.slice(2) : undefined);
    let negated = false;
    if (name !== undefined && !Object.hasOwn(FAST_OPTIONS, name) && name.startsWith('no-')) {
      name = name.slice(3);
      negated = true;
    }
    if (name === undefined || !Object.hasOwn(FAST_OPTIONS, name)) return undefined;
    const option = FAST_OPTIONS[name]!;
    if (negated && !option.negatable) return undefined;
    if (given.has(name) && !option.repeat) return undefined;
    given.add(name);
    if (negated) {
      args[name] = false;
      continue;
    }
    if (option.kind === 'boolean') {
      const next = argv[i + 1];
      if (next === 'true' || next === 'false') return undefined;
      args[name] = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined || value.startsWith('-') || value === '') return undefined;
    let parsed: unknown = value;
    if (option.kind === 'number') {
      if (!/^[0-9]{1,15}$/.test(value)) return undefined;
      parsed = Number(value);
    } else if (option.choices && !option.choices.includes(value)) {
      return undefined;
    }
    if (option.repeat && args[name] !== undefined) {
      const before = args[name];
      args[name] = [...(Array.isArray(before) ? before : [before]), parsed];
    } else {
      args[name] = parsed;
    }
  }
  for (const group of CONFLICTS) if (group.filter((n) => given.has(n)).length > 1) return undefined;
  if (paths.length > 0) args.paths = paths;
  return args;
}
