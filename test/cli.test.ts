// The CLI end to end through main(): exit codes, the stdout/stderr split, colour decisions and output shapes. Exit
// code 1 comes from thinking-signature (an unsigned thinking block), so these tests hold whatever other rules join
// the registry. A torn last line is a valid-json warning: Claude Code resumes from the entry before it.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text, transcript } from './helpers/build.js';
import { type RunOptions, runCli } from './helpers/run-cli.js';
import { REPO_ROOT as repoRoot } from './helpers/bytes.js';

let tmp: string;

/** A small, healthy exchange: a prompt and a text answer. */
function cleanTranscript(prompt = 'hello there'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant([text('Hi! What can I do for you?')]);
  t.lastPrompt(t.lastUuid, prompt);
  return t.toString();
}

/** The same exchange with an unsigned thinking block before the answer (line 2): an error. */
function brokenTranscript(prompt = 'hello there'): string {
  const t = transcript();
  t.user(prompt);
  t.assistant([{ type: 'thinking', thinking: 'hmm' }, text('Hi! What can I do for you?')]);
  t.lastPrompt(t.lastUuid, prompt);
  return t.toString();
}

/** The same exchange, then a crash while the next entry was being written. */
function tornTranscript(): string {
  return `${cleanTranscript()}{"parentUuid":"00000000-0000-4000-8000-000000000002","type":"user","mess`;
}

function write(rel: string, content: string): string {
  const file = path.join(tmp, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

function run(argv: string[], opts: Omit<RunOptions, 'cwd'> & { cwd?: string } = {}) {
  return runCli(argv, { ...opts, cwd: opts.cwd ?? tmp });
}

const ESC = '\x1b';

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-cli-'));
  write('clean.jsonl', cleanTranscript());
  write('torn.jsonl', tornTranscript());
  write('broken.jsonl', brokenTranscript());
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('exit codes', () => {
  it('0 for a clean file, with only the summary on stdout', async () => {
    const r = await run(['clean.jsonl']);
    expect(r).toEqual({ code: 0, stdout: '✔ No problems in 1 file.\n', stderr: '' });
  });

  it('0 for a torn last line: a warning, since Claude Code resumes from the entry before it', async () => {
    const r = await run(['torn.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^torn\.jsonl\n {2}4 {2}warning {2}valid-json \[\*\] Last line is cut off.*\n/);
    expect(r.stderr).toBe('');
  });

  it('1 for an error', async () => {
    const r = await run(['broken.jsonl']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^broken\.jsonl\n {2}2 {2}error {2}thinking-signature \[\*\] Thinking block has no signature.*\n/,
    );
    expect(r.stdout).toMatch(
      /✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)\n\[\*\] 1 fixable with --fix\nLinted 1 file\.\n$/,
    );
    expect(r.stderr).toBe('');
  });

  it('1 when any of several files has errors; files are reported in sorted order', async () => {
    const r = await run(['clean.jsonl', 'broken.jsonl', '-f', 'json']);
    expect(r.code).toBe(1);
    const paths = JSON.parse(r.stdout).results.map((x: { filePath: string }) => path.basename(x.filePath));
    expect(paths).toEqual(['broken.jsonl', 'clean.jsonl']);
  });

  it('2 for an unknown flag, with a usage message and no stack trace', async () => {
    const r = await run(['--bogus', 'clean.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('transcript-lint: unknown option --bogus');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('2 for a bad or missing option value', async () => {
    expect((await run(['-f', 'xml', 'clean.jsonl'])).code).toBe(2);
    expect((await run(['clean.jsonl', '-f'])).code).toBe(2);
    expect((await run(['--target', 'no-such-target', 'clean.jsonl'])).code).toBe(2);
  });

  it('2 for a missing file, even when other files are fine', async () => {
    const r = await run(['clean.jsonl', 'does-not-exist.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('transcript-lint: no such file or directory: does-not-exist.jsonl\n');
  });

  it('2 for a glob that matches nothing', async () => {
    const r = await run(['nothing-here-*.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no files matching the pattern "nothing-here-*.jsonl" were found');
  });

  it('a folder expands to its *.jsonl and to the files formats know by name (a Cline task history)', async () => {
    const history = readFileSync(
      path.join(repoRoot, 'fixtures/rules/cline/result-missing/invalid-interrupted-at-end.json'),
      'utf8',
    );
    write('agents/tasks/1700000000000/api_conversation_history.json', history);
    write('agents/tasks/1700000000000/ui_messages.json', '[]');
    write('agents/session.jsonl', cleanTranscript());
    const r = await run(['agents', '-f', 'json']);
    const results = (JSON.parse(r.stdout) as { results: { filePath: string; inputFormat: string }[] }).results;
    expect(results.map((x) => [path.relative(tmp, x.filePath), x.inputFormat])).toEqual([
      [path.join('agents', 'session.jsonl'), 'claude-code'],
      [path.join('agents', 'tasks', '1700000000000', 'api_conversation_history.json'), 'cline'],
    ]);
  });

  it('2 for a folder with no transcripts in it', async () => {
    mkdirSync(path.join(tmp, 'empty-folder'), { recursive: true });
    const r = await run(['empty-folder']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no *.jsonl or api_conversation_history.json files found in empty-folder');
  });

  it.skipIf(process.getuid?.() === 0)(
    '2 for a file that cannot be read, still reporting the readable ones',
    async () => {
      const locked = write('locked/secret.jsonl', cleanTranscript());
      chmodSync(locked, 0o000);
      try {
        const r = await run(['clean.jsonl', locked]);
        expect(r.code).toBe(2);
        expect(r.stderr).toContain('permission denied');
        expect(r.stdout).toContain('No problems in 1 file');
      } finally {
        chmodSync(locked, 0o600);
      }
    },
  );

  it('2 for a folder tree deeper than the system allows (ENAMETOOLONG), still linting the files elsewhere', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tl-deep-'));
    try {
      // 2,500 levels of `d/`: 5,000 characters, past PATH_MAX (4,096); made from inside, one level at a time.
      mkdirSync(path.join(root, 'deep'));
      const made = spawnSync(process.execPath, [
        '-e',
        `const fs = require('fs'); process.chdir(${JSON.stringify(path.join(root, 'deep'))}); for (let i = 0; i < 2500; i++) { fs.mkdirSync('d'); process.chdir('d'); } fs.writeFileSync('s.jsonl', '{}\\n');`,
      ]);
      expect(made.status).toBe(0);
      writeFileSync(path.join(root, 'deep', 'a.jsonl'), brokenTranscript());
      const r = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'bin', 'transcript-lint.js'), 'deep', '-f', 'compact'],
        {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      expect(r.stderr).toMatch(
        /^transcript-lint: cannot read the folder deep\/d\/d\/[d/]+…[d/]+\/d: its path is longer than the system allows; the files below it were not linted\n$/,
      );
      expect(r.stderr.length).toBeLessThan(400);
      expect(r.stdout).toContain('deep/a.jsonl:');
      expect(r.status).toBe(2);
    } finally {
      spawnSync('rm', ['-rf', root]);
    }
  });

  it('2 for a folder it may not read, still linting the files elsewhere (as an unprivileged user)', () => {
    // Root reads any folder: then the run drops to nobody (setpriv), as the hostile-environment review did.
    const asRoot = process.getuid?.() === 0;
    const nobody = ['--reuid=65534', '--regid=65534', '--clear-groups'];
    const bin = path.join(repoRoot, 'bin', 'transcript-lint.js');
    // Dropped to nobody, the checkout must still be readable (a clone in a private folder is not).
    const canRun = (): boolean =>
      spawnSync(
        'setpriv',
        [
          ...nobody,
          process.execPath,
          '-e',
          `require('fs').accessSync(${JSON.stringify(path.join(repoRoot, 'dist', 'bundle'))})`,
        ],
        {
          stdio: 'ignore',
        },
      ).status === 0;
    if (asRoot && !canRun()) return;
    const root = mkdtempSync(path.join(os.tmpdir(), 'tl-walk-'));
    try {
      mkdirSync(path.join(root, 'walk', 'ok'), { recursive: true });
      mkdirSync(path.join(root, 'walk', 'locked'));
      mkdirSync(path.join(root, 'walk', 'locked2'));
      writeFileSync(path.join(root, 'walk', 'locked2', 'c.jsonl'), brokenTranscript());
      writeFileSync(path.join(root, 'walk', 'ok', 'a.jsonl'), cleanTranscript());
      writeFileSync(path.join(root, 'walk', 'locked', 'b.jsonl'), brokenTranscript());
      for (const d of [root, path.join(root, 'walk'), path.join(root, 'walk', 'ok')]) chmodSync(d, 0o755);
      chmodSync(path.join(root, 'walk', 'ok', 'a.jsonl'), 0o644);
      chmodSync(path.join(root, 'walk', 'locked'), 0o000);
      chmodSync(path.join(root, 'walk', 'locked2'), 0o000);
      const [cmd, args] = asRoot ? ['setpriv', [...nobody, process.execPath, bin]] : [process.execPath, [bin]];
      for (const target of ['walk', 'walk/**/*.jsonl']) {
        const r = spawnSync(cmd, [...args, target], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        });
        // Every one of them, not only the first the walk met.
        expect(r.stderr).toBe(
          'transcript-lint: cannot read the folder walk/locked: permission denied; the files below it were not linted\n' +
            'transcript-lint: cannot read the folder walk/locked2: permission denied; the files below it were not linted\n',
        );
        expect(r.stdout).toContain('✖ 2 files could not be linted');
        expect(r.stdout).toContain('No problems in the 1 file that was linted');
        expect(r.status).toBe(2);
      }
    } finally {
      chmodSync(path.join(root, 'walk', 'locked'), 0o755);
      chmodSync(path.join(root, 'walk', 'locked2'), 0o755);
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('0 for --help and --version, on stdout', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stderr).toBe('');
    const version = await run(['--version']);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(version).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});

describe('paths', () => {
  it('treats an existing path literally, even when it reads as a glob', async () => {
    // As a glob, `x[1].jsonl` would match x1.jsonl; the literal file is the broken one.
    write('literal/x[1].jsonl', brokenTranscript());
    write('literal/x1.jsonl', cleanTranscript());
    const r = await run([path.join('literal', 'x[1].jsonl'), '-f', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results.map((x: { filePath: string }) => path.basename(x.filePath))).toEqual([
      'x[1].jsonl',
    ]);
  });

  it('expands a folder whose name has [, ( and spaces to every *.jsonl below it', async () => {
    const dir = 'sessions [old] (copy)';
    write(`${dir}/a b.jsonl`, cleanTranscript());
    write(`${dir}/sub (2)/c [1].jsonl`, brokenTranscript());
    write(`${dir}/notes.txt`, 'not a transcript');
    write(`${dir}/node_modules/pkg/x.jsonl`, brokenTranscript());
    write(`${dir}/.git/y.jsonl`, brokenTranscript());
    // A symlink out of the folder is not followed.
    write('outside/z.jsonl', brokenTranscript());
    symlinkSync(path.join(tmp, 'outside'), path.join(tmp, dir, 'link'));

    const r = await run([dir, '-f', 'json']);
    expect(r.code).toBe(1);
    const files = JSON.parse(r.stdout).results.map((x: { filePath: string }) => path.relative(tmp, x.filePath));
    expect(files).toEqual([path.join(dir, 'a b.jsonl'), path.join(dir, 'sub (2)', 'c [1].jsonl')]);

    const stylish = await run([dir]);
    expect(stylish.stdout).toContain(`${path.join(dir, 'sub (2)', 'c [1].jsonl')}\n`);
    expect(stylish.stdout).toContain('Linted 2 files.');
  });

  it('never expands a folder or glob to its own config file, but lints it when named', async () => {
    const dir = 'requests';
    write(`${dir}/transcript-lint.config.json`, '{"inputFormat": "request"}');
    write(`${dir}/r.json`, '{"model":"claude-sonnet-4-5","max_tokens":10,"messages":[{"role":"user","content":"hi"}]}');
    for (const args of [[dir], [`${dir}/*.json`]]) {
      const r = await run([...args, '-f', 'json']);
      const files = JSON.parse(r.stdout).results.map((x: { filePath: string }) => path.basename(x.filePath));
      expect(files).toEqual(['r.json']);
    }
    const named = await run([`${dir}/transcript-lint.config.json`, '-f', 'json']);
    expect(JSON.parse(named.stdout).results).toHaveLength(1);
  });

  it('expands globs and deduplicates files named twice', async () => {
    const r = await run(['*.jsonl', 'clean.jsonl', './clean.jsonl', '-f', 'json']);
    const files = JSON.parse(r.stdout).results.map((x: { filePath: string }) => path.basename(x.filePath));
    expect(files).toEqual(['broken.jsonl', 'clean.jsonl', 'torn.jsonl']);
  });

  it('takes a path after -- even when it looks like a flag', async () => {
    write('--odd.jsonl', cleanTranscript());
    const r = await run(['--', '--odd.jsonl']);
    expect(r.code).toBe(0);
  });

  it('lints ${CLAUDE_CONFIG_DIR}/projects when no path is given', async () => {
    write('config-dir/projects/-home-dev-app/5f1c.jsonl', brokenTranscript());
    const r = await run([], { env: { CLAUDE_CONFIG_DIR: path.join(tmp, 'config-dir') } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('5f1c.jsonl');
  });

  it('falls back to ~/.claude/projects, and exits 2 with a clear message when it does not exist', async () => {
    write('home/.claude/projects/p/s.jsonl', cleanTranscript());
    expect((await run([], { homedir: path.join(tmp, 'home') })).code).toBe(0);

    const r = await run([], { homedir: path.join(tmp, 'nobody') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^transcript-lint: no paths given, and no agent's sessions folder exists:\n {2}Claude Code session: ~\/\.claude\/projects\n( {2}.+\n)+pass files, folders or globs\n$/,
    );
    expect(r.stderr).toContain('  Codex CLI rollout: ~/.codex/sessions, ~/.codex/archived_sessions\n');
  });

  it('says a sessions folder that cannot be reached is unreadable, not that none exists', async () => {
    // A loop of links where the config folder should be: stat fails with ELOOP, which is not "absent".
    symlinkSync(path.join(tmp, 'loop-b'), path.join(tmp, 'loop-a'));
    symlinkSync(path.join(tmp, 'loop-a'), path.join(tmp, 'loop-b'));
    const r = await run([], {
      homedir: path.join(tmp, 'nobody'),
      env: { CLAUDE_CONFIG_DIR: path.join(tmp, 'loop-a') },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'cannot read the folder loop-a/projects: too many levels of symbolic links; the files below it were not linted',
    );
    expect(r.stderr).not.toContain('no sessions folder exists');
    expect(r.stderr).not.toContain('no sessions found');
  });
});

describe('output', () => {
  it('json: exactly the versioned document, and nothing else on stdout', async () => {
    const r = await run(['broken.jsonl', '--format', 'json'], { tty: true, env: { FORCE_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.stdout.endsWith('\n')).toBe(true);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['version', 'results']);
    expect(doc.version).toBe(1);
    const [result] = doc.results;
    expect(Object.keys(result)).toEqual([
      'filePath',
      'diagnostics',
      'errorCount',
      'warningCount',
      'fixableCount',
      'unsafeFixableCount',
      'inputFormat',
      'target',
    ]);
    expect(result).toMatchObject({ inputFormat: 'claude-code', target: 'claude-code' });
    expect(result.filePath).toBe(path.join(tmp, 'broken.jsonl'));
    const found = result.diagnostics.find((d: { ruleId: string }) => d.ruleId === 'thinking-signature');
    expect(Object.keys(found).slice(0, 4)).toEqual(['ruleId', 'severity', 'line', 'message']);
    expect(found).toMatchObject({
      ruleId: 'thinking-signature',
      severity: 'error',
      line: 2,
      messageId: 'missingSignature',
      related: [],
    });
    expect(found.docsUrl).toMatch(/thinking-signature\.md$/);
    expect(result.errorCount).toBeGreaterThanOrEqual(1);
    expect(r.stdout).not.toContain(ESC);
  });

  it('no colour when stdout is not a terminal', async () => {
    const r = await run(['torn.jsonl']);
    expect(r.stdout).not.toContain(ESC);
  });

  it('colour on a terminal, unless NO_COLOR is set', async () => {
    expect((await run(['torn.jsonl'], { tty: true })).stdout).toContain(`${ESC}[`);
    expect((await run(['torn.jsonl'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain(ESC);
  });

  it('FORCE_COLOR and --color turn colour on, --no-color turns it off', async () => {
    expect((await run(['torn.jsonl'], { env: { FORCE_COLOR: '1' } })).stdout).toContain(`${ESC}[`);
    expect((await run(['torn.jsonl', '--color'])).stdout).toContain(`${ESC}[`);
    expect((await run(['torn.jsonl', '--no-color'], { tty: true, env: { FORCE_COLOR: '1' } })).stdout).not.toContain(
      ESC,
    );
  });

  it('stylish neutralises control characters from transcript text and file names', async () => {
    // A garbage line whose text carries escape sequences (V8 quotes it in the parse error) in a file whose name does.
    const name = `evil${ESC}]0;pwned${'\x07'}.jsonl`;
    write(name, `${cleanTranscript()}${ESC}[2J\u009b1m\x07\rgone\n`);
    const r = await run([name]);
    // A garbage last line with its newline is a warning (Claude Code skips it and resumes the rest): exit 0.
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('valid-json');
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).not.toContain('\x07');
    expect(r.stdout).not.toContain('\u009b');
    expect(r.stdout).not.toContain('\r');
    expect(r.stdout).toContain('evil\\x1b]0;pwned\\x07.jsonl');
    expect(r.stdout).toContain('\\x1b[2J');
  });

  it('export prints the compiled request as {"messages":[...]}', async () => {
    const r = await run(['export', 'torn.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['messages']);
    expect(doc.messages[0]).toEqual({ role: 'user', content: 'hello there' });
    expect(doc.messages.at(-1).role).toBe('assistant');
  });

  it('export of a tool input nested too deep for JSON.stringify writes it compact, whole', async () => {
    const deep = `${'['.repeat(5000)}{"k":0}${']'.repeat(5000)}`;
    const t = transcript();
    t.user('go');
    const lines = t.toString().replace(/\n$/, '');
    const call = `{"type":"assistant","uuid":"deep-a1","parentUuid":${JSON.stringify(JSON.parse(lines).uuid)},"sessionId":"s","message":{"id":"m1","role":"assistant","model":"x","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"k":${deep}}}]}}`;
    writeFileSync(path.join(tmp, 'deep.jsonl'), `${lines}\n${call}\n`);
    const r = await run(['export', 'deep.jsonl']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"input":{"k":${deep}}`);
  });

  it('export of a missing file exits 2; export with no file is a usage error', async () => {
    const missing = await run(['export', 'nope.jsonl']);
    expect(missing).toEqual({
      code: 2,
      stdout: '',
      stderr: 'transcript-lint: cannot read nope.jsonl: no such file or directory\n',
    });
    expect((await run(['export'])).code).toBe(2);
    expect((await run(['export', 'a.jsonl', 'b.jsonl'])).code).toBe(2);
  });
});

describe('bin/transcript-lint.js (built)', () => {
  const bin = path.join(repoRoot, 'bin', 'transcript-lint.js');
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const spawn = (...args: string[]) =>
    spawnSync(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  beforeAll(() => {
    if (!existsSync(path.join(repoRoot, 'dist', 'src', 'cli', 'main.js'))) {
      throw new Error('dist/ is missing: run `npm run build` (npm test builds first)');
    }
  });

  it('is executable', () => {
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('lints the crashed session fixture: warnings on stdout (Claude Code resumes it), exit 0', () => {
    const r = spawn('fixtures/sessions/crashed-session.jsonl');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^fixtures\/sessions\/crashed-session\.jsonl\n/);
    expect(r.stdout).toMatch(/ {2}13 {2}warning +valid-json \[\*\] Last line is cut off.*\n/);
    expect(r.stderr).toBe('');
  });

  it('lints the crashed compaction fixture: errors on stdout, exit 1', () => {
    const r = spawn('fixtures/sessions/claude-code/unwritten-summary/summary-torn.jsonl');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/ {2}50 {2}error +compact-summary \[\*\] This compact boundary has no summary.*\n/);
    expect(r.stderr).toBe('');
  });

  it('prints JSON only with -f json', () => {
    const r = spawn('-f', 'json', 'fixtures/sessions/crashed-session.jsonl');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).results).toHaveLength(1);
  });

  it('run from a folder that was deleted: one line, exit 2, no stack trace', () => {
    const gone = mkdtempSync(path.join(os.tmpdir(), 'tl-gone-'));
    const script = `process.chdir(${JSON.stringify(gone)}); require('fs').rmdirSync(${JSON.stringify(gone)}); process.argv = [process.argv[0], ${JSON.stringify(bin)}, ${JSON.stringify(path.join(repoRoot, 'fixtures/sessions/crashed-session.jsonl'))}]; import(${JSON.stringify(bin)});`;
    const r = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
    expect(r.stderr).toBe('transcript-lint: cannot read the current folder: it no longer exists (was it deleted?)\n');
    expect(r.status).toBe(2);
  });

  it("with HOME empty, looks for sessions in the account's home, not under the current folder", () => {
    const here = mkdtempSync(path.join(os.tmpdir(), 'tl-home-'));
    try {
      mkdirSync(path.join(here, '.claude', 'projects', '-p'), { recursive: true });
      writeFileSync(path.join(here, '.claude', 'projects', '-p', 's.jsonl'), brokenTranscript());
      const r = spawnSync(process.execPath, [bin, '-f', 'json', '--no-error-on-unmatched-pattern'], {
        cwd: here,
        env: { ...env, HOME: '', CLAUDE_CONFIG_DIR: '', CODEX_HOME: '' },
        encoding: 'utf8',
      });
      expect(r.stdout).not.toContain(here);
      expect(r.stderr).not.toContain(path.join(here, '.claude'));
    } finally {
      rmSync(here, { recursive: true, force: true });
    }
  });

  it('exits 2 on a usage error without a stack trace', () => {
    const r = spawn('--no-such-flag');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('unknown option --no-such-flag');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
