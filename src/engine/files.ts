// Turns the paths given on the command line into the list of files to lint. A path that exists is taken literally,
// so session folders with `[`, `(`, `*` or spaces in their names are never mistaken for glob syntax; only a path
// that does not exist is treated as a pattern.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';

/** Why a command-line path produced no files. */
export type UnmatchedKind =
  | 'missing' // not a file or folder, and no glob characters in it: most likely a typo
  | 'no-match' // a glob that matched nothing
  | 'empty-dir'; // a folder with no *.jsonl below it

export interface Unmatched {
  pattern: string;
  kind: UnmatchedKind;
}

export interface Expansion {
  /** Absolute paths, sorted and deduplicated. */
  files: string[];
  unmatched: Unmatched[];
}

// Walking into these is slow and never finds a transcript (pitfall 9). Symlinks are not followed, so a link inside
// the folder cannot pull in files from elsewhere.
const WALK_OPTIONS: fg.Options = {
  absolute: true,
  onlyFiles: true,
  dot: true,
  followSymbolicLinks: false,
  ignore: ['**/node_modules/**', '**/.git/**'],
};

export async function expandPaths(patterns: readonly string[], cwd: string): Promise<Expansion> {
  const files = new Set<string>();
  const unmatched: Unmatched[] = [];
  for (const pattern of patterns) {
    const found = await expandOne(pattern, cwd);
    if (Array.isArray(found)) {
      for (const f of found) files.add(f);
    } else {
      unmatched.push({ pattern, kind: found });
    }
  }
  // Plain code-unit order: stable across locales and machines.
  return { files: [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), unmatched };
}

async function expandOne(pattern: string, cwd: string): Promise<string[] | UnmatchedKind> {
  const literal = path.resolve(cwd, pattern);
  const kind = await pathKind(literal);
  if (kind === 'file') return [literal];
  if (kind === 'dir') {
    // The folder is the walk's cwd, not part of the pattern, so its name is never glob-parsed.
    const found = await fg('**/*.jsonl', { ...WALK_OPTIONS, cwd: literal });
    return found.length > 0 ? found.map((f) => path.normalize(f)) : 'empty-dir';
  }
  if (!fg.isDynamicPattern(pattern)) return 'missing';
  const found = await fg(toPosix(pattern), { ...WALK_OPTIONS, cwd });
  return found.length > 0 ? found.map((f) => path.normalize(f)) : 'no-match';
}

/**
 * 'file' for anything that is not a folder (including paths we may not read: reading reports that properly),
 * 'dir' for a folder, 'none' when nothing is there.
 */
async function pathKind(p: string): Promise<'file' | 'dir' | 'none'> {
  try {
    return (await stat(p)).isDirectory() ? 'dir' : 'file';
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
      return `no *.jsonl files found in ${u.pattern}`;
  }
}
