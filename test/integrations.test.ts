// The GitHub Action (action.yml) and the pre-commit hooks (.pre-commit-hooks.yaml) as their hosts read them: the
// metadata keys GitHub and pre-commit accept, inputs that exist, no input spliced into a script, the version the
// action installs is this package's, and each script and hook entry run for real against a crashed session.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};
const bin = path.join(repoRoot, pkg.bin['transcript-lint']!);
const crashed = path.join(repoRoot, 'fixtures/sessions/crashed-session.jsonl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-integrations-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Step = Record<string, unknown> & { run?: string; uses?: string; env?: Record<string, string> };
interface Action {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
  [key: string]: unknown;
}

const action = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as Action;

/** Runs a step's script as the runner would (bash -e), with npx standing for this checkout's bin. */
function runStep(
  step: Step,
  inputs: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } {
  const env: Record<string, string> = { PATH: process.env.PATH!, RUNNER_TEMP: tmp };
  for (const [name, value] of Object.entries(step.env ?? {})) {
    const ref = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(value);
    env[name] = ref ? (inputs[ref[1]!] ?? action.inputs[ref[1]!]!.default ?? '') : value;
  }
  const script = step.run!.replace(/npx --yes "transcript-lint@\$TL_VERSION"/g, `node ${JSON.stringify(bin)}`);
  const r = spawnSync('bash', ['-e', '-c', script], { cwd: repoRoot, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const stepNamed = (name: string) => action.runs.steps.find((s) => s.name === name)!;

describe('action.yml', () => {
  it('refuses args that set the format or the output file, which its own steps set (a second -f is a usage error)', () => {
    const check = stepNamed('Check the inputs');
    for (const args of ['-f compact', '--format=json', '--max-warnings 0 -o out.txt', '--output-file x']) {
      const r = runStep(check, { args });
      expect(r.status, args).toBe(2);
      expect(r.stdout).toMatch(/^::error::transcript-lint action: `args` may not set the format/);
    }
    for (const args of ['', '--max-warnings 0 --target api', '--fix-dry-run', '--ignore-pattern "*.bak"'])
      expect(runStep(check, { args }).status, args).toBe(0);
  });

  it('has only the keys GitHub reads, and the ones it requires', () => {
    const allowed = ['name', 'author', 'description', 'inputs', 'outputs', 'runs', 'branding'];
    expect(Object.keys(action).filter((k) => !allowed.includes(k))).toEqual([]);
    for (const key of ['name', 'description', 'runs']) expect(action[key], key).toBeDefined();
  });

  it('declares each input with a description, and uses no input it does not declare', () => {
    for (const [id, input] of Object.entries(action.inputs)) {
      expect(id).toMatch(/^[_a-zA-Z][a-zA-Z0-9_-]*$/);
      expect(Object.keys(input).filter((k) => !['description', 'required', 'default'].includes(k))).toEqual([]);
      expect(typeof input.description).toBe('string');
      if (input.default !== undefined) expect(typeof input.default).toBe('string');
    }
    const text = readFileSync(path.join(repoRoot, 'action.yml'), 'utf8');
    for (const [, id] of text.matchAll(/inputs\.([\w-]+)/g)) expect(Object.keys(action.inputs)).toContain(id);
  });

  it('is a composite action whose steps each either use an action (pinned to a version) or run a bash script', () => {
    expect(action.runs.using).toBe('composite');
    const stepKeys = ['name', 'id', 'if', 'uses', 'with', 'run', 'shell', 'env', 'working-directory'];
    for (const step of action.runs.steps) {
      expect(Object.keys(step).filter((k) => !stepKeys.includes(k))).toEqual([]);
      expect('uses' in step !== 'run' in step).toBe(true);
      if (step.uses !== undefined) expect(step.uses).toMatch(/^[\w.-]+\/[\w./-]+@v\d+$/);
      else expect(step.shell).toBe('bash');
    }
  });

  it('never splices an input into a script (inputs reach scripts through env)', () => {
    for (const step of action.runs.steps) if (step.run !== undefined) expect(step.run).not.toContain('${{');
  });

  it('installs the version of this package by default', () => {
    expect(action.inputs.version!.default).toBe(pkg.version);
  });

  it('its SARIF step writes a SARIF file and never fails the job; its annotation step fails on errors', () => {
    const sarifStep = stepNamed('transcript-lint (SARIF)');
    const annotateStep = stepNamed('transcript-lint');
    const inputs = { paths: 'fixtures/sessions/crashed-session.jsonl', args: '--max-warnings 0' };
    const sarif = runStep(sarifStep!, inputs);
    expect(sarif.status, sarif.stderr).toBe(0);
    const log = JSON.parse(readFileSync(path.join(tmp, 'transcript-lint.sarif'), 'utf8')) as {
      version: string;
      runs: { results: { ruleId: string }[] }[];
    };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toContain('valid-json');
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'));
    expect((upload!.with as Record<string, string>).sarif_file).toBe('${{ runner.temp }}/transcript-lint.sarif');
    const annotate = runStep(annotateStep!, inputs);
    expect(annotate.status).toBe(1);
    expect(annotate.stdout).toMatch(/^::error file=.*crashed-session\.jsonl,line=\d+/m);
  });

  it('leaves globs in paths to transcript-lint (set -f), so a quoted pattern works', () => {
    const annotateStep = stepNamed('transcript-lint');
    const r = runStep(annotateStep, { paths: 'fixtures/sessions/*.jsonl' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('crashed-session.jsonl');
  });
});

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(readFileSync(path.join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  const KEYS = [
    'id',
    'name',
    'entry',
    'language',
    'files',
    'exclude',
    'types',
    'types_or',
    'exclude_types',
    'always_run',
    'fail_fast',
    'verbose',
    'pass_filenames',
    'require_serial',
    'description',
    'language_version',
    'minimum_pre_commit_version',
    'args',
    'stages',
  ];

  it('lists hooks with the keys pre-commit requires and accepts', () => {
    expect(hooks.length).toBeGreaterThan(0);
    for (const hook of hooks) {
      for (const key of ['id', 'name', 'entry', 'language'])
        expect(typeof hook[key], `${hook.id}: ${key}`).toBe('string');
      expect(Object.keys(hook).filter((k) => !KEYS.includes(k))).toEqual([]);
      expect(hook.language).toBe('node');
      // The entry's command is this package's bin, which pre-commit installs from the repository.
      expect(Object.keys(pkg.bin)).toContain((hook.entry as string).split(' ')[0]);
    }
  });

  it('runs on transcripts and requests only', () => {
    for (const hook of hooks) {
      const files = new RegExp(hook.files as string);
      for (const name of ['a/session.jsonl', 'fixtures/request.json']) expect(files.test(name)).toBe(true);
      for (const name of ['README.md', 'x.jsonl.bak', 'package.yaml']) expect(files.test(name)).toBe(false);
    }
  });

  it('each entry runs as pre-commit runs it (entry, then the staged file names)', () => {
    const [lint, fix] = hooks;
    const copy = path.join(tmp, 'staged.jsonl');
    copyFileSync(crashed, copy);
    const args = (hook: Record<string, unknown>) => [bin, ...(hook.entry as string).split(' ').slice(1), copy];
    const before = spawnSync('node', args(lint!), { encoding: 'utf8' });
    expect(before.status).toBe(1);
    const fixed = spawnSync('node', args(fix!), { encoding: 'utf8' });
    expect(fixed.status, fixed.stderr).toBe(0);
    expect(readFileSync(copy).equals(readFileSync(crashed))).toBe(false);
    expect(spawnSync('node', args(lint!), { encoding: 'utf8' }).status).toBe(0);
    expect(() => readFileSync(`${copy}.bak`)).toThrow();
  });
});
