// The package as npm publishes it: the files `npm pack` puts in the tarball (what must be there, what must not),
// and the tarball unpacked into a node_modules of its own, run as a user would run it: the bin, `explain` (which
// reads the packed docs) and the library import.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { REPO_ROOT as repoRoot } from './helpers/bytes.js';

const crashed = path.join(repoRoot, 'fixtures/sessions/crashed-session.jsonl');
const crashedCompaction = path.join(repoRoot, 'fixtures/sessions/claude-code/unwritten-summary/summary-torn.jsonl');
let tmp: string;
let files: string[];
let installed: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-pack-'));
  // --ignore-scripts: `npm test` has just built dist/, and prepack would build it again.
  const out = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [packed] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  files = packed!.files.map((f) => f.path);
  // Unpacked where a project's install would put it; its dependencies come from this checkout's node_modules.
  const modules = path.join(tmp, 'node_modules');
  installed = path.join(modules, 'transcript-lint');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(tmp, packed!.filename), '-C', installed, '--strip-components=1']);
  for (const name of readdirSync(path.join(repoRoot, 'node_modules')))
    if (name !== '.bin' && name !== 'transcript-lint')
      symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the packed tarball', () => {
  it('holds the bin, the bundle and its worker, the library with its types, the docs, the schema and the license', () => {
    for (const file of [
      'package.json',
      'README.md',
      'LICENSE',
      'bin/transcript-lint.js',
      'dist/bundle/cli.js',
      'dist/bundle/lint-worker.js',
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'schema/config.schema.json',
    ])
      expect(files, file).toContain(file);
    for (const { meta } of rules) expect(files, meta.id).toContain(`docs/rules/${meta.id}.md`);
  });

  it('holds no sources, tests, fixtures, source maps or CI files', () => {
    expect(files.filter((f) => /^(src|test|fixtures|scripts|\.ci|\.github)\//.test(f) || f.endsWith('.map'))).toEqual(
      [],
    );
  });

  it('runs from node_modules: lint, explain, --version', () => {
    const bin = path.join(installed, 'bin/transcript-lint.js');
    // The crashed session has warnings only (exit 0); the crashed compaction has errors (exit 1).
    const lint = spawnSync('node', [bin, crashed], { encoding: 'utf8', cwd: tmp });
    expect(lint.status, lint.stderr).toBe(0);
    expect(lint.stdout).toContain('valid-json');
    const broken = spawnSync('node', [bin, crashedCompaction], { encoding: 'utf8', cwd: tmp });
    expect(broken.status, broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(/ error +compact-summary/);
    const explain = spawnSync('node', [bin, 'explain', 'valid-json'], { encoding: 'utf8', cwd: tmp });
    expect(explain.status, explain.stderr).toBe(0);
    expect(explain.stdout).toMatch(/^# valid-json/);
    const version = spawnSync('node', [bin, '--version'], { encoding: 'utf8', cwd: tmp });
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(pkg.version);
  });

  it('is importable as the library by its package name (ESM)', () => {
    const script = `import { readFileSync } from 'node:fs';
import { lintText, exportRequest } from 'transcript-lint';
const r = lintText(readFileSync(process.env.SESSION, 'utf8'), { filePath: 'a.jsonl' });
console.log(JSON.stringify([r.inputFormat, r.diagnostics.map((d) => d.ruleId), typeof exportRequest]));`;
    const r = spawnSync('node', ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: tmp,
      env: { ...process.env, SESSION: crashed },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['claude-code', ['tool-use-has-result', 'valid-json'], 'function']);
  });

  it('is loadable with require() (Node ^20.19 and >=22.12 load ES modules through it)', () => {
    const script = `const { lintFileSync } = require('transcript-lint');
console.log(JSON.stringify(lintFileSync(process.env.SESSION).diagnostics.map((d) => d.ruleId)));`;
    const r = spawnSync('node', ['-e', script], {
      encoding: 'utf8',
      cwd: tmp,
      env: { ...process.env, SESSION: crashed },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toEqual(['tool-use-has-result', 'valid-json']);
  });

  it("runs the README's library examples as written, against the installed package", () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const library = readme.slice(
      readme.indexOf('## Library'),
      readme.indexOf('\n## ', readme.indexOf('## Library') + 1),
    );
    const blocks = [...library.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(1);
    const project = path.join(tmp, 'readme-project');
    mkdirSync(path.join(project, 'recordings'), { recursive: true });
    symlinkSync(path.join(tmp, 'node_modules'), path.join(project, 'node_modules'));
    copyFileSync(crashed, path.join(project, 'session.jsonl'));
    copyFileSync(crashed, path.join(project, 'recordings', 'session.jsonl'));
    copyFileSync(
      path.join(repoRoot, 'fixtures/sessions/codex/recordings/plain/rollout.jsonl'),
      path.join(project, 'rollout.jsonl'),
    );
    blocks.forEach((code, i) => {
      const file = path.join(project, `example-${i}.mjs`);
      writeFileSync(file, code);
      const r = spawnSync('node', [file], { encoding: 'utf8', cwd: project });
      expect(r.status, `README library example ${i + 1}:\n${code}\n${r.stderr}`).toBe(0);
    });
  });
});
