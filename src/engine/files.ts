// Turns the paths given on the command line into the list of files to lint. A path that exists is taken literally,
// so session folders with `[`, `(`, `*` or spaces in their names are never mistaken for glob syntax; only a path
// that does not exist is treated as a pattern.
import { statSync } from 'node:fs';
import path from 'node:path';
import type FastGlob from 'fast-glob';

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
  | 'all-ignored'; // a folder or glob whose every file the config's `ignores` skip

export interface Unmatched {
  pattern: string;
  kind: UnmatchedKind;
  /** For 'empty-dir': the folder was searched for *.json as well. */
  plain?: boolean;
}

export interface Expansion {
  /** Absolute paths, sorted and deduplicated, without the ignored ones. */
  files: string[];
  unmatched: Unmatched[];
  /** Files named literally on the command line that the config's `ignores` skip (absolute, sorted). */
  ignored: string[];
}

export interface ExpandOptions {
  /** The config's `ignores`: files they match are skipped. */
  ignores?: IgnoreMatcher;
  /**
   * What a folder expands to: by default every *.jsonl below it (Claude Code sessions); PLAIN_FOLDER_PATTERN adds
   * *.json, for Messages API requests and message lists, which are usually JSON documents.
   */
  folderPattern?: string;
}

export const SESSION_FOLDER_PATTERN = '**/*.jsonl';
export const PLAIN_FOLDER_PATTERN = '**/*.{json,jsonl}';

// Walking into these is slow and never finds a transcript (pitfall 9). Symlinks are not followed, so a link inside
// the folder cannot pull in files from elsewhere.
const WALK_OPTIONS: FastGlob.Options = {
  absolute: true,
  onlyFiles: true,
  dot: true,
  followSymbolicLinks: false,
  ignore: ['**/node_modules/**', '**/.git/**'],
};

export async function expandPaths(
  patterns: readonly string[],
  cwd: string,
  options: ExpandOptions = {},
): Promise<Expansion> {
  const files = new Set<string>();
  const ignored = new Set<string>();
  const unmatched: Unmatched[] = [];
  const skip = (f: string) => options.ignores !== undefined && isIgnored(options.ignores, f);
  for (const pattern of patterns) {
    const found = await expandOne(pattern, cwd, options.folderPattern ?? SESSION_FOLDER_PATTERN);
    if (found.kind === 'literal') {
      // Named on purpose, yet ignored: skipped (a pre-commit hook passes every staged file), but not silently lost.
      if (skip(found.file)) ignored.add(found.file);
      else files.add(found.file);
    } else if (found.kind === 'expanded') {
      const kept = found.files.filter((f) => !skip(f));
      if (kept.length === 0) unmatched.push({ pattern, kind: 'all-ignored' });
      for (const f of kept) files.add(f);
    } else if (found.kind === 'empty-dir' && options.folderPattern === PLAIN_FOLDER_PATTERN) {
      unmatched.push({ pattern, kind: found.kind, plain: true });
    } else {
      unmatched.push({ pattern, kind: found.kind });
    }
  }
  return { files: sortPaths(files), unmatched, ignored: sortPaths(ignored) };
}

/** Plain code-unit order: stable across locales and machines. */
function sortPaths(paths: Iterable<string>): string[] {
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

type Found = { kind: 'literal'; file: string } | { kind: 'expanded'; files: string[] } | { kind: UnmatchedKind };

async function expandOne(pattern: string, cwd: string, folderPattern: string): Promise<Found> {
  const literal = path.resolve(cwd, pattern);
  const kind = pathKind(literal);
  if (kind === 'file') return { kind: 'literal', file: literal };
  const fg = await loadFastGlob();
  if (kind === 'dir') {
    // The folder is the walk's cwd, not part of the pattern, so its name is never glob-parsed.
    const found = await fg(folderPattern, { ...WALK_OPTIONS, cwd: literal });
    return found.length > 0 ? { kind: 'expanded', files: found.map((f) => path.normalize(f)) } : { kind: 'empty-dir' };
  }
  if (!fg.isDynamicPattern(pattern)) return { kind: 'missing' };
  const found = await fg(toPosix(pattern), { ...WALK_OPTIONS, cwd });
  return found.length > 0 ? { kind: 'expanded', files: found.map((f) => path.normalize(f)) } : { kind: 'no-match' };
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

/** Where Claude Code keeps its sessions: `${CLAUDE_CONFIG_DIR:-~/.claude}/projects`. */
export function defaultSessionsDir(env: Readonly<Record<string, string | undefined>>, homedir: string): string {
  const configDir = env.CLAUDE_CONFIG_DIR ? env.CLAUDE_CONFIG_DIR : path.join(homedir, '.claude');
  return path.join(configDir, 'projects');
}

export function describeUnmatched(u: Unmatched): string {
  switch (u.kind) {
    case 'missing':
      return `no such file or directory: ${u.pattern}`;
    case 'no-match':
      return `no files matching the pattern "${u.pattern}" were found`;
    case 'empty-dir':
      return `no ${u.plain ? '*.json or *.jsonl' : '*.jsonl'} files found in ${u.pattern}`;
    case 'all-ignored':
      return `every file matched by "${u.pattern}" is skipped by the config's "ignores"`;
  }
}

/**
 * The files of one session: `<projects>/<project>/<uuid>.jsonl` for every project folder (a session id is unique, but
 * a copied project folder can hold it twice) and, with `sidechains`, its subagent transcripts
 * `<projects>/<project>/<uuid>/subagents/**` (every *.jsonl below). Absolute and sorted; empty when there is none.
 */
export async function findSessionFiles(
  projectsDir: string,
  sessionId: string,
  options: { sidechains?: boolean } = {},
): Promise<string[]> {
  if (!isSessionId(sessionId)) return [];
  const fg = await loadFastGlob();
  const id = fg.escapePath(sessionId);
  const patterns = [`*/${id}.jsonl`];
  if (options.sidechains) patterns.push(`*/${id}/subagents/**/*.jsonl`);
  const found = await fg(patterns, { ...WALK_OPTIONS, cwd: projectsDir });
  return sortPaths(found.map((f) => path.normalize(f)));
}

/** A session id as Claude Code names its files: letters, digits, `-`, `_` and `.` (no separators, no glob syntax). */
export function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id);
}

// ---------------------------------------------------------------------------------------------------------------
// The config's `ignores`: glob patterns matched against a file's path relative to the config file's folder, with
// forward slashes. `*` and `?` stay within one path segment, `**` spans segments, `[abc]`/`[!abc]` are character
// classes, `{a,b}` alternatives, and `\` escapes the next character. A pattern that matches a folder skips
// everything below it (`archive` or `archive/`). A leading `!` un-ignores what an earlier pattern matched; the last
// pattern that matches decides, as in .gitignore. Files outside the config's folder are never ignored.

export interface IgnoreMatcher {
  /** The folder the patterns are relative to (the config file's folder). */
  base: string;
  patterns: readonly { source: string; negated: boolean; re: RegExp }[];
}

export class PatternError extends Error {
  override name = 'PatternError';
}

export function compileIgnores(patterns: readonly string[], base: string): IgnoreMatcher {
  return {
    base,
    patterns: patterns.map((source) => {
      const negated = source.startsWith('!');
      let glob = negated ? source.slice(1) : source;
      // `./x`, `/x` and `x` all mean x in the config's folder; a trailing slash only says "a folder".
      glob = glob.replace(/^(?:\.\/)+/, '').replace(/^\/+/, '').replace(/\/+$/, '');
      if (glob === '') throw new PatternError(`"${source}" is not a pattern`);
      return { source, negated, re: globToRegExp(glob) };
    }),
  };
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
      if (candidates.some((c) => p.re.test(c))) ignored = !p.negated;
    }
  }
  return ignored;
}

/** A glob (the syntax above) as an anchored regular expression over a forward-slash relative path. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\') {
      if (i + 1 >= glob.length) throw new PatternError(`"${glob}" ends with a lone backslash`);
      re += escapeRegExp(glob[++i]!);
    } else if (c === '*') {
      if (glob[i + 1] === '*') {
        const startsSegment = i === 0 || glob[i - 1] === '/';
        const endsSegment = i + 2 === glob.length || glob[i + 2] === '/';
        if (!startsSegment || !endsSegment) throw new PatternError(`"${glob}": ** must be a whole path segment`);
        if (i + 2 === glob.length) {
          re += '.*';
          i += 1;
        } else {
          // `**/` is zero or more whole segments.
          re += '(?:[^/]+/)*';
          i += 2;
        }
      } else {
        re += '[^/]*';
      }
    } else if (c === '?') {
      re += '[^/]';
    } else if (c === '[') {
      const end = classEnd(glob, i);
      if (end === -1) throw new PatternError(`"${glob}": [ without a closing ]`);
      let body = glob.slice(i + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      const chars = body.replace(/[\\\]^]/g, (ch) => `\\${ch}`);
      re += negated ? `[^/${chars}]` : `(?!/)[${chars}]`;
      i = end;
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) {
      re += '|';
    } else {
      re += escapeRegExp(c);
    }
  }
  if (braces > 0) throw new PatternError(`"${glob}": { without a closing }`);
  return new RegExp(`^${re}$`);
}

/** Where the `[` at `start` closes; a `]` right after `[`, `[!` or `[^` is a member, not the end. */
function classEnd(glob: string, start: number): number {
  let i = start + 1;
  if (glob[i] === '!' || glob[i] === '^') i++;
  if (glob[i] === ']') i++;
  for (; i < glob.length; i++) {
    if (glob[i] === '/') return -1;
    if (glob[i] === ']') return i;
  }
  return -1;
}

function escapeRegExp(ch: string): string {
  return /[.*+?^${}()|[\]\\/-]/.test(ch) ? `\\${ch}` : ch;
}
