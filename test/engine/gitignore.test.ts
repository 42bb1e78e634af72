// .gitignore: which files git ignores in a work tree (GitIgnores, checked against `git check-ignore` where git is
// installed), and through the CLI: a folder or glob skips them, a file named is linted, --no-ignore lints them all.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitIgnores } from '../../src/engine/gitignore.js';
import { brokenTranscript, cleanTranscript, writeFile } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
let repo: string;

/** Every file of the tree below, relative, with forward slashes. */
const FILES = [
  'a.jsonl',
  'build/out.jsonl',
  'build/keep.jsonl',
  'logs/x.tmp.jsonl',
  'logs/y.jsonl',
  'sub/local.jsonl',
  'sub/deep/local.jsonl',
  'sub/other.jsonl',
  'sub/re.jsonl',
  'excluded.jsonl',
];

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-gitignore-'));
  repo = path.join(tmp, 'repo');
  mkdirSync(path.join(repo, '.git', 'info'), { recursive: true });
  // build/ is ignored as a folder: `!build/keep.jsonl` cannot bring a file back from it (git's rule).
  writeFile(repo, '.gitignore', '# comment\nbuild/\n!build/keep.jsonl\n*.tmp.jsonl\nre.jsonl\n');
  // A deeper file is relative to its folder, and wins over the root's.
  writeFile(repo, 'sub/.gitignore', 'local.jsonl\n!re.jsonl\n');
  writeFile(repo, '.git/info/exclude', 'excluded.jsonl\n');
  for (const f of FILES)
    writeFile(repo, f, f.includes('out') || f.includes('local') ? brokenTranscript() : cleanTranscript());
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const IGNORED = [
  'build/out.jsonl',
  'build/keep.jsonl',
  'logs/x.tmp.jsonl',
  'sub/local.jsonl',
  'sub/deep/local.jsonl',
  'excluded.jsonl',
];

describe('GitIgnores', () => {
  it('ignores what the .gitignore files and .git/info/exclude of the work tree say', () => {
    const git = new GitIgnores();
    const ignored = FILES.filter((f) => git.ignores(path.join(repo, ...f.split('/'))));
    expect(ignored.sort()).toEqual([...IGNORED].sort());
  });

  it('agrees with git check-ignore', () => {
    const init = spawnSync('git', ['init', '-q', repo], { encoding: 'utf8' });
    if (init.error) return; // git is not installed: the list above stands.
    const r = spawnSync('git', ['check-ignore', '--no-index', ...FILES], { cwd: repo, encoding: 'utf8' });
    expect(r.stdout.trim().split('\n').sort()).toEqual([...IGNORED].sort());
  });

  it('ignores nothing outside a work tree', () => {
    const plain = mkdtempSync(path.join(tmp, 'plain-'));
    writeFile(plain, '.gitignore', '*.jsonl\n');
    expect(new GitIgnores().ignores(path.join(plain, 'a.jsonl'))).toBe(false);
  });
});

describe('through the CLI', () => {
  const relFiles = (stdout: string) =>
    JSON.parse(stdout)
      .results.map((x: { filePath: string }) => path.relative(repo, x.filePath).split(path.sep).join('/'))
      .sort();

  it('a folder skips what git ignores, silently', async () => {
    const r = await runCli(['.', '-f', 'json'], { cwd: repo });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(relFiles(r.stdout)).toEqual(FILES.filter((f) => !IGNORED.includes(f)).sort());
  });

  it('so does a glob', async () => {
    const r = await runCli(['sub/**/*.jsonl', '-f', 'json'], { cwd: repo });
    expect(relFiles(r.stdout)).toEqual(['sub/other.jsonl', 'sub/re.jsonl']);
  });

  it('a file named on the command line is linted all the same', async () => {
    const r = await runCli(['build/out.jsonl', '-f', 'json'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(relFiles(r.stdout)).toEqual(['build/out.jsonl']);
  });

  it('--no-ignore lints every file found', async () => {
    const r = await runCli(['.', '--no-ignore', '-f', 'json'], { cwd: repo });
    expect(r.code).toBe(1);
    expect(relFiles(r.stdout)).toEqual([...FILES].sort());
  });

  it('a folder whose every file git ignores is unmatched (exit 2), saying what skipped them', async () => {
    const r = await runCli(['build'], { cwd: repo });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'transcript-lint: every file matched by "build" is skipped by the config\'s "ignores", --ignore-pattern or .gitignore (--no-ignore lints them)\n',
    );
  });
});
