// The lint command's options, declared once: the yargs parser, the fast parser (args.ts) and the README's option
// tables (generated: npm run gen:docs) are all made from this list.
import { CONFIG_FILE_NAME } from '../engine/config-names.js';
import { FORMAT_NAMES } from '../formatters/names.js';
import {
  agentTargetsDoc,
  FORMAT_IDS,
  SESSION_FOLDERS,
  sessionLookupDoc,
  TARGET_IDS,
  targetsHelp,
} from '../formats/catalog.js';

export type OptionGroup = 'Input' | 'Rules and config' | 'Output' | 'Fixing' | 'Exit code';

export interface OptionSpec {
  name: string;
  alias?: string;
  kind: 'string' | 'number' | 'boolean';
  choices?: readonly string[];
  default?: string | boolean;
  group: OptionGroup;
  /** The line --help shows. */
  help: string;
  /** The README's words for it, when they say more than the help line. */
  doc?: string;
  /** How the README names it (default: `--name` with its alias and value). */
  docName?: string;
  /** Given more than once, its values are collected (a later one may win). */
  repeat?: boolean;
  /** `--no-<name>` turns it off. */
  negatable?: boolean;
  /** The value's placeholder in the README (`FILE`, `N`...). */
  value?: string;
}

export const OPTION_GROUPS: readonly OptionGroup[] = ['Input', 'Rules and config', 'Output', 'Fixing', 'Exit code'];

export const LINT_OPTIONS: readonly OptionSpec[] = [
  // Input
  {
    name: 'stdin',
    kind: 'boolean',
    group: 'Input',
    help: 'Read one transcript from stdin (same as the path -)',
    docName: '`-`, `--stdin`',
    doc: 'Read one transcript from stdin. Cannot be combined with paths or `--session`; `--fix` is refused (use `--fix-dry-run` or `--diff`).',
  },
  {
    name: 'stdin-filename',
    kind: 'string',
    value: 'NAME',
    group: 'Input',
    help: 'The name to report stdin under (and match against ignores)',
    doc: "The name stdin's transcript is reported under and matched against the config's `ignores`. Given alone (no paths), it implies `--stdin`.",
  },
  {
    name: 'session',
    kind: 'string',
    value: 'ID',
    repeat: true,
    group: 'Input',
    help: `Lint the session (${sessionAgents('folder')}) or ${sessionAgents('task')} task with this id, or a unique prefix of it, from the agents' sessions folders (repeatable)`,
    doc: `Lints the session with this id, looked up in every agent's sessions folder: ${sessionLookupDoc()}. A unique prefix of the id will do (the run says which session it picked). Repeatable; combines with paths.`,
  },
  {
    name: 'session-sidechains',
    kind: 'boolean',
    group: 'Input',
    help: "With --session: also lint the session's subagent transcripts",
    doc: "With `--session`: also the session's subagent transcripts, `<projects>/*/<UUID>/subagents/**/*.jsonl`.",
  },
  {
    name: 'input-format',
    kind: 'string',
    choices: FORMAT_IDS,
    group: 'Input',
    help: 'What the files hold (default: detected per file)',
    doc: 'What the files hold. By default it is detected per file from the content (a Claude Code session of JSONL entries, a Codex CLI rollout, a Messages API request body `{model, messages, ...}`, a message list, a batch file, ...); see [Targets and input formats](#targets-and-input-formats) for every format.',
  },
  {
    name: 'ignore-pattern',
    kind: 'string',
    value: 'PATTERN',
    repeat: true,
    group: 'Input',
    help: 'Skip files that match this glob, relative to the current folder (repeatable)',
    doc: "Skips the files that match this glob, written as the config's `ignores` but relative to the current folder (ESLint's flag); `!` un-ignores. Repeatable; applies besides the config's `ignores`.",
  },
  {
    name: 'ignores',
    kind: 'boolean',
    negatable: true,
    group: 'Input',
    help: 'With --no-ignore (or --no-ignores): lint files the ignores, --ignore-pattern and .gitignore would skip',
    docName: '`--no-ignore`, `--no-ignores`',
    doc: "Lints every file named or found, even those the config's `ignores`, `--ignore-pattern` or `.gitignore` would skip (ESLint's and ruff's `--no-ignore`). By default a folder or glob walked inside a git work tree skips what git ignores, as ruff and Biome do: every `.gitignore` from the work tree's root down, and `.git/info/exclude` (not the global excludes file); a file named on the command line is linted all the same.",
  },
  {
    name: 'ignore-unknown',
    kind: 'boolean',
    group: 'Input',
    help: 'Skip files of no format transcript-lint reads, silently (for hooks that pass every .json file)',
    doc: "Files that hold no format transcript-lint reads (a `package.json`, a `tsconfig.json`) are left out of the report and the exit code, instead of being reported by `known-format`, as Prettier's and Biome's `--ignore-unknown` do. The pre-commit hooks pass it.",
  },
  {
    name: 'max-line-bytes',
    kind: 'number',
    value: 'N',
    group: 'Input',
    help: 'Lines longer than this are reported, not parsed (default 64 MiB)',
    doc: 'Lines longer than `N` bytes are reported by `valid-json`, not parsed (default 64 MiB). The agent still reads such a line, so `--fix` fixes nothing in a file that has one, and says which line.',
  },
  {
    name: 'jobs',
    alias: 'j',
    kind: 'number',
    value: 'N',
    group: 'Input',
    help: 'Lint this many files at once, on worker threads (default: the free cores for a large input, at most one per file; 1: no workers)',
    doc: 'Lint `N` files at once on worker threads (the main thread is one of them), never more than the available cores or than the address-space limit (`ulimit -v`) holds. Default: one thread unless the input is large and cores are free: then one per core, at most one per file and one per 32 MiB of input, and one thread while other processes keep every core busy (on Linux, the threads of other processes that are runnable both when the run starts and when it picks its threads; elsewhere, the load average of the last minute); `--jobs 1` uses no workers. The report is the same whatever `N`. `--fix`, `--fix-dry-run` and `--diff` run in one thread.',
  },
  {
    name: 'cache',
    kind: 'boolean',
    group: 'Input',
    help: 'Reuse the findings of files unchanged since the last run with --cache (kept in .transcriptlintcache)',
    doc: "Keeps each file's findings in a cache file (`.transcriptlintcache` in the current folder, as ESLint's `--cache` keeps `.eslintcache`) and, on the next run with `--cache`, takes the findings of every file that did not change from there instead of linting it again. The cache is keyed by the transcript-lint build, the rules and each file's options (config, `--rule`, `--target`, ...): a change to any of them lints every file again. A file that changed in any way is linted in full. A rerun of the same command over files, folders, globs or (with no path) the sessions folders, but not `--session`, prints what the last such run printed, without loading the rules, while every file comes from the cache and no folder walked, config file or `.gitignore` changed. Findings are the same as without the cache. A file changed less than 3 s before it was linted is not cached (its times cannot yet tell a later write apart), nor is a Copilot `events.jsonl` (its findings depend on the files beside it). `--fix`, `--fix-dry-run` and `--diff` neither read nor write the cache. A cache file that cannot be read is replaced, with a warning.",
  },
  {
    name: 'cache-location',
    kind: 'string',
    value: 'PATH',
    group: 'Input',
    help: 'With --cache: the cache file, or a folder to keep .transcriptlintcache in',
    doc: 'With `--cache`: the cache file (default `.transcriptlintcache` in the current folder). A path that is an existing folder, or ends with `/`, holds `.transcriptlintcache`.',
  },
  {
    name: 'cache-strategy',
    kind: 'string',
    choices: ['metadata', 'content'],
    default: 'metadata',
    group: 'Input',
    help: 'With --cache: how a file is known to be unchanged: metadata (its stat) or content (its SHA-256)',
    doc: 'With `--cache`: `metadata` (default) takes a file as unchanged while its device, inode, size and modification and change times (in ns) are those it had when it was linted: one `stat` a file. `content` compares its size and SHA-256 instead (it reads every file, but survives a copy or a `git checkout` that only changes times).',
  },
  // Rules and config
  {
    name: 'target',
    kind: 'string',
    choices: TARGET_IDS,
    group: 'Rules and config',
    help: `Judge the files for this reader: an agent's resume (${targetsHelp().agents}) or an API (${targetsHelp().apis}); default: the input format's own`,
    doc: `Which reader to judge the files for, see [Targets](#targets-and-input-formats). By default each format's own: ${agentTargetsDoc()}, \`api\` for requests, message lists and Message Batches, \`openai\` for OpenAI files. A target that does not apply to a file's format (\`codex\` on a Claude Code session) is replaced by the format's default, and the run says so on stderr.`,
  },
  {
    name: 'rule',
    kind: 'string',
    value: 'ID=off|warn|error',
    repeat: true,
    group: 'Rules and config',
    help: "Set a rule's severity: id=off|warn|error (repeatable)",
    doc: "Sets one rule's severity. Repeatable; a later one wins.",
  },
  {
    name: 'select',
    kind: 'string',
    value: 'IDS',
    repeat: true,
    group: 'Rules and config',
    help: 'Run only these rules (comma-separated ids)',
    doc: 'Runs only these rules (comma-separated, repeatable); `known-format` runs too, so that a file of no known format is never reported clean.',
  },
  {
    name: 'ignore',
    kind: 'string',
    value: 'IDS',
    repeat: true,
    group: 'Rules and config',
    help: 'Do not run these rules (comma-separated ids)',
    doc: 'Turns these rules off (comma-separated, repeatable).',
  },
  {
    name: 'config',
    alias: 'c',
    kind: 'string',
    value: 'FILE',
    negatable: true,
    group: 'Rules and config',
    help: `Use this config file (default: the nearest ${CONFIG_FILE_NAME}); --no-config for none`,
    docName: '`-c, --config FILE`, `--no-config`',
    doc: `Uses this config file for every input, instead of the nearest \`${CONFIG_FILE_NAME}\` above each file; \`--no-config\` uses none.`,
  },
  {
    name: 'print-config',
    kind: 'string',
    value: 'FILE',
    group: 'Rules and config',
    help: 'Print the effective config for this file as JSON and exit',
    doc: "Prints the settings a run would use for `FILE` as JSON (config file, ignored or not, input format, target, every rule's severity) and exits 0.",
  },
  // Output
  {
    name: 'format',
    alias: 'f',
    kind: 'string',
    choices: FORMAT_NAMES,
    default: 'stylish',
    group: 'Output',
    help: 'Output format (also --output-format, as ruff names it)',
    doc: '`stylish` (default) is the human report; the others are described under [Output formats](#output-formats). `--output-format` (ruff) is the same flag.',
  },
  {
    name: 'output-file',
    alias: 'o',
    kind: 'string',
    value: 'FILE',
    group: 'Output',
    help: 'Write the report to this file instead of stdout',
    doc: 'Writes the report (and `--statistics`, or the `--diff` output) to `FILE` (creating its folder); stdout stays empty. Never coloured unless `--color` is given. `-o -` is stdout. A `FILE` that is one of the inputs, or a backup (an existing `<name>.bak` or `<name>.bak.N`, or a name `--fix` may give the backup of an input), is refused. An existing report is replaced whole (a temp file renamed over it), so a failed write leaves the old one.',
  },
  {
    name: 'quiet',
    kind: 'boolean',
    group: 'Output',
    help: 'Report errors only (warnings still count for --max-warnings)',
    doc: 'Reports errors only. Warnings still count for `--max-warnings` and the exit code, as in ESLint.',
  },
  {
    name: 'verbose',
    kind: 'boolean',
    group: 'Output',
    help: 'Also list each file --fix changed, with its backup',
    doc: 'After `--fix`, lists each changed file and where its backup went (the summary alone names the rules and counts).',
  },
  {
    name: 'max-diagnostics',
    kind: 'string',
    value: 'N|none',
    group: 'Output',
    help: 'Print at most this many problems in stylish/compact, errors first (or none for no cap; counts stay complete)',
    doc: '`stylish` and `compact` print at most `N` problems, errors first; the counts and the summary still cover all of them, and the report says how many were not shown (stylish in the report, compact on stderr). Machine formats are never capped. Default `none`.',
  },
  {
    name: 'statistics',
    kind: 'boolean',
    group: 'Output',
    help: 'Also print how many problems each rule found',
    doc: 'Adds a count per rule, most frequent first, `[*]` marking rules with problems `--fix` repairs (as ruff does). After the report for `stylish`/`compact`; on stderr for `json`, `sarif` and `github`, so their output stays parseable.',
  },
  {
    name: 'color',
    kind: 'boolean',
    negatable: true,
    group: 'Output',
    help: 'Force colour on, or off with --no-color; --color=always|never|auto (default: auto, on for a terminal)',
    docName: '`--color`, `--no-color`, `--color=WHEN`',
    doc: 'Forces colour on or off; `--color=always`, `--color=never` and `--color=auto` (the default) say the same as git does. By default colour is used only when stdout is a terminal; `NO_COLOR` turns it off and `FORCE_COLOR` on.',
  },
  {
    name: 'progress',
    kind: 'boolean',
    default: true,
    negatable: true,
    group: 'Output',
    help: 'Show progress on a terminal for long runs (--no-progress to hide)',
    docName: '`--no-progress`',
    doc: 'Never shows progress. Progress is one line on stderr, redrawn in place and erased before the report, shown only for a long run (more than 20 files, or longer than half a second) when stderr is a terminal, `CI` is not set, `TERM` is not `dumb`, the format is `stylish` to stdout (not `-o`) and `--quiet` is off. While a session of 64 MiB or more is read, it also says how much of it (`read 412 of 1024 MiB`, and `pass 2:` for the second pass of `--fix`).',
  },
  // Fixing
  {
    name: 'fix',
    kind: 'boolean',
    group: 'Fixing',
    help: 'Apply safe fixes and write the files (atomically, with a backup)',
    doc: 'Applies **safe** fixes and writes each file atomically (temp file + rename), after checking that nobody appended to it meanwhile. The report shows the state after fixing.',
  },
  {
    name: 'unsafe-fixes',
    kind: 'boolean',
    group: 'Fixing',
    help: 'With --fix, --fix-dry-run or --diff: also apply fixes that drop or guess content',
    doc: 'With `--fix`, `--fix-dry-run` or `--diff`: also applies fixes that drop or guess content.',
  },
  {
    name: 'fix-dry-run',
    kind: 'boolean',
    group: 'Fixing',
    help: 'Report the state after fixing without writing (json carries the fixed text as "output")',
    doc: 'Reports the state after fixing without writing; `-f json` carries the fixed text as `output` (JSON text: bytes that are not valid UTF-8 show as U+FFFD there, and the exact bytes come beside it as `outputBase64`).',
  },
  {
    name: 'diff',
    kind: 'boolean',
    group: 'Fixing',
    help: 'Print a unified diff of what --fix would change; exit 1 if anything would change',
    doc: 'Prints a unified diff of what `--fix` would change; exit 1 if anything would change. It is a patch, not a report, so it takes no `--format` or `--statistics` (use `--fix-dry-run -f json` for the fixed text). Each hunk header says what changed inside the line (`@@ -1,7 +1,7 @@ line 4: message.content[0] <-> [1]`). On a terminal it is for reading: coloured, each changed line shown by its changed words and the text around them, every line cut to the width (`…(+N)` counts what a changed line leaves out), control characters as escapes. Piped or written with `-o` it is the exact patch (coloured only with `--color`), byte for byte (bytes that are not valid UTF-8 included, so `git apply` takes it), raw by design (as `git diff` is), so `| less -R` or `| cat` to a terminal shows transcript bytes as they are.',
  },
  {
    name: 'backup',
    kind: 'boolean',
    default: true,
    negatable: true,
    group: 'Fixing',
    help: 'Keep <file>.bak before writing (--no-backup to skip)',
    docName: '`--backup`, `--no-backup`',
    doc: 'Keeps the original as `<file>.bak` (`.bak.1`, ... when taken: the summary then names each backup) before writing. On by default.',
  },
  {
    name: 'backup-dir',
    kind: 'string',
    value: 'DIR',
    group: 'Fixing',
    help: 'Write backups into this folder instead of beside each file',
    doc: 'Puts the backups in `DIR` instead of beside each file.',
  },
  {
    name: 'force',
    kind: 'boolean',
    group: 'Fixing',
    help: 'With --fix: write even when another process (a running agent) holds the file open',
    doc: 'With `--fix`: writes a file even when another process (a running agent) holds it open, which `--fix` otherwise refuses.',
  },
  // Exit code
  {
    name: 'max-warnings',
    kind: 'number',
    value: 'N',
    group: 'Exit code',
    help: 'Exit 1 when there are more warnings than this (default -1: no limit)',
    doc: 'Exit 1 when there are more than `N` warnings (default -1: no limit).',
  },
  {
    name: 'exit-zero',
    kind: 'boolean',
    group: 'Exit code',
    help: 'Exit 0 even when problems are found (2 still means the run failed)',
    doc: 'Exit 0 even with errors or too many warnings; 2 still means the run failed.',
  },
  {
    name: 'exit-non-zero-on-fix',
    kind: 'boolean',
    group: 'Exit code',
    help: 'With --fix: exit 1 if any file was changed',
    doc: 'With `--fix`: exit 1 when any file was changed, even if it is clean now.',
  },
  {
    name: 'error-on-unmatched-pattern',
    kind: 'boolean',
    default: true,
    negatable: true,
    group: 'Exit code',
    help: 'A path or glob that matches nothing exits 2 (--no-error-on-unmatched-pattern to go on)',
    docName: '`--no-error-on-unmatched-pattern`',
    doc: 'A path, glob or session that matches nothing is reported on stderr, not an error.',
  },
];

/** Flags that cannot be given together. */
export const CONFLICTS: readonly (readonly string[])[] = [
  ['fix', 'fix-dry-run', 'diff'],
  ['exit-zero', 'exit-non-zero-on-fix'],
];

/** The agents of SESSION_FOLDERS that keep sessions in a folder (`folder`), or tasks (`task`), for --session's help. */
function sessionAgents(kind: 'folder' | 'task'): string {
  const agents = SESSION_FOLDERS.filter((s) => (s.folder !== undefined) === (kind === 'folder'));
  return agents.map((s) => s.agent.replace(/'s$/, '')).join(kind === 'folder' ? ', ' : '/');
}

/** How the README names an option: `-j`, `--jobs N`. */
export function docNameOf(o: OptionSpec): string {
  if (o.docName) return o.docName;
  // A `|` inside a markdown table cell must be escaped.
  const value =
    o.kind === 'boolean' ? '' : ` ${(o.choices ? o.choices.join('|') : (o.value ?? 'VALUE')).replaceAll('|', '\\|')}`;
  return o.alias ? `\`-${o.alias}\`, \`--${o.name}${value}\`` : `\`--${o.name}${value}\``;
}
