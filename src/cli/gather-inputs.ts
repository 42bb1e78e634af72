// The inputs of a lint run: stdin, the files of --session ids in every agent's sessions folder, the paths given
// (files, folders, globs), or with neither, every session every supported agent has stored. Each input comes with
// the config that applies to it. Paths that match nothing, ignored files and names that cannot be opened are said
// on stderr here.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { isIgnoredByConfig } from '../engine/config-core.js';
import {
  DEFAULT_FOLDER_PATTERNS,
  compileIgnores,
  describeUnmatched,
  escapeGlob,
  expandPaths,
  findBelow,
  type IgnoreMatcher,
  isIgnored,
  isSessionId,
  type UnreadableFolders,
  whyUnreadable,
} from '../engine/files.js';
import { GitIgnores } from '../engine/gitignore.js';
import { PatternError } from '../engine/glob.js';
import type { Linter } from '../engine/lint.js';
import { displayPath, oneLineName } from '../formatters/display-path.js';
import type { FileFailure } from '../formatters/types.js';
import { type LintCommand, UsageError } from './args.js';
import type { ConfigScope } from './config-scope.js';
import type { Input } from './inputs.js';
import { type CliIO, describeReadError, readStdin, warn } from './io.js';
import { pushAll } from '../model/arrays.js';

export const STDIN_NAME = '<stdin>';

/** The inputs, or undefined (after saying why) when the run cannot start or a path matched nothing. */
export async function gatherInputs(
  cmd: LintCommand,
  linter: Linter,
  scope: ConfigScope,
  io: CliIO,
  failures: FileFailure[],
): Promise<Input[] | undefined> {
  if (cmd.stdin) return stdinInput(cmd, scope, io);

  const unmatched: string[] = [];
  const files = new Set<string>();
  // Folders in the agents' sessions folders that could not be read: their sessions are not found, and that is said.
  const unreadable: UnreadableFolders = new Map();
  for (const id of cmd.sessions) {
    const found = await findSession(linter, id, cmd.sessionSidechains, io, unreadable);
    if (typeof found === 'string') unmatched.push(found);
    else for (const f of found) files.add(f);
  }

  const patterns = cmd.paths;
  let live = new Set<string>();
  if (patterns.length === 0 && cmd.sessions.length === 0) {
    // `cat session.jsonl | transcript-lint` would otherwise lint the whole home folder without a word about stdin.
    if (io.stdinPiped)
      warn(
        io,
        "stdin is not read without - or --stdin (as in 'transcript-lint -'); linting every agent's sessions folder",
      );
    const all = await everySession(linter, io, unreadable);
    if (all === undefined) return undefined;
    if (all.files.length === 0 && all.roots.length > 0) unmatched.push(`no sessions found in ${all.roots.join(', ')}`);
    live = cmd.fix === 'fix' ? await recentlyModified(all.files, io.now()) : new Set<string>();
    for (const f of all.files) files.add(f);
    if (live.size > 0) {
      const names = [...live].sort().map((f) => `\n  ${displayPath(f, io.cwd)}`);
      const one = live.size === 1;
      warn(
        io,
        `--fix skipped ${live.size} ${one ? 'session' : 'sessions'} written in the last minute (an agent may still be writing ${one ? 'it' : 'them'}; ${one ? 'its' : 'their'} problems are reported, unfixed; name a file or --session to fix it anyway):${names.join('')}`,
      );
    }
  }
  const skippedBy = ignoresOf(cmd, scope, io);
  const defaults = defaultFolderPatterns(linter);
  const expansion = await expandPaths(patterns, io.cwd, {
    // A folder whose config (or the command line) names an input format expands to that format's files.
    folderPatterns: async (dir) => {
      const id = (await scope.forPath(dir, true)).inputFormat;
      return (id !== undefined && linter.format(id)?.folderPatterns) || defaults;
    },
    ignores: skippedBy,
    // As ruff and Biome do: what git ignores is not linted when a folder or glob is walked (--no-ignore lints it).
    walkIgnores: cmd.useIgnores ? gitIgnored() : undefined,
  });
  for (const u of expansion.unmatched) unmatched.push(describeUnmatched(u));
  for (const f of expansion.files) files.add(f);
  for (const f of expansion.undecodable) {
    const message = `cannot read ${displayPath(f, io.cwd)}: its name is not valid UTF-8; rename it to lint it`;
    failures.push({ filePath: f, message });
    warn(io, message);
  }
  for (const [dir, why] of [...unreadable, ...expansion.unreadableFolders]) {
    const message = `cannot read the folder ${shortened(displayPath(dir, io.cwd))}: ${why}; the files below it were not linted`;
    failures.push({ filePath: dir, message });
    warn(io, message);
  }
  if (expansion.skippedLinks.length > 0) {
    const one = expansion.skippedLinks.length === 1;
    const names = expansion.skippedLinks.map((f) => `\n  ${displayPath(f, io.cwd)}`);
    warn(
      io,
      `skipped ${expansion.skippedLinks.length} ${one ? 'symlink' : 'symlinks'} to a file (a folder or glob follows no link; name ${one ? 'it' : 'them'} to lint ${one ? 'it' : 'them'}):${names.join('')}`,
    );
  }
  for (const { file, configFile } of expansion.ignored)
    warn(io, `${displayPath(file, io.cwd)} is skipped by ${ignoredByWhat(configFile, io)}`);
  // A typo'd path or glob must not pass CI green with "0 files linted" (pitfall 8), unless the user says it may.
  for (const message of unmatched) warn(io, message);
  if (unmatched.length > 0 && cmd.errorOnUnmatchedPattern) return undefined;

  const sorted = [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const inputs: Input[] = [];
  for (const filePath of sorted) {
    const input: Input = { filePath, shown: displayPath(filePath, io.cwd), config: await scope.forPath(filePath) };
    if (live.has(filePath)) input.lintOnly = true;
    inputs.push(input);
  }
  return inputs;
}

async function stdinInput(cmd: LintCommand, scope: ConfigScope, io: CliIO): Promise<Input[] | undefined> {
  const name = cmd.stdinFilename;
  const filePath = name === undefined ? STDIN_NAME : path.resolve(io.cwd, name);
  // stdin's transcript takes the config of the file it stands for, or else of the cwd.
  const config = await scope.forPath(name === undefined ? io.cwd : filePath, name === undefined);
  const by = name === undefined ? undefined : await ignoresOf(cmd, scope, io)(filePath);
  if (by !== undefined) {
    warn(io, `${displayPath(filePath, io.cwd)} is skipped by ${ignoredByWhat(by, io)}`);
    return [];
  }
  let data: Uint8Array;
  try {
    data = await readStdin(io.stdin);
  } catch (err) {
    warn(io, describeReadError(STDIN_NAME, err as NodeJS.ErrnoException));
    return undefined;
  }
  return [{ filePath, shown: name === undefined ? STDIN_NAME : displayPath(filePath, io.cwd), data, config }];
}

/** A session written this recently may be live: its last line may be half-written, not torn. */
const LIVE_WINDOW_MS = 60_000;

/**
 * The files modified in the last minute (by the clock the run uses). A time more than a minute ahead of the clock is
 * another machine's clock (a copied or synced folder), not a write in progress.
 */
async function recentlyModified(files: readonly string[], now: number): Promise<Set<string>> {
  const recent = new Set<string>();
  for (const file of files) {
    try {
      if (Math.abs(now - (await stat(file)).mtimeMs) < LIVE_WINDOW_MS) recent.add(file);
    } catch {
      // Gone or unreadable: the read that follows says so.
    }
  }
  return recent;
}

/**
 * What a folder expands to by default: every *.jsonl below it, and the files formats know by their fixed name (a
 * Cline task's api_conversation_history.json), but the files agents keep that are no transcripts.
 */
function defaultFolderPatterns(linter: Linter): readonly string[] {
  const named = linter.formats.flatMap((f) => f.folderPatterns.filter(isFixedName));
  const left = linter.formats.flatMap((f) => (f.notTranscripts ?? []).map((p) => `!${p}`));
  return [...new Set([...DEFAULT_FOLDER_PATTERNS, ...named]), ...left];
}

/** A pattern whose file name has no wildcard (a fixed name, such as api_conversation_history.json). */
const isFixedName = (pattern: string): boolean => {
  const name = pattern.slice(pattern.lastIndexOf('/') + 1);
  // events.jsonl is a *.jsonl already.
  const covered = DEFAULT_FOLDER_PATTERNS.some((p) => name.endsWith(p.slice(p.lastIndexOf('*') + 1)));
  return !pattern.startsWith('!') && !/[*?[{]/.test(name) && !covered;
};

/**
 * The files of one session, in every format's sessions folders: by its id, or by a unique prefix of it (as git takes
 * a commit's hash), saying on stderr which session a prefix picked. A string when there is none, or several.
 */
export async function findSession(
  linter: Linter,
  id: string,
  sidechains: boolean,
  io: CliIO,
  unreadable?: UnreadableFolders,
): Promise<string[] | string> {
  if (!isSessionId(id)) {
    throw new UsageError(
      `--session ${JSON.stringify(id)} is not a session id (the name of a session's file, without its extension)`,
    );
  }
  // A format's patterns may match more than the id asked for (a Codex rollout's is `rollout-*<id>.jsonl`, so `0`
  // matched every rollout whose uuid ends in 0): only files whose session id is the one asked for, or starts with
  // it, are kept, the same way for every agent. Codex ids are read in either case, so none are compared by case.
  const search = async (pattern: string, withSidechains: boolean, matches: (sessionId: string) => boolean) => {
    const found: { file: string; id: string; agent: string }[] = [];
    for (const f of linter.formats) {
      if (!f.sessions) continue;
      const idOf = f.sessions.idOf ?? ((file: string) => path.basename(file).replace(/\.[^.]*$/, ''));
      for (const root of f.sessions.roots(io.env, io.homedir)) {
        for (const file of await findBelow(
          root,
          f.sessions.patterns(pattern, { sidechains: withSidechains }),
          unreadable,
        )) {
          const sessionId = idOf(file);
          if (matches(sessionId.toLowerCase())) found.push({ file, id: sessionId, agent: f.title });
        }
      }
    }
    return found;
  };
  const wanted = id.toLowerCase();
  const escaped = await escapeGlob(id);
  const exact = await search(escaped, sidechains, (sessionId) => sessionId === wanted);
  if (exact.length > 0) return exact.map((f) => f.file);
  const byPrefix = await search(`${escaped}*`, false, (sessionId) => sessionId.startsWith(wanted));
  const ids = [...new Set(byPrefix.map((f) => f.id))].sort();
  if (ids.length === 0) return `no session ${id} in any agent's sessions folder:\n${sessionFolders(linter, io)}`;
  if (ids.length > 1) {
    const shown = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', ...' : '');
    return `--session ${id} is ambiguous: ${ids.length} sessions start with it (${shown})`;
  }
  const picked = byPrefix[0]!;
  warn(io, `--session ${id} is ${picked.agent} ${picked.id} (${displayPath(picked.file, io.cwd)})`);
  const full = picked.id.toLowerCase();
  return (await search(await escapeGlob(picked.id), sidechains, (sessionId) => sessionId === full)).map((f) => f.file);
}

/**
 * With no paths, every session of every format whose sessions folder exists, and those folders; undefined (after
 * saying why) when none exists.
 */
async function everySession(
  linter: Linter,
  io: CliIO,
  unreadable: UnreadableFolders,
): Promise<{ files: string[]; roots: string[] } | undefined> {
  const files: string[] = [];
  const roots: string[] = [];
  for (const f of linter.formats) {
    if (!f.sessions) continue;
    for (const root of f.sessions.roots(io.env, io.homedir)) {
      const state = await folderState(root);
      if (state === 'absent') continue;
      if (state !== 'folder') {
        // Not known to be absent (an unreadable home, say): said as a folder that could not be read, not as none.
        unreadable.set(state.dir, state.why);
        continue;
      }
      roots.push(root);
      pushAll(files, await findBelow(root, f.sessions.patterns(undefined, { sidechains: true }), unreadable));
    }
  }
  if (roots.length > 0 || unreadable.size > 0) return { files, roots };
  warn(
    io,
    `no paths given, and no agent's sessions folder exists:\n${sessionFolders(linter, io)}\npass files, folders or globs`,
  );
  return undefined;
}

/** Where each format looks for sessions, one line a format, home as ~ and long lists cut: what the user can act on. */
function sessionFolders(linter: Linter, io: CliIO): string {
  // A folder from the environment (CLAUDE_CONFIG_DIR=…) may hold a newline: shown on one line, as file names are.
  const shown = (dir: string) =>
    oneLineName(
      dir === io.homedir || dir.startsWith(`${io.homedir}${path.sep}`) ? `~${dir.slice(io.homedir.length)}` : dir,
    );
  return linter.formats
    .filter((f) => f.sessions)
    .map((f) => {
      const roots = f.sessions!.roots(io.env, io.homedir).map(shown);
      const shownCount = roots.length > 2 ? 1 : roots.length;
      const more = roots.length > shownCount ? ` and ${roots.length - shownCount} more` : '';
      return `  ${f.title}: ${roots.slice(0, shownCount).join(', ')}${more}`;
    })
    .join('\n');
}

/**
 * Whether a sessions folder is there: a folder, absent (or not a folder), or not known because it could not be
 * reached; then the folder to name is the deepest one above it that can be looked at (an unreadable home, not each
 * agent's folder below it).
 */
async function folderState(dir: string): Promise<'folder' | 'absent' | { dir: string; why: string }> {
  const reachable = (p: string) =>
    stat(p).then(
      (s) => s,
      (err: NodeJS.ErrnoException) => err,
    );
  const seen = await reachable(dir);
  if (!(seen instanceof Error)) return seen.isDirectory() ? 'folder' : 'absent';
  const why = whyUnreadable(seen);
  if (why === undefined || why === '') return 'absent';
  if (why !== 'permission denied') return { dir, why };
  // A folder above that cannot be searched: the deepest one that can be looked at is the one to name.
  let up = path.dirname(dir);
  while (up !== path.dirname(up) && (await reachable(up)) instanceof Error) up = path.dirname(up);
  return { dir: up, why };
}

/** A path of a few KB (a folder tree deeper than the system allows) said in a line: its start and its end. */
function shortened(shown: string): string {
  return shown.length <= 240 ? shown : `${shown.slice(0, 120)}…${shown.slice(-100)}`;
}

/** Stands for --ignore-pattern where a skipped file names the config whose ignores skipped it. */
const IGNORE_PATTERN = '\u0000--ignore-pattern';

/**
 * What skips a file, as a config file's path or IGNORE_PATTERN: --ignore-pattern (relative to the cwd), then the
 * config's `ignores`; nothing with --no-ignore.
 */
function ignoresOf(cmd: LintCommand, scope: ConfigScope, io: CliIO): (file: string) => Promise<string | undefined> {
  if (!cmd.useIgnores) return async () => undefined;
  let patterns: IgnoreMatcher | undefined;
  try {
    patterns = cmd.ignorePatterns.length > 0 ? compileIgnores(cmd.ignorePatterns, io.cwd) : undefined;
  } catch (err) {
    if (err instanceof PatternError) throw new UsageError(`--ignore-pattern: ${err.message}`);
    throw err;
  }
  return async (file) => {
    if (patterns && isIgnored(patterns, file)) return IGNORE_PATTERN;
    const config = await scope.forPath(file);
    return isIgnoredByConfig(config, file) ? config.configFile : undefined;
  };
}

/** Whether git ignores a file, by the .gitignore files of its work tree (each read once per run). */
function gitIgnored(): (file: string) => boolean {
  const git = new GitIgnores();
  return (file) => git.ignores(file);
}

function ignoredByWhat(by: string, io: CliIO): string {
  return by === IGNORE_PATTERN ? '--ignore-pattern' : `the "ignores" of ${displayPath(by, io.cwd)}`;
}
