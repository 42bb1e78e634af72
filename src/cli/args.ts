// The command line, parsed by yargs into a plain description of what to do. Nothing here prints or exits: help and
// version text come back as data, and every parse failure becomes a UsageError (exit 2, never yargs' default 1).
import type YargsFactory from 'yargs';
// Only light modules: main() parses the arguments before it loads the engine (see main.ts).
import { CONFIG_FILE_NAME, SEVERITIES } from '../engine/config-names.js';
import { INPUT_FORMATS, type InputFormat } from '../loader/input.js';
import { FORMAT_NAMES, type FormatName } from '../formatters/names.js';
import { type Severity, TARGETS, type Target } from '../sdk/rule-api.js';

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
  inputFormat?: InputFormat;
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
  exitNonZeroOnFix: boolean;
  errorOnUnmatchedPattern: boolean;
  maxLineBytes?: number;
  /** --jobs: threads that lint files at once; undefined: by the cores and the input's size. */
  jobs?: number;
}

export type Command =
  | LintCommand
  | { kind: 'export'; file: string }
  | { kind: 'rules'; format: 'table' | 'json' }
  | { kind: 'explain'; rule: string }
  /** --help or --version: print the text and exit 0. */
  | { kind: 'print'; text: string };

export class UsageError extends Error {
  override name = 'UsageError';
}

const EPILOGUE = [
  'Exit codes:',
  '  0  no errors, and warnings within --max-warnings (always 0 with --exit-zero, unless 2)',
  '  1  lint errors remain, too many warnings, --diff would change a file, or --exit-non-zero-on-fix saw a fix',
  '  2  usage error, invalid config, unmatched path or pattern, unreadable file, a fix that made a file worse,',
  '     or an internal error',
].join('\n');

// yargs drops a lone `-` from the arguments; it stands for stdin, so it is swapped for this token before parsing.
const STDIN_TOKEN = '\u0000stdin';

export async function parseArgs(argv: readonly string[], version: string, options: { fast?: boolean } = {}): Promise<Command> {
  // The common command lines (files and plain options) are read without loading yargs, which costs about a fifth of
  // a short run's startup; anything else (help, subcommands, `=` forms, mistakes, ...) goes to yargs.
  if (options.fast !== false) {
    const fast = fastLintArgs(argv);
    if (fast) return toLintCommand(fast, (v) => v as string | undefined);
  }
  const { default: yargs } = (await import('yargs')) as { default: typeof YargsFactory };
  let printed = '';
  // Set by the command handlers, which run only for the command yargs actually matched.
  let matched: 'lint' | 'export' | 'rules' | 'explain' | undefined;
  const dashDash = argv.indexOf('--');
  const args0 = argv.map((a, i) => (a === '-' && (dashDash === -1 || i < dashDash) ? STDIN_TOKEN : a));
  const parser = yargs([...args0])
    .scriptName('transcript-lint')
    .exitProcess(false)
    // yargs would otherwise translate its messages from LANG; keep them stable for logs, docs and tests.
    .locale('en')
    .strict()
    // Paths are names, never numbers: `transcript-lint 2024` must not become 2024.
    .parserConfiguration({ 'parse-positional-numbers': false })
    .command('$0 [paths..]', 'Lint transcripts: files, folders (all *.jsonl below) or globs; - reads stdin.', (y) =>
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
        .option('output-file', { alias: 'o', type: 'string', requiresArg: true, describe: 'Write the report to this file instead of stdout' })
        .option('target', {
          choices: TARGETS,
          requiresArg: true,
          describe: 'Judge the file as Claude Code resumes it, or as a raw API request (default: by input format)',
        })
        .option('input-format', {
          choices: INPUT_FORMATS,
          requiresArg: true,
          describe: 'What the files hold (default: detected per file)',
        })
        .option('session', { type: 'string', requiresArg: true, describe: 'Lint the session with this id from the sessions folder (repeatable)' })
        .option('session-sidechains', { type: 'boolean', describe: "With --session: also lint the session's subagent transcripts" })
        .option('stdin', { type: 'boolean', describe: 'Read one transcript from stdin (same as the path -)' })
        .option('stdin-filename', { type: 'string', requiresArg: true, describe: 'The name to report stdin under (and match against ignores)' })
        .option('fix', { type: 'boolean', describe: 'Apply safe fixes and write the files (atomically, with a backup)' })
        .option('unsafe-fixes', { type: 'boolean', describe: 'With --fix, --fix-dry-run or --diff: also apply fixes that drop or guess content' })
        .option('fix-dry-run', { type: 'boolean', describe: 'Report the state after fixing without writing (json carries the fixed text as "output")' })
        .option('diff', { type: 'boolean', describe: 'Print a unified diff of what --fix would change; exit 1 if anything would change' })
        .option('backup', { type: 'boolean', default: true, describe: 'Keep <file>.bak before writing (--no-backup to skip)' })
        .option('backup-dir', { type: 'string', requiresArg: true, describe: 'Write backups into this folder instead of beside each file' })
        .option('force', { type: 'boolean', describe: 'With --fix: write even when another process (a running agent) holds the file open' })
        .option('rule', { type: 'string', requiresArg: true, describe: 'Set a rule\'s severity: id=off|warn|error (repeatable)' })
        .option('select', { type: 'string', requiresArg: true, describe: 'Run only these rules (comma-separated ids)' })
        .option('ignore', { type: 'string', requiresArg: true, describe: 'Do not run these rules (comma-separated ids)' })
        .option('config', { alias: 'c', type: 'string', requiresArg: true, describe: `Use this config file (default: the nearest ${CONFIG_FILE_NAME}); --no-config for none` })
        .option('print-config', { type: 'string', requiresArg: true, describe: 'Print the effective config for this file as JSON and exit' })
        .option('max-warnings', { type: 'number', requiresArg: true, describe: 'Exit 1 when there are more warnings than this (default -1: no limit)' })
        .option('quiet', { type: 'boolean', describe: 'Report errors only (warnings still count for --max-warnings)' })
        .option('max-diagnostics', { type: 'string', requiresArg: true, describe: 'Print at most this many problems in stylish/compact (or none for no cap; counts stay complete)' })
        .option('statistics', { type: 'boolean', describe: 'Also print how many problems each rule found' })
        .option('exit-zero', { type: 'boolean', describe: 'Exit 0 even when problems are found (2 still means the run failed)' })
        .option('exit-non-zero-on-fix', { type: 'boolean', describe: 'With --fix: exit 1 if any file was changed' })
        .option('error-on-unmatched-pattern', { type: 'boolean', default: true, describe: 'A path or glob that matches nothing exits 2 (--no-error-on-unmatched-pattern to go on)' })
        .option('max-line-bytes', { type: 'number', requiresArg: true, describe: 'Lines longer than this are reported, not parsed (default 64 MiB)' })
        .option('jobs', { alias: 'j', type: 'number', requiresArg: true, describe: 'Lint this many files at once, on worker threads (default: the available cores, at most one per file; 1: no workers)' })
        .option('color', { type: 'boolean', describe: 'Force colour on, or off with --no-color (default: on for a terminal, honouring NO_COLOR/FORCE_COLOR)' })
        .option('progress', { type: 'boolean', default: true, describe: 'Show progress on a terminal for long runs (--no-progress to hide)' })
        .group(['format', 'output-file', 'quiet', 'max-diagnostics', 'statistics', 'color', 'progress'], 'Output:')
        .group(['target', 'input-format', 'rule', 'select', 'ignore', 'config', 'print-config'], 'Rules and config:')
        .group(['fix', 'unsafe-fixes', 'fix-dry-run', 'diff', 'backup', 'backup-dir', 'force'], 'Fixing:')
        .group(['max-warnings', 'exit-zero', 'exit-non-zero-on-fix', 'error-on-unmatched-pattern'], 'Exit code:')
        .group(['session', 'session-sidechains', 'stdin', 'stdin-filename', 'max-line-bytes', 'jobs'], 'Input:')
        .conflicts('fix', ['fix-dry-run', 'diff'])
        .conflicts('fix-dry-run', 'diff')
        .conflicts('exit-zero', 'exit-non-zero-on-fix'),
      () => {
        matched = 'lint';
      },
    )
    .command('rules', 'List every rule: id, fixability, severity per target, description', (y) =>
      y.option('format', { alias: 'f', choices: ['table', 'json'] as const, default: 'table', requiresArg: true, describe: 'Output format' }),
      () => {
        matched = 'rules';
      },
    )
    .command('explain <rule>', "Print a rule's documentation", (y) =>
      y.positional('rule', { type: 'string', demandOption: true, describe: 'A rule id' }),
      () => {
        matched = 'explain';
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
    .wrap(110)
    .fail((message, error) => {
      throw new UsageError((message || error?.message || 'invalid arguments').replaceAll(STDIN_TOKEN, '-'));
    });

  // With a callback, yargs hands back --help/--version text instead of writing it to the console.
  const args = await parser.parseAsync([...args0], {}, (_err, _argv, output) => {
    printed = output;
  });
  if (args.help || args.version) return { kind: 'print', text: printed };

  const unToken = (v: unknown) => (v === STDIN_TOKEN ? '-' : (v as string | undefined));
  if (matched === 'export') return { kind: 'export', file: unToken(args.file)! };
  if (matched === 'explain') return { kind: 'explain', rule: unToken(args.rule)! };
  if (matched === 'rules') return { kind: 'rules', format: args.format as 'table' | 'json' };
  return toLintCommand(args, unToken);
}

function toLintCommand(args: Record<string, unknown>, unToken: (v: unknown) => string | undefined): LintCommand {
  const fix: FixMode = args.fix ? 'fix' : args['fix-dry-run'] ? 'dry-run' : args.diff ? 'diff' : 'none';
  if (args['unsafe-fixes'] && fix === 'none') throw new UsageError('--unsafe-fixes needs --fix, --fix-dry-run or --diff');
  if (args['backup-dir'] !== undefined && args.backup === false) throw new UsageError('--backup-dir and --no-backup contradict each other');
  if (args['exit-non-zero-on-fix'] && fix !== 'fix') throw new UsageError('--exit-non-zero-on-fix needs --fix');
  if (args.force && fix !== 'fix') throw new UsageError('--force needs --fix');

  // Anything after `--` lands in `_`; it is still a path (e.g. a file named `--weird.jsonl`).
  const given = [...((args.paths as string[] | undefined) ?? []), ...(args._ as unknown[]).map(String)];
  const dashes = given.filter((p) => p === STDIN_TOKEN).length;
  const paths = given.filter((p) => p !== STDIN_TOKEN);
  const sessions = list(args.session);
  const stdinFilename = unToken(args['stdin-filename']);
  const stdin = dashes > 0 || args.stdin === true || (stdinFilename !== undefined && paths.length === 0 && sessions.length === 0);
  if (stdin) {
    if (dashes > 1) throw new UsageError('stdin (-) can be read only once');
    if (paths.length > 0 || sessions.length > 0) throw new UsageError('stdin (-) cannot be combined with paths or --session');
    if (fix === 'fix') throw new UsageError('--fix cannot write back to stdin; use --fix-dry-run (-f json has the fixed text) or --diff');
  } else if (stdinFilename !== undefined) {
    throw new UsageError('--stdin-filename names the transcript read from stdin; it cannot be combined with paths or --session');
  }
  if (args['session-sidechains'] && sessions.length === 0) throw new UsageError('--session-sidechains needs --session');

  const outputFile = unToken(args['output-file']);
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
    inputFormat: args['input-format'] as InputFormat | undefined,
    color: args.color as boolean | undefined,
    fix,
    unsafeFixes: args['unsafe-fixes'] === true,
    backup: args.backup === false ? false : ((args['backup-dir'] as string | undefined) ?? true),
    force: args.force === true,
    maxWarnings: integer(args['max-warnings'], '--max-warnings', -1) ?? -1,
    quiet: args.quiet === true,
    rules: list(args.rule).map(parseRuleFlag),
    select: idList(args.select, '--select'),
    ignore: idList(args.ignore, '--ignore'),
    config,
    printConfig: unToken(args['print-config']),
    progress: args.progress !== false,
    maxDiagnostics: maxDiagnostics(args['max-diagnostics'] as string | undefined),
    statistics: args.statistics === true,
    exitZero: args['exit-zero'] === true,
    exitNonZeroOnFix: args['exit-non-zero-on-fix'] === true,
    errorOnUnmatchedPattern: args['error-on-unmatched-pattern'] !== false,
    maxLineBytes: integer(args['max-line-bytes'], '--max-line-bytes', 1),
    jobs: integer(args.jobs, '--jobs', 1),
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
  const ids = list(value).flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) throw new UsageError(`${flag} needs at least one rule id`);
  return [...new Set(ids)];
}

function integer(value: unknown, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${flag} must be an integer of at least ${min}`);
  }
  return value;
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

const FAST_OPTIONS: Record<string, FastOption> = {
  format: { kind: 'string', choices: FORMAT_NAMES },
  'output-file': { kind: 'string' },
  target: { kind: 'string', choices: TARGETS },
  'input-format': { kind: 'string', choices: INPUT_FORMATS },
  session: { kind: 'string', repeat: true },
  'session-sidechains': { kind: 'boolean' },
  stdin: { kind: 'boolean' },
  'stdin-filename': { kind: 'string' },
  fix: { kind: 'boolean' },
  'unsafe-fixes': { kind: 'boolean' },
  'fix-dry-run': { kind: 'boolean' },
  diff: { kind: 'boolean' },
  backup: { kind: 'boolean', negatable: true },
  'backup-dir': { kind: 'string' },
  force: { kind: 'boolean' },
  rule: { kind: 'string', repeat: true },
  select: { kind: 'string', repeat: true },
  ignore: { kind: 'string', repeat: true },
  config: { kind: 'string', negatable: true },
  'print-config': { kind: 'string' },
  'max-warnings': { kind: 'number' },
  quiet: { kind: 'boolean' },
  'max-diagnostics': { kind: 'string' },
  statistics: { kind: 'boolean' },
  'exit-zero': { kind: 'boolean' },
  'exit-non-zero-on-fix': { kind: 'boolean' },
  'error-on-unmatched-pattern': { kind: 'boolean', negatable: true },
  'max-line-bytes': { kind: 'number' },
  jobs: { kind: 'number' },
  color: { kind: 'boolean', negatable: true },
  progress: { kind: 'boolean', negatable: true },
};
const FAST_ALIASES: Record<string, string> = { '-f': 'format', '-o': 'output-file', '-c': 'config', '-j': 'jobs' };
const FAST_DEFAULTS: Record<string, unknown> = { format: 'stylish', backup: true, progress: true, 'error-on-unmatched-pattern': true };
const SUBCOMMANDS = new Set(['rules', 'explain', 'export']);
const CONFLICTS: readonly (readonly string[])[] = [
  ['fix', 'fix-dry-run', 'diff'],
  ['exit-zero', 'exit-non-zero-on-fix'],
];

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
