// The .gitignore files of the git work tree a file is in, as git reads them (and as ruff and Biome read them when
// they walk a folder): every `.gitignore` from the work tree's root down to the file's folder, each relative to its
// own folder, a deeper one over a shallower one, plus `.git/info/exclude`. A file below an ignored folder is
// ignored, whatever a deeper pattern says (git cannot re-include it either). Outside a work tree (no `.git` in the
// folder or any folder above) nothing is ignored. The user's global excludes file (core.excludesFile) is not read.
import { lstatSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

export class GitIgnores {
  /** Per folder, the work tree's root above it (undefined: none). */
  private readonly roots = new Map<string, string | undefined>();
  /** Per folder, its .gitignore compiled (undefined: none, or unreadable). */
  private readonly files = new Map<string, Ignore | undefined>();

  /** Whether git would ignore this file (an absolute path). */
  ignores(filePath: string): boolean {
    const dir = path.dirname(filePath);
    const root = this.rootOf(dir);
    if (root === undefined) return false;
    const rel = path.relative(root, filePath).split(path.sep);
    // Each folder from the root down, then the file: the first that is ignored settles it.
    for (let depth = 1; depth <= rel.length; depth++) {
      const isFile = depth === rel.length;
      if (this.ignoredAt(root, rel.slice(0, depth), isFile)) return true;
    }
    return false;
  }

  /** Whether the path (segments below the root) is ignored by the patterns of the folders above it. */
  private ignoredAt(root: string, segments: readonly string[], isFile: boolean): boolean {
    let ignored = false;
    const levels: [folder: string, rules: Ignore | undefined][] = [[root, this.exclude(root)]];
    for (let i = 0; i < segments.length; i++) {
      const folder = path.join(root, ...segments.slice(0, i));
      levels.push([folder, this.gitignoreOf(folder)]);
    }
    for (const [folder, rules] of levels) {
      if (rules === undefined) continue;
      const rel = path
        .relative(folder, path.join(root, ...segments))
        .split(path.sep)
        .join('/');
      const result = rules.test(isFile ? rel : `${rel}/`);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }

  private rootOf(dir: string): string | undefined {
    if (this.roots.has(dir)) return this.roots.get(dir);
    let root: string | undefined;
    // `.git` is a folder, or a file in a linked work tree or a submodule.
    if (exists(path.join(dir, '.git'))) root = dir;
    else {
      const parent = path.dirname(dir);
      root = parent === dir ? undefined : this.rootOf(parent);
    }
    this.roots.set(dir, root);
    return root;
  }

  private gitignoreOf(folder: string): Ignore | undefined {
    return this.compiled(folder, path.join(folder, '.gitignore'));
  }

  private exclude(root: string): Ignore | undefined {
    return this.compiled(`${root}\0exclude`, path.join(root, '.git', 'info', 'exclude'));
  }

  private compiled(key: string, file: string): Ignore | undefined {
    if (this.files.has(key)) return this.files.get(key);
    let rules: Ignore | undefined;
    try {
      if (statSync(file).isFile()) rules = ignore().add(readFileSync(file, 'utf8'));
    } catch {
      // None, or unreadable: git skips it too.
    }
    this.files.set(key, rules);
    return rules;
  }
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
