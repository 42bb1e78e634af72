// Turns the paths given on the command line into the list of files to lint. A path that exists is taken literally,
// so session folders with `[`, `(`, `*` or spaces in their names are never mistaken for glob syntax; only a path
// that does not exist is treated as a pattern.
import { isUtf8 } from 'node:buffer';
import { type Dirent, readdir as fsReaddir, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type FastGlob from 'fast-glob';
import { CONFIG_FILE_NAME } from './config-names.js';
import { compileGlob, type Glob, matchGlob, PatternError } from './glob.js';

export { PatternError } from './glob.js';

// fast-glob is loaded only when a folder or a glob has to be walked: a run on files named literally never needs it.
let fastGlob: typeof FastGlob | undefined;
async function loadFastGlob(): Promise<typeof FastGlob> {
  fastGlob ??= (await import('fast-glob')).default;
  return fastGlob;
}

/** Why a command-line path produced no files. */
export type UnmatchedKind =
  | 'missing' // not a file or folder, and no glob characters in it: most likely a typo
  | 'no-match' // a glob that matched nothing
  | 'empty-dir' // a folder with no *.jsonl below it
  | 'all-ignored'; // a folder or glob whose every file the ignores (config, --ignore-pattern, .gitignore) skip

export interface Unmatched {
  pattern: string;
  kind: UnmatchedKind;
  /** For 'empty-dir': what the folder was searched for. */
  searched?: readonly string[];
}

export interface Expansion {
  /** Absolute paths, sorted and deduplicated, without the ignored ones. */
  files: string[];
  unmatched: Unmatched[];
  /** Files named literally on the command line that a config's `ignores` skip (absolute, sorted), with that config. */
  ignored: { file: string; configFile: string }[];
  /**
   * Files a walk found whose names are not valid UTF-8: Node can only name them with U+FFFD in place of the bad
   * bytes, which opens nothing. Each is the folder and the name's bytes shown with \xNN escapes.
   */
  undecodable: string[];
  /** Folders a walk could not read, absolute, with why (permission denied, ...): the files below were not found. */
  unreadableFolders: [folder: string, why: string][];
  /** Symlinks to files a walk passed over (it follows no link), whose names the walk's patterns take: said, not lost. */
  skippedLinks: string[];
}

export interface ExpandOptions {
  /** Which config's `ignores` skip a file (that config's path), or undefined when none does. */
  ignores?: (file: string) => Promise<string | undefined> | string | undefined;
  /** Whether a file a folder or glob found is skipped silently (.gitignore); files named literally never are. */
  walkIgnores?: (file: string) => boolean;
  /**
   * What a folder expands to (globs relative to it; `!` excludes): by default every *.jsonl below it, the files of
   * every agent's sessions. A folder of an input format that is usually `.json` adds those (see Format).
   */
  folderPatterns?: readonly string[] | ((dir: string) => Promise<readonly string[]> | readonly string[]);
}

export const DEFAULT_FOLDER_PATTERNS: readonly string[] = ['**/*.jsonl'];

// Walking into these is slow and never finds a transcript (pitfall 9); our own config file is never one either (a
// folder of `.json` requests would otherwise lint it as a request). Named as a path, it is linted as asked.
// Symlinks are not followed, so a link inside the folder cannot pull in files from elsewhere.
const WALK_OPTIONS: FastGlob.Options = {
  absolute: true,
  onlyFiles: true,
  dot: true,
  followSymbolicLinks: false,
  ignore: ['**/node_modules/**', '**/.git/**', `**/${CONFIG_FILE_NAME}`],
};

export async function expandPaths(
  patterns: readonly string[],
  cwd: string,
  options: ExpandOptions = {},
): Promise<Expansion> {
  const files = new Set<string>();
  const ignored = new Map<string, string>();
  const unmatched: Unmatched[] = [];
  const ignoredBy = async (f: string) => (options.ignores ? await options.ignores(f) : undefined);
  const folderPatterns = async (dir: string): Promise<readonly string[]> =>
    typeof options.folderPatterns === 'function'
      ? await options.folderPatterns(dir)
      : (options.folderPatterns ?? DEFAULT_FOLDER_PATTERNS);
  const unreadable: UnreadableFolders = new Map();
  const links: SkippedLinks = new Set();
  for (const pattern of patterns) {
    const found = await expandOne(pattern, cwd, folderPatterns, { unreadable, links });
    if (found.kind === 'literal') {
      // Named on purpose, yet ignored: skipped (a pre-commit hook passes every staged file), but not silently lost.
      const by = await ignoredBy(found.file);
      if (by !== undefined) ignored.set(found.file, by);
      else files.add(found.file);
    } else if (found.kind === 'expanded') {
      let kept = 0;
      for (const f of found.files) {
        if (options.walkIgnores?.(f) || (await ignoredBy(f)) !== undefined) continue;
        files.add(f);
        kept++;
      }
      if (kept === 0) unmatched.push({ pattern, kind: 'all-ignored' });
    } else if (found.kind === 'empty-dir') {
      unmatched.push({ pattern, kind: found.kind, searched: found.patterns });
    } else {
      unmatched.push({ pattern, kind: found.kind });
    }
  }
  const undecodable = [...files].filter(isUndecodable);
  for (const f of undecodable) files.delete(f);
  return {
    files: sortPaths(files),
    unmatched,
    ignored: sortPaths(ignored.keys()).map((file) => ({ file, configFile: ignored.get(file)! })),
    undecodable: sortPaths(undecodable.flatMap(rawNames)),
    unreadableFolders: sortPaths([...unreadable.keys()]).map((f) => [f, unreadable.get(f)!]),
    skippedLinks: sortPaths([...links].filter((l) => !files.has(l) && isFileLink(l))),
  };
}

/** Whether a symlink leads to a regular file. */
function isFileLink(link: string): boolean {
  try {
    return statSync(link).isFile();
  } catch {
    return false;
  }
}

/** A name with U+FFFD that is not on disk: a decoding of bytes that are not UTF-8. */
function isUndecodable(file: string): boolean {
  if (!file.includes('\uFFFD')) return false;
  try {
    lstatSync(file);
    return false;
  } catch {
    return true;
  }
}

/** The entries of the file's folder whose names decode (lossily) to its name, with the invalid bytes escaped. */
function rawNames(file: string): string[] {
  const dir = path.dirname(file);
  const base = path.basename(file);
  try {
    const names = readdirSync(dir, { encoding: 'buffer' }).filter((n) => n.toString('utf8') === base);
    return names.map((n) => path.join(dir, escapeInvalidUtf8(n)));
  } catch {
    return [file];
  }
}

/** Bytes as text, with each byte that is not part of valid UTF-8 shown as \xNN. */
function escapeInvalidUtf8(bytes: Buffer): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceLength(bytes, i);
    if (length === 0) {
      out += `\\x${bytes[i]!.toString(16).padStart(2, '0')}`;
      i++;
    } else {
      out += bytes.subarray(i, i + length).toString('utf8');
      i += length;
    }
  }
  return out;
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there does not start one. */
function utf8SequenceLength(bytes: Buffer, i: number): number {
  const b = bytes[i]!;
  const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (n <= 1 || i + n > bytes.length) return n === 1 ? 1 : 0;
  for (let k = 1; k < n; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return 0;
  // Overlong, surrogate and out-of-range forms are not UTF-8 either; isUtf8 knows them all.
  return isUtf8(bytes.subarray(i, i + n)) ? n : 0;
}

/** Plain code-unit order: stable across locales and machines. */
function sortPaths(paths: Iterable<string>): string[] {
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

type Found =
  | { kind: 'literal'; file: string }
  | { kind: 'expanded'; files: string[] }
  | { kind: 'empty-dir'; patterns: readonly string[] }
  | { kind: Exclude<UnmatchedKind, 'empty-dir'> };

/** What a walk notes beside the files it finds. */
interface WalkNotes {
  unreadable: UnreadableFolders;
  links: SkippedLinks;
}

async function expandOne(
  pattern: string,
  cwd: string,
  folderPatterns: (dir: string) => Promise<readonly string[]>,
  notes: WalkNotes,
): Promise<Found> {
  const literal = path.resolve(cwd, pattern);
  const kind = pathKind(literal);
  if (kind === 'file') return { kind: 'literal', file: literal };
  const fg = await loadFastGlob();
  if (kind === 'dir') {
    // The folder is the walk's cwd, not part of the pattern, so its name is never glob-parsed.
    const walk = await folderPatterns(literal);
    const found = await walkFolders(fg, [...walk], literal, notes);
    return found.length > 0
      ? { kind: 'expanded', files: found.map((f) => path.normalize(f)) }
      : { kind: 'empty-dir', patterns: walk };
  }
  if (!fg.isDynamicPattern(pattern)) return { kind: 'missing' };
  const found = await walkFolders(fg, [toPosix(pattern)], cwd, notes);
  return found.length > 0 ? { kind: 'expanded', files: found.map((f) => path.normalize(f)) } : { kind: 'no-match' };
}

/** Folders a walk could not read: absolute path → why. */
export type UnreadableFolders = Map<string, string>;

/** Symlinks a walk met whose names its patterns take (absolute). */
type SkippedLinks = Set<string>;

/** Why a folder could not be read, by error code; '' for one that is simply gone (removed during the walk). */
/** Why a folder could not be read, in words; '' when it is gone (no finding); undefined for another error. */
export function whyUnreadable(err: NodeJS.ErrnoException): string | undefined {
  return UNREADABLE[err.code ?? ''];
}

const UNREADABLE: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'its path is longer than the system allows',
  ELOOP: 'too many levels of symbolic links',
  EIO: 'an input/output error',
  ENOENT: '',
  ENOTDIR: '',
};

/**
 * fast-glob's walk, with every folder it may not read noted and passed over (fast-glob itself stops at the first),
 * so the files elsewhere are still found and the unreadable ones are said, not lost.
 */
async function walkFolders(
  fg: typeof FastGlob,
  patterns: string[],
  cwd: string,
  { unreadable, links }: WalkNotes,
  /** Whether symlinked folders are walked into (an agent's sessions folder, as the agent reads it). */
  followSymlinks = false,
): Promise<string[]> {
  type Callback = (err: NodeJS.ErrnoException | null, entries?: unknown[]) => void;
  const linked = followSymlinks ? linkedFolderGate(cwd) : undefined;
  const takes = lastSegmentMatchers(patterns);
  const readdir = (dir: string, ...rest: unknown[]): void => {
    const callback = rest.pop() as Callback;
    if (linked && !linked(dir)) {
      callback(null, []);
      return;
    }
    const done: Callback = (err, entries) => {
      let why = err ? UNREADABLE[err.code ?? ''] : undefined;
      // A folder named in bytes that are not UTF-8 cannot be opened by the name Node decoded (U+FFFD).
      if (why === '' && dir.includes('\uFFFD') && isUndecodable(dir)) why = 'its name is not valid UTF-8; rename it';
      if (why !== undefined) {
        // A folder gone since its parent was read is no finding; the others are said (an undecodable name with its
        // bytes shown, \xNN).
        const at = path.resolve(cwd, dir);
        if (why !== '') unreadable.set(at.includes('\uFFFD') ? (rawNames(at)[0] ?? at) : at, why);
        callback(null, []);
        return;
      }
      if (!followSymlinks && entries)
        for (const d of entries as Dirent[])
          if (d.isSymbolicLink?.() && takes(d.name)) links.add(path.resolve(cwd, dir, d.name));
      callback(err, entries);
    };
    (fsReaddir as (...args: unknown[]) => void)(dir, ...rest, done);
  };
  return fg(patterns, {
    ...WALK_OPTIONS,
    followSymbolicLinks: followSymlinks,
    cwd,
    fs: { readdir: readdir as unknown as FastGlob.FileSystemAdapter['readdir'] },
  });
}

/**
 * Whether a name matches the last segment of one of the patterns (`*.jsonl`, `api_conversation_history.json`): enough
 * to tell which symlinks a walk passed over are worth naming (`*` and `?` only; a pattern whose last segment has more
 * glob syntax takes every name).
 */
function lastSegmentMatchers(patterns: readonly string[]): (name: string) => boolean {
  const res = patterns
    .filter((p) => !p.startsWith('!'))
    .map((p) => {
      const last = p.split('/').pop() ?? '';
      if (/[[\]{}()!+@]/.test(last)) return /^/;
      const body = last
        .replace(/[.^$|\\]/g, '\\$&')
        .replace(/\*\*?/g, '.*')
        .replace(/\?/g, '.');
      return new RegExp(`^${body}$`);
    });
  return (name) => res.some((re) => re.test(name));
}

/**
 * Which folders a walk that follows symlinks reads: every folder reached without one, and a folder reached through a
 * symlink only when it lies outside the walk's root (a project folder kept on another disk), once per real folder. A
 * link back into the root (a loop, or a second name for a project folder) is not followed: its folder is walked
 * under its own name, so nothing is found twice, and two links to the parent cannot make the walk explode.
 */
function linkedFolderGate(root: string): (dir: string) => boolean {
  let rootReal: string;
  try {
    rootReal = realpathSync(root);
  } catch {
    return () => true;
  }
  const seen = new Set<string>();
  return (dir) => {
    let real: string;
    try {
      real = realpathSync(path.resolve(root, dir));
    } catch {
      return true;
    }
    const expected = path.join(rootReal, path.relative(root, path.resolve(root, dir)));
    if (real === expected) return true;
    if (real === rootReal || real.startsWith(`${rootReal}${path.sep}`)) return false;
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  };
}

/**
 * 'file' for anything that is not a folder (including paths we may not read: reading reports that properly),
 * 'dir' for a folder, 'none' when nothing is there.
 */
// Synchronous: for a command line naming hundreds of files, an awaited stat each costs ~10x as much.
function pathKind(p: string): 'file' | 'dir' | 'none' {
  try {
    return statSync(p).isDirectory() ? 'dir' : 'file';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'none' : 'file';
  }
}

function toPosix(pattern: string): string {
  return path.sep === '\\' ? pattern.replaceAll('\\', '/') : pattern;
}

export function describeUnmatched(u: Unmatched): string {
  switch (u.kind) {
    case 'missing':
      // Node reads the command line as UTF-8: a name in other bytes arrives with U+FFFD and opens nothing.
      return u.pattern.includes('\uFFFD')
        ? `cannot open ${u.pattern}: the name as given is not valid UTF-8, so it cannot be opened by it (name its folder, or rename it)`
        : `no such file or directory: ${u.pattern}`;
    case 'no-match':
      return `no files matching the pattern "${u.pattern}" were found`;
    case 'empty-dir':
      return `no ${describeSearch(u.searched ?? DEFAULT_FOLDER_PATTERNS)} files found in ${u.pattern}`;
    case 'all-ignored':
      return `every file matched by "${u.pattern}" is skipped by the config's "ignores", --ignore-pattern or .gitignore (--no-ignore lints them)`;
  }
}

/** "*.jsonl", "*.json or *.jsonl": the file names a folder was searched for. */
function describeSearch(patterns: readonly string[]): string {
  const names = [
    ...new Set(patterns.filter((p) => !p.startsWith('!')).map((p) => p.slice(p.lastIndexOf('/') + 1))),
  ].sort();
  return names.join(' or ');
}

/** The files below `root` that match the patterns (globs relative to it): absolute and sorted; none when it is absent. */
export async function findBelow(
  root: string,
  patterns: readonly string[],
  /** Where the folders below that cannot be read are noted. */
  unreadable: UnreadableFolders = new Map(),
): Promise<string[]> {
  if (pathKind(root) !== 'dir') return [];
  const fg = await loadFastGlob();
  // A sessions folder holding one we may not read still gives the sessions it can. A project folder that is a
  // symlink (to another disk, a dotfiles repo) is walked into: Claude Code finds the sessions there.
  const found = await walkFolders(fg, [...patterns], root, { unreadable, links: new Set() }, true);
  return sortPaths(found.map((f) => path.normalize(f)));
}

/** A pattern-safe form of a session id (fast-glob's escaping). */
export async function escapeGlob(text: string): Promise<string> {
  return (await loadFastGlob()).escapePath(text);
}

/** A session id as agents name their files: letters, digits, `-`, `_` and `.` (no separators, no glob syntax). */
export function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id);
}

// ---------------------------------------------------------------------------------------------------------------
// The config's `ignores`: glob patterns (glob.ts) matched against a file's path relative to the config file's folder,
// with forward slashes. A pattern that matches a folder skips everything below it (`archive` or `archive/`). A
// leading `!` un-ignores what an earlier pattern matched; the last pattern that matches decides, as in .gitignore.
// Files outside the config's folder are never ignored.

export interface IgnoreMatcher {
  /** The folder the patterns are relative to (the config file's folder). */
  base: string;
  patterns: readonly { source: string; negated: boolean; glob: Glob }[];
}

export function compileIgnores(patterns: readonly string[], base: string): IgnoreMatcher {
  return {
    base,
    patterns: patterns.map((source) => {
      const negated = source.startsWith('!');
      let glob = negated ? source.slice(1) : source;
      // `./x`, `/x` and `x` all mean x in the config's folder; a trailing slash only says "a folder".
      while (glob.startsWith('./')) glob = glob.slice(2);
      glob = trimSlashes(glob);
      if (glob === '') throw new PatternError(`"${source}" is not a pattern`);
      return { source, negated, glob: compileGlob(glob) };
    }),
  };
}

function trimSlashes(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === '/') start++;
  while (end > start && s[end - 1] === '/') end--;
  return s.slice(start, end);
}

export function isIgnored(matcher: IgnoreMatcher, filePath: string): boolean {
  const rel = path.relative(matcher.base, path.resolve(matcher.base, filePath));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return false;
  const segments = rel.split(path.sep);
  // The file itself and every folder above it, up to the config's folder: `archive` matches archive/x/y.jsonl.
  const candidates = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const p of matcher.patterns) {
    if (p.negated ? ignored : !ignored) {
      if (candidates.some((c) => matchGlob(p.glob, c))) ignored = !p.negated;
    }
  }
  return ignored;
}
