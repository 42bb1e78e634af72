// The GitHub Action (action.yml) and the pre-commit hooks (.pre-commit-hooks.yaml) as their hosts read them: the
// metadata keys GitHub and pre-commit accept, inputs that exist, no input spliced into a script, the version the
// action runs is its own checkout, and each script and hook entry run for real against a crashed session.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cleanTranscript } from './helpers/cli-fixtures.js';
import { REPO_ROOT as repoRoot } from './helpers/bytes.js';

const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};
const bin = path.join(repoRoot, pkg.bin['transcript-lint']!);
// A crash between the two writes of a compaction (recorded): errors, each repaired by a safe fix.
const crashed = path.join(repoRoot, 'fixtures/sessions/claude-code/unwritten-summary/summary-torn.jsonl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-integrations-'));
/** The repository a workflow checked out: two sessions, one crashed. */
const workspace = path.join(tmp, 'workspace');
mkdirSync(path.join(workspace, 'recordings'), { recursive: true });
copyFileSync(crashed, path.join(workspace, 'recordings', 'crashed.jsonl'));
writeFileSync(path.join(workspace, 'recordings', 'clean.jsonl'), cleanTranscript());
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Step = Record<string, unknown> & { run?: string; uses?: string; env?: Record<string, string> };
interface Action {
  inputs: Record<string, { description: string; default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
  [key: string]: unknown;
}

const action = parse(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')) as Action;

/** What a runner knows when it runs a step: the inputs, the event, and the outputs of earlier steps. */
interface RunnerState {
  inputs?: Record<string, string>;
  fork?: boolean;
  outputs?: Record<string, string>;
  /** Put first on PATH (a stand-in npm). */
  binDir?: string;
}

/** A step's `${{ ... }}` value as the runner expands it, for the expressions action.yml uses. */
function expand(value: string, state: RunnerState): string {
  return value.replace(/\$\{\{ ([^}]+) \}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) return state.inputs?.[input[1]!] ?? action.inputs[input[1]!]!.default ?? '';
    const output = /^steps\.lint\.outputs\.(\w+)$/.exec(expr);
    if (output) return state.outputs?.[output[1]!] ?? '';
    if (expr === 'github.event.pull_request.head.repo.fork') return state.fork === undefined ? '' : String(state.fork);
    throw new Error(`action.yml uses an expression this test does not know: ${expr}`);
  });
}

/**
 * Runs a step's script as the runner runs a composite step with `shell: bash` (bash --noprofile --norc -e -o pipefail,
 * the action's checkout, which is this repository, as GITHUB_ACTION_PATH), in a workspace of its own; returns what it
 * printed and the outputs it set. Without --norc, a bash whose stdin is a socket (as Node's pipes are) and whose
 * environment has no SHLVL reads ~/.bashrc, which took 2-3 s a run on a test machine.
 */
function runStep(
  step: Step,
  state: RunnerState = {},
): { status: number | null; stdout: string; stderr: string; outputs: Record<string, string> } {
  const outputFile = path.join(tmp, `output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(outputFile, '');
  const env: Record<string, string> = {
    PATH: state.binDir ? `${state.binDir}${path.delimiter}${process.env.PATH}` : process.env.PATH!,
    RUNNER_TEMP: tmp,
    GITHUB_ACTION_PATH: repoRoot,
    GITHUB_OUTPUT: outputFile,
  };
  for (const [name, value] of Object.entries(step.env ?? {})) env[name] = expand(value, state);
  const r = spawnSync('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', step.run!], {
    cwd: workspace,
    env,
    encoding: 'utf8',
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, outputs };
}

const stepNamed = (name: string) => action.runs.steps.find((s) => s.name === name)!;

// Each test runs the action's bash steps and the CLI several times; on a loaded machine (load 25 on 2 cores) that
// took 30-55 s, past the suite's 30 s default, so this file's hang guard is longer.
describe('action.yml', { timeout: 180_000 }, () => {
  it('refuses args that set the format or the output file, which its own steps set (a second -f is a usage error)', () => {
    const check = stepNamed('Check the inputs');
    for (const args of ['-f compact', '--format=json', '--max-warnings 0 -o out.txt', '--output-file x']) {
      const r = runStep(check, { inputs: { args } });
      expect(r.status, args).toBe(2);
      expect(r.stdout).toMatch(/^::error::transcript-lint action: `args` may not set the format/);
    }
    for (const args of ['', '--max-warnings 0 --target api', '--fix-dry-run', '--ignore-pattern "*.bak"'])
      expect(runStep(check, { inputs: { args } }).status, args).toBe(0);
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
    const stepKeys = [
      'name',
      'id',
      'if',
      'uses',
      'with',
      'run',
      'shell',
      'env',
      'working-directory',
      'continue-on-error',
    ];
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

  it("installs and builds the action's own checkout, never a package from the registry", () => {
    const npmLog = path.join(tmp, 'npm.log');
    const binDir = path.join(tmp, 'fake-bin');
    mkdirSync(binDir, { recursive: true });
    writeFileSync(path.join(binDir, 'npm'), `#!/bin/sh\necho "$PWD: npm $*" >> ${JSON.stringify(npmLog)}\n`);
    chmodSync(path.join(binDir, 'npm'), 0o755);
    const r = runStep(stepNamed('Install transcript-lint'), { binDir });
    expect(r.status, r.stderr).toBe(0);
    const calls = readFileSync(npmLog, 'utf8').trim().split('\n');
    expect(calls).toEqual([
      `${repoRoot}: npm ci --no-audit --no-fund --loglevel=error`,
      `${repoRoot}: npm run build --silent`,
    ]);
    expect(readFileSync(path.join(repoRoot, 'action.yml'), 'utf8')).not.toMatch(/npx|transcript-lint@/);
  });

  /** The lint step, then the last one, as a run goes: the annotations, the outputs, the job's exit code. */
  function lintRun(state: RunnerState) {
    const lint = runStep(stepNamed('transcript-lint'), state);
    const result = runStep(stepNamed('Result'), { outputs: lint.outputs });
    return { lint, status: result.status };
  }

  it('annotates from one lint, uploads no SARIF unless asked, and fails the job on errors', () => {
    const { lint, status } = lintRun({ inputs: { paths: 'recordings/', args: '--max-warnings 0' } });
    expect(lint.status, lint.stderr).toBe(0);
    expect(lint.stdout).toMatch(/^::error file=recordings\/crashed\.jsonl,line=\d+,title=compact-summary::/m);
    expect(lint.stdout).not.toContain('clean.jsonl');
    expect(lint.outputs).toEqual({ status: '1' });
    expect(status).toBe(1);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    // The upload runs only when the lint step named a SARIF file.
    expect(upload.if).toBe("steps.lint.outputs.sarif != ''");
    expect(lint.outputs.sarif).toBeUndefined();
  });

  it('with sarif: true, writes the SARIF of the same lint for the upload step', () => {
    const { lint, status } = lintRun({ inputs: { paths: 'recordings/', sarif: 'true' } });
    expect(lint.outputs.sarif).toBe(path.join(tmp, 'transcript-lint.sarif'));
    const log = JSON.parse(readFileSync(lint.outputs.sarif!, 'utf8')) as {
      version: string;
      runs: {
        results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
      }[];
    };
    expect(log.version).toBe('2.1.0');
    const sarifFindings = log.runs[0]!.results.map(
      (r) => `${r.locations[0]!.physicalLocation.artifactLocation.uri} ${r.ruleId}`,
    );
    const annotations = [...lint.stdout.matchAll(/^::\w+ file=([^,]+),.*title=([^:]+)::/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(sarifFindings.sort()).toEqual(annotations.sort());
    expect(status).toBe(1);
    const upload = action.runs.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    expect(upload['continue-on-error']).toBe(true);
    expect(expand((upload.with as Record<string, string>).sarif_file!, { outputs: lint.outputs })).toBe(
      lint.outputs.sarif,
    );
  });

  it('skips the SARIF upload with a notice on a pull request from a fork', () => {
    const { lint } = lintRun({ inputs: { paths: 'recordings/', sarif: 'true' }, fork: true });
    expect(lint.stdout).toMatch(/^::notice::transcript-lint action: no SARIF upload on a pull request from a fork/m);
    expect(lint.outputs.sarif).toBeUndefined();
    expect(lint.stdout).toMatch(/^::error file=recordings\/crashed\.jsonl/m);
  });

  it('passes a clean run, and a failed run (exit 2) on to the job', () => {
    expect(lintRun({ inputs: { paths: 'recordings/clean.jsonl' } }).status).toBe(0);
    const missing = lintRun({ inputs: { paths: 'no-such-folder/' } });
    expect(missing.lint.stderr).toContain('no-such-folder');
    expect(missing.status).toBe(2);
  });

  it('leaves globs in paths to transcript-lint (set -f), so a quoted pattern works', () => {
    const { lint, status } = lintRun({ inputs: { paths: 'recordings/*.jsonl' } });
    expect(status).toBe(1);
    expect(lint.stdout).toContain('recordings/crashed.jsonl');
  });
});

describe('.pre-commit-hooks.yaml', { timeout: 180_000 }, () => {
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

  it('passes a commit of other JSON files (package.json, tsconfig.json), which --ignore-unknown skips', () => {
    const other = path.join(tmp, 'package.json');
    writeFileSync(other, '{"name":"x","version":"1.0.0"}\n');
    for (const hook of hooks) {
      const entry = (hook.entry as string).split(' ').slice(1);
      const alone = spawnSync('node', [bin, ...entry, other], { encoding: 'utf8' });
      expect(alone.status, `${hook.id}: ${alone.stdout}${alone.stderr}`).toBe(0);
      expect(alone.stdout).not.toContain('known-format');
      expect(readFileSync(other, 'utf8')).toBe('{"name":"x","version":"1.0.0"}\n');
    }
    // Beside a broken session, only the session is reported.
    const copy = path.join(tmp, 'staged-2.jsonl');
    copyFileSync(crashed, copy);
    const [lint] = hooks;
    const both = spawnSync('node', [bin, ...(lint!.entry as string).split(' ').slice(1), '-f', 'json', other, copy], {
      encoding: 'utf8',
    });
    expect(both.status).toBe(1);
    const report = JSON.parse(both.stdout) as { results: { filePath: string }[] };
    expect(report.results.map((r) => r.filePath)).toEqual([copy]);
    // Without the flag, the same file is an error: known-format.
    expect(spawnSync('node', [bin, other], { encoding: 'utf8' }).status).toBe(1);
  });
});
