// Every fenced code block of README.md is checked: its commands run against the CLI, its samples are compared with
// what the CLI prints, its config is loaded, its workflow and hook files name inputs and hooks that exist. A block no
// check knows fails the first test until it is given a check here (the library blocks run in test/package.test.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT as root } from './helpers/bytes.js';
import { runCli } from './helpers/run-cli.js';

interface Block {
  lang: string;
  text: string;
  line: number;
}

function readmeBlocks(): Block[] {
  const lines = readFileSync(path.join(root, 'README.md'), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!);
    blocks.push({ lang: open[1]!, text: body.join('\n'), line: start + 1 });
  }
  return blocks;
}

/** How each block is checked, by a phrase of its first line. */
type Check =
  | 'commands'
  | 'synopsis'
  | 'resume-block'
  | 'json-sample'
  | 'config'
  | 'config-error'
  | 'action'
  | 'hooks'
  | 'library';
const CHECKS: [RegExp, Check | { notRunnable: string }][] = [
  [/^npm ci && npm run build && npx transcript-lint /, 'commands'],
  [
    /^npm install -g transcript-lint/,
    { notRunnable: 'installs from the npm registry; test/package.test.ts installs the packed tarball' },
  ],
  [/^transcript-lint {2,}# every session/, 'commands'],
  [/^transcript-lint \[paths\.\.\]/, 'synopsis'],
  [/^1 session will not resume/, 'resume-block'],
  [/^- run: npx transcript-lint -f github/, 'commands'],
  [/^\{"version":1,"results"/, 'json-sample'],
  [/^\{$/, 'config'],
  [/^transcript-lint: invalid config/, 'config-error'],
  [/^transcript-lint --session \S+ {2,}#/, 'commands'],
  [/^name: transcripts/, 'action'],
  [/^\s*- uses: actions\/checkout/, 'commands'],
  [/^# \.pre-commit-config\.yaml/, 'hooks'],
  [/^repos:/, 'hooks'],
  [/^#!\/bin\/sh/, 'commands'],
  [/^import \{/, 'library'],
];

const checkOf = (b: Block) => CHECKS.find(([re]) => re.test(b.text.split('\n')[0]!))?.[1];
const blocks = readmeBlocks();
const blocksChecked = (check: Check) => blocks.filter((b) => checkOf(b) === check);

const tmp = mkdtempSync(path.join(tmpdir(), 'tl-readme-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SESSION_ID = '6b0f3c1e-1111-4222-8333-444455556666';
const torn = readFileSync(path.join(root, 'fixtures/sessions/crashed-session.jsonl'), 'utf8');
const compaction = 'fixtures/sessions/claude-code/unwritten-summary/summary-torn.jsonl';
// A crash between the two writes of a compaction (recorded): a session that will not resume as it is.
const broken = readFileSync(path.join(root, compaction), 'utf8');

/** A Claude Code home holding the README's session (one that will not resume), and the files its commands name. */
function home(): { cwd: string; env: Record<string, string> } {
  const cwd = mkdtempSync(path.join(tmp, 'home-'));
  const claude = path.join(cwd, '.claude');
  mkdirSync(path.join(claude, 'projects/-src-shop-api'), { recursive: true });
  writeFileSync(path.join(claude, `projects/-src-shop-api/${SESSION_ID}.jsonl`), broken);
  for (const dir of ['sessions', path.dirname(compaction)]) mkdirSync(path.join(cwd, dir), { recursive: true });
  writeFileSync(path.join(cwd, 'sessions/s.jsonl'), torn);
  writeFileSync(path.join(cwd, 'fixtures/sessions/crashed-session.jsonl'), torn);
  writeFileSync(path.join(cwd, compaction), broken);
  writeFileSync(path.join(cwd, 'package.json'), '{"name":"x"}\n');
  return {
    cwd,
    env: { CLAUDE_CONFIG_DIR: claude, CODEX_HOME: path.join(cwd, '.codex'), COPILOT_HOME: path.join(cwd, '.copilot') },
  };
}

/**
 * The transcript-lint command lines of a block, as argv: a shell comment is cut, `npx [--no-install]` and the bin's
 * path are the command, and `xargs` gets the file names a pre-commit run would pass (package.json, a session).
 */
function commandLines(text: string): string[][] {
  const joined = text.replace(/\|\n\s*/g, '| ');
  const out: string[][] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.replace(/\s#\s.*$/, '').replace(/^\s*-?\s*run:\s*/, '');
    for (const part of line.split(/&&|\|/)) {
      const words = part.trim().split(/\s+/);
      const at = words.findIndex((w) => w === 'transcript-lint' || w.endsWith('bin/transcript-lint.js'));
      if (at < 0 || words[0] === 'npm') continue;
      const argv = words.slice(at + 1).map((w) => w.replace(/^\.transcript-lint\//, ''));
      if (words[0] === 'xargs') argv.push('package.json', 'fixtures/sessions/crashed-session.jsonl');
      out.push(argv);
    }
  }
  return out;
}

describe('README code blocks', () => {
  it('each has a check, or says why it cannot run', () => {
    const unknown = blocks
      .filter((b) => checkOf(b) === undefined)
      .map((b) => `README.md:${b.line}: ${b.text.split('\n')[0]}`);
    expect(unknown).toEqual([]);
    // Every listed phrase still names a block: a block that is gone takes its entry with it.
    expect(
      CHECKS.filter(([re]) => !blocks.some((b) => re.test(b.text.split('\n')[0]!))).map(([re]) => String(re)),
    ).toEqual([]);
  });

  it.each(blocksChecked('commands').map((b) => [b.line, b] as const))(
    'the commands of the block at line %i run, and none is refused as usage (exit 2)',
    async (_line, block) => {
      const argvs = commandLines(block.text);
      expect(argvs.length).toBeGreaterThan(0);
      for (const argv of argvs) {
        const { cwd, env } = home();
        const r = await runCli(argv, { cwd, env, homedir: cwd });
        expect(r.code, `transcript-lint ${argv.join(' ')}\n${r.stderr}`).toBeLessThan(2);
      }
    },
    120_000,
  );

  it('the synopsis names subcommands the CLI has', async () => {
    const [block] = blocksChecked('synopsis');
    const subcommands = [...block!.text.matchAll(/^transcript-lint ([a-z]+) /gm)].map((m) => m[1]!);
    expect(subcommands).toEqual(['rules', 'explain', 'export', 'relocate', 'split']);
    for (const sub of subcommands) {
      const r = await runCli([sub, '--help'], { cwd: tmp });
      expect(r.code, sub).toBe(0);
    }
  });

  it('the resume block is what the report ends with, but the project folder the session names', async () => {
    const [block] = blocksChecked('resume-block');
    const { cwd, env } = home();
    const r = await runCli([], { cwd, env, homedir: cwd });
    const project = (text: string) => text.replace(/^( {2}Claude Code \S+) \(.*\)$/m, '$1 (PROJECT)');
    expect(project(r.stdout)).toContain(project(block!.text));
  });

  it('the JSON sample has the keys the json format writes', async () => {
    const [block] = blocksChecked('json-sample');
    const sample = JSON.parse(block!.text);
    const { cwd, env } = home();
    const r = await runCli(['-f', 'json', 'sessions/s.jsonl'], { cwd, env });
    const real = JSON.parse(r.stdout);
    const keys = (o: object) => Object.keys(o).sort();
    // Every key the sample shows is one the CLI writes (a diagnostic may carry more, such as blockIndex).
    const shown = (sampled: object, written: object) => keys(sampled).filter((k) => !keys(written).includes(k));
    expect(shown(sample, real)).toEqual([]);
    expect(shown(sample.results[0], real.results[0])).toEqual([]);
    const diagnostic = sample.results[0].diagnostics[0];
    const same = real.results[0].diagnostics.find((d: { ruleId: string }) => d.ruleId === diagnostic.ruleId);
    expect(shown(diagnostic, same)).toEqual([]);
  });

  it('the config example is a valid config', async () => {
    const [block] = blocksChecked('config');
    const { cwd, env } = home();
    writeFileSync(path.join(cwd, 'transcript-lint.config.json'), block!.text);
    const r = await runCli(['--print-config', 'sessions/s.jsonl'], { cwd, env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('the config error is the one the CLI prints', async () => {
    const [block] = blocksChecked('config-error');
    const { cwd, env } = home();
    writeFileSync(path.join(cwd, 'transcript-lint.config.json'), '{"rules":{"tool-use-has-reslt":"error"}}\n');
    const r = await runCli(['sessions/s.jsonl'], { cwd, env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${block!.text}\n`);
  });

  it('the workflow passes only inputs action.yml declares', () => {
    const declared = Object.keys(
      (parse(readFileSync(path.join(root, 'action.yml'), 'utf8')) as { inputs: object }).inputs,
    );
    for (const block of blocksChecked('action')) {
      const steps = (parse(block.text) as { jobs: Record<string, { steps: { uses?: string; with?: object }[] }> }).jobs;
      const ours = Object.values(steps)
        .flatMap((j) => j.steps)
        .filter((s) => s.uses?.startsWith('transcript-lint/transcript-lint'));
      expect(ours.length).toBe(1);
      for (const key of Object.keys(ours[0]!.with ?? {})) expect(declared).toContain(key);
    }
  });

  it('the pre-commit configs name hooks that exist, and a local hook runs', async () => {
    const hooks = (parse(readFileSync(path.join(root, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string }[]).map(
      (h) => h.id,
    );
    for (const block of blocksChecked('hooks')) {
      const config = parse(block.text) as { repos: { repo: string; hooks: { id: string; entry?: string }[] }[] };
      for (const repo of config.repos) {
        for (const hook of repo.hooks) {
          if (repo.repo !== 'local') expect(hooks).toContain(hook.id);
          if (!hook.entry) continue;
          const [argv] = commandLines(hook.entry);
          const { cwd, env } = home();
          const r = await runCli([...argv!, 'package.json', 'fixtures/sessions/crashed-session.jsonl'], { cwd, env });
          expect(r.code, r.stderr).toBe(1);
        }
      }
    }
  }, 60_000);
});
