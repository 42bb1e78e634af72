// What a lint's walk of folders and globs depends on, besides the files it lints, for --cache to give a whole run back
// (cli/cached-run.ts): the listing of every folder below each folder or glob named (names as bytes, and entry types),
// the target of every symlink met there, and the files that decide what is skipped or how a file is linted: each
// folder's transcript-lint.config.json and .gitignore, `.git` and `.git/info/exclude`, in the folders walked and in
// every folder above them. It is a superset of what the walk reads (files.ts walks only what its patterns can reach),
// so a change it sees may change nothing; a change it misses cannot change the walk's files or what they are skipped
// by. node_modules and .git are not walked into (files.ts WALK_OPTIONS never walks them either).
import { createHash } from 'node:crypto';
import { type Dirent, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAME } from './config-names.js';

/**
 * One thing read, and what was seen: `list`, a folder's listing (a digest, or `error:<code>`); `kind`, what a path
 * leads to (stat, following links); `lkind`, what is at the path (lstat); `bytes`, a file's SHA-256 (null: nothing
 * there, lstat; `unreadable:<code>`).
 */
export type WalkRead = [how: 'list' | 'kind' | 'lkind' | 'bytes', file: string, seen: string | null];

/**
 * The cache file, left out of the listings: it is written after the run, often in a folder walked, and no walk takes
 * it. One named .json or .jsonl a walk could take, so it stays in them.
 */
const listedOwn = (cacheFile: string): string | undefined => (/\.jsonl?$/i.test(cacheFile) ? undefined : cacheFile);

/** Above this many folders, a walk is not recorded (a glob over a home folder): the run is not kept whole. */
const MAX_FOLDERS = 5000;

/** Folders a walk never enters (files.ts WALK_OPTIONS). */
const NOT_WALKED = new Set(['node_modules', '.git']);

/**
 * What the walk of these command-line paths (relative to `cwd`) depends on; undefined when it is too large to record.
 * A path that is a file is recorded as one (its lint entry holds its stat); a folder is walked; a path that is not
 * there is recorded as absent, and when it has glob syntax, the folder its glob starts from is walked.
 */
export function walkReads(paths: readonly string[], cwd: string, cacheFile: string): WalkRead[] | undefined {
  const own = listedOwn(path.resolve(cwd, cacheFile));
  const reads: WalkRead[] = [];
  const roots = new Set<string>();
  for (const p of paths) {
    const literal = path.resolve(cwd, p);
    const kind = kindOf(literal, statSync);
    if (kind === 'dir') roots.add(literal);
    else reads.push(['kind', literal, kind]);
    if (kind !== 'dir' && kind !== 'file' && GLOB_SYNTAX.test(p)) {
      const base = globBase(p, cwd);
      if (base === undefined) return undefined;
      roots.add(base);
    }
  }
  return readsBelow(roots, reads, own, false);
}

/**
 * What a walk of the agents' sessions folders depends on (a lint with no path): what each root is, and below each that
 * is a folder, as walkReads, with the symlinked folders walked into (gather-inputs.ts findBelow follows them).
 * Undefined when a root cannot be looked at (the folder a message then names depends on the folders above it), or
 * when the walk is too large.
 */
export function sessionRootReads(roots: readonly string[], cacheFile: string): WalkRead[] | undefined {
  const own = listedOwn(cacheFile);
  const reads: WalkRead[] = [];
  const dirs = new Set<string>();
  for (const root of roots) {
    const kind = kindOf(root, statSync);
    if (kind.startsWith('error:')) return undefined;
    if (kind === 'dir') dirs.add(root);
    else reads.push(['kind', root, kind]);
  }
  return readsBelow(dirs, reads, own, true);
}

function readsBelow(
  roots: ReadonlySet<string>,
  reads: WalkRead[],
  own: string | undefined,
  followLinks: boolean,
): WalkRead[] | undefined {
  const folders = new Set<string>();
  for (const root of roots) {
    const kind = kindOf(root, statSync);
    if (kind !== 'dir') {
      reads.push(['kind', root, kind]);
      continue;
    }
    if (!walk(root, folders, reads, own, followLinks)) return undefined;
  }
  // The folders above each root: the configs and git ignores found walking up from a folder below.
  for (const root of roots)
    for (let dir = path.dirname(root); !folders.has(dir); dir = path.dirname(dir)) {
      folders.add(dir);
      if (path.dirname(dir) === dir) break;
    }
  for (const dir of [...folders].sort()) {
    reads.push(['bytes', path.join(dir, CONFIG_FILE_NAME), readNow('bytes', path.join(dir, CONFIG_FILE_NAME))]);
    reads.push(['bytes', path.join(dir, '.gitignore'), readNow('bytes', path.join(dir, '.gitignore'))]);
    const git = path.join(dir, '.git');
    const gitKind = readNow('lkind', git);
    reads.push(['lkind', git, gitKind]);
    if (gitKind !== 'none') {
      const exclude = path.join(git, 'info', 'exclude');
      reads.push(['bytes', exclude, readNow('bytes', exclude)]);
    }
  }
  return reads;
}

/** Whether every read still sees what it saw. */
export function sameReads(reads: readonly WalkRead[], cacheFile: string): boolean {
  const own = listedOwn(cacheFile);
  for (const [how, file, seen] of reads) if (readNow(how, file, own) !== seen) return false;
  return true;
}

/** What one read sees now (`own`: the cache file, left out of listings). */
function readNow(how: WalkRead[0], file: string, own?: string): string | null {
  switch (how) {
    case 'list':
      return listingDigest(file, own);
    case 'kind':
      return kindOf(file, statSync);
    case 'lkind':
      return kindOf(file, lstatSync);
    case 'bytes':
      return bytesSha256(file);
  }
}

/**
 * Records the folders below `root` (itself included), through symlinked folders with `followLinks` (a loop of links
 * then ends at MAX_FOLDERS); false past MAX_FOLDERS.
 */
function walk(
  root: string,
  folders: Set<string>,
  reads: WalkRead[],
  own: string | undefined,
  followLinks: boolean,
): boolean {
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    if (folders.has(dir)) continue;
    if (folders.size >= MAX_FOLDERS) return false;
    folders.add(dir);
    let entries: Dirent<Buffer>[];
    try {
      entries = readdirSync(dir, { withFileTypes: true, encoding: 'buffer' });
    } catch (err) {
      reads.push(['list', dir, `error:${(err as NodeJS.ErrnoException).code}`]);
      continue;
    }
    reads.push(['list', dir, digestOf(entries, dir, own)]);
    for (const e of entries) {
      const name = e.name.toString('utf8');
      const child = path.join(dir, name);
      if (e.isSymbolicLink()) {
        const target = kindOf(child, statSync);
        reads.push(['kind', child, target]);
        if (followLinks && target === 'dir' && !NOT_WALKED.has(name)) stack.push(child);
      } else if (e.isDirectory() && !NOT_WALKED.has(name)) stack.push(child);
      // An entry of no known type (some filesystems): what is there decides.
      else if (!e.isFile() && !e.isDirectory()) {
        const kind = kindOf(child, lstatSync);
        reads.push(['lkind', child, kind]);
        if (kind === 'dir' && !NOT_WALKED.has(name)) stack.push(child);
      }
    }
  }
  return true;
}

function listingDigest(dir: string, own: string | undefined): string {
  try {
    return digestOf(readdirSync(dir, { withFileTypes: true, encoding: 'buffer' }), dir, own);
  } catch (err) {
    return `error:${(err as NodeJS.ErrnoException).code}`;
  }
}

/**
 * The SHA-256 of a listing: each name's bytes and its type, in byte order; without the cache file `own` and its temp
 * files (`<own>.<pid>.tmp`, lint-cache.ts save), when they are in this folder.
 */
function digestOf(entries: Dirent<Buffer>[], dir: string, own: string | undefined): string {
  const hash = createHash('sha256');
  const ownName = own !== undefined && path.dirname(own) === dir ? path.basename(own) : undefined;
  const kept =
    ownName === undefined
      ? entries
      : entries.filter((e) => {
          const name = e.name.toString('utf8');
          return name !== ownName && !(name.startsWith(`${ownName}.`) && name.endsWith('.tmp'));
        });
  const sorted = kept.map((e) => [e.name, typeOf(e)] as const).sort(([a], [b]) => Buffer.compare(a, b));
  for (const [name, type] of sorted) hash.update(name).update(`\0${type}\0`);
  return hash.digest('hex');
}

function typeOf(e: Dirent<Buffer>): string {
  if (e.isFile()) return 'f';
  if (e.isDirectory()) return 'd';
  if (e.isSymbolicLink()) return 'l';
  return 'o';
}

/** file, dir, other, none (ENOENT, ENOTDIR), or error:<code>. */
function kindOf(file: string, how: typeof statSync | typeof lstatSync): string {
  try {
    const s = how(file);
    return s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other';
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'none' : `error:${code}`;
  }
}

/** A file's SHA-256; null when nothing is there (lstat), `unreadable:<code>` when it cannot be read. */
export function bytesSha256(file: string): string | null {
  try {
    if (!lstatSync(file, { throwIfNoEntry: false })) return null;
  } catch {
    return null;
  }
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch (err) {
    return `unreadable:${(err as NodeJS.ErrnoException).code}`;
  }
}

/** Characters that may make a path a glob (fast-glob's syntax; on POSIX also `\`, which escapes it). */
const GLOB_SYNTAX = path.sep === '\\' ? /[*?[\]{}()!+@]/ : /[*?[\]{}()!+@\\]/;

/**
 * The folder a glob's walk starts from, or one above it: the segments before the first with glob syntax. Undefined
 * for a pattern with `..` past that point, which could reach above it.
 */
function globBase(pattern: string, cwd: string): string | undefined {
  const segments = pattern.split(path.sep === '\\' ? /[\\/]/ : '/');
  const first = segments.findIndex((s) => GLOB_SYNTAX.test(s));
  if (segments.slice(first).includes('..')) return undefined;
  const base = segments.slice(0, first).join('/');
  return path.resolve(cwd, base === '' && /^[\\/]/.test(pattern) ? path.sep : base);
}
