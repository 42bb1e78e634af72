// Expanding a folder (src/engine/files.ts expandPaths) never follows a symlink out of it: neither a linked folder
// nor a linked *.jsonl file pointing elsewhere is listed, a link loop does not hang, and the CLI lints only what is
// really inside the folder. A path given explicitly is taken as given (the user named it).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandPaths } from '../../src/engine/files.js';
import { text, transcript } from '../helpers/build.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
let inside: string;
let outside: string;

function clean(): string {
  const t = transcript();
  t.user('hi');
  t.assistant([text('hello')]);
  return t.toString();
}

beforeAll(() => {
  tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tl-symlinks-')));
  inside = path.join(tmp, 'sessions');
  outside = path.join(tmp, 'elsewhere');
  mkdirSync(path.join(inside, 'project'), { recursive: true });
  mkdirSync(path.join(outside, 'secret'), { recursive: true });
  writeFileSync(path.join(inside, 'project', 'a.jsonl'), clean());
  // Outside the folder: a torn transcript (exit 1 if it were linted) in a folder and as a single file.
  writeFileSync(path.join(outside, 'secret', 'b.jsonl'), `${clean()}{"type":"us`);
  writeFileSync(path.join(outside, 'c.jsonl'), `${clean()}{"type":"us`);
  symlinkSync(path.join(outside, 'secret'), path.join(inside, 'project', 'linked-dir'), 'dir');
  symlinkSync(path.join(outside, 'c.jsonl'), path.join(inside, 'project', 'linked.jsonl'), 'file');
  symlinkSync('../../elsewhere', path.join(inside, 'project', 'relative-link'), 'dir');
  // A loop: a link to an ancestor.
  symlinkSync(inside, path.join(inside, 'project', 'loop'), 'dir');
  // A dangling link.
  symlinkSync(path.join(tmp, 'nowhere.jsonl'), path.join(inside, 'dangling.jsonl'), 'file');
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('folder expansion and symlinks', () => {
  it('lists only the files really inside the folder', async () => {
    const { files, unmatched, skippedLinks } = await expandPaths([inside], tmp);
    expect(unmatched).toEqual([]);
    expect(files).toEqual([path.join(inside, 'project', 'a.jsonl')]);
    expect(skippedLinks).toEqual([path.join(inside, 'project', 'linked.jsonl')]);
  });

  it('a glob over the folder does not follow the links either', async () => {
    const { files } = await expandPaths([path.join(inside, '**', '*.jsonl')], tmp);
    expect(files).toEqual([path.join(inside, 'project', 'a.jsonl')]);
    const { files: relative } = await expandPaths(['sessions/**/*.jsonl'], tmp);
    expect(relative).toEqual([path.join(inside, 'project', 'a.jsonl')]);
  });

  it('every listed file resolves inside the folder', async () => {
    const { files } = await expandPaths([inside], tmp);
    for (const f of files) expect(realpathSync(f).startsWith(inside + path.sep)).toBe(true);
  });

  it('the CLI lints only the file inside (the torn files outside would exit 1), and names the linked file it skipped', async () => {
    const { code, stdout, stderr } = await runCli(['sessions', '--format', 'json'], { cwd: tmp });
    // The link to a file is named (not the dangling one, nor linked folders): a linked session is not lost unsaid.
    expect(stderr).toBe(
      'transcript-lint: skipped 1 symlink to a file (a folder or glob follows no link; name it to lint it):\n  sessions/project/linked.jsonl\n',
    );
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as { results: { filePath: string }[] } | { filePath: string }[];
    const results = Array.isArray(doc) ? doc : doc.results;
    expect(results.map((r) => r.filePath)).toEqual([path.join(inside, 'project', 'a.jsonl')]);
  });

  it('a link named explicitly on the command line is linted (the user asked for it)', async () => {
    const { files } = await expandPaths([path.join(inside, 'project', 'linked.jsonl')], tmp);
    expect(files).toEqual([path.join(inside, 'project', 'linked.jsonl')]);
  });
});
