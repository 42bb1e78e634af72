// What a newcomer meets first (issue 17): --help and the stylish report on 80- and 200-column terminals (through a
// real pseudo-terminal), -h/-v, a mistyped flag, --quiet, the fix summary, the progress label, --fix without paths
// next to a live session, --session prefixes, and export's inputs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenTranscript, cleanTranscript, danglingTranscript, writeFile } from './helpers/cli-fixtures.js';
import { type RunOptions, runCli } from './helpers/run-cli.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'transcript-lint.js');
const ptyRun = path.join(root, 'test', 'helpers', 'pty-run.py');
const hasPython = spawnSync('python3', ['-c', 'import pty'], { stdio: 'ignore' }).status === 0;

let tmp: string;
const run = (argv: string[], opts: Omit<RunOptions, 'cwd'> & { cwd?: string } = {}) =>
  runCli(argv, { ...opts, cwd: opts.cwd ?? tmp });

/** The bin on a pseudo-terminal `columns` wide: what the terminal shows, and the exit code. */
function onTerminal(columns: number, args: string[]): { text: string; code: number | null } {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.COLUMNS;
  delete env.FORCE_COLOR;
  const r = spawnSync('python3', [ptyRun, String(columns), process.execPath, bin, ...args], {
    cwd: tmp,
    env,
    encoding: 'utf8',
  });
  return { text: r.stdout, code: r.status };
}

/** A transcript whose findings have long messages: a call without its result, mid-history and at the end. */
function longMessages(): string {
  return danglingTranscript();
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-first-'));
  writeFile(tmp, 'clean.jsonl', cleanTranscript());
  writeFile(tmp, 'broken.jsonl', brokenTranscript());
  writeFile(tmp, 'dangling.jsonl', longMessages());
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!hasPython)('on a terminal', () => {
  for (const columns of [80, 200]) {
    it(`--help fits ${columns} columns: no line over the width or 100, no word broken, no tag on a line of its own`, () => {
      const { text, code } = onTerminal(columns, ['--help']);
      expect(code).toBe(0);
      const lines = text.trimEnd().split('\n');
      for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(Math.min(columns, 100));
      expect(text).not.toContain('[boolean]');
      // Every option is on its own line, its description beside it or (too long a label) on the next one.
      expect(text).toMatch(/^ {2}-f, --format NAME +Output format/m);
      expect(text).toMatch(/^ {6}--session ID +Lint the session/m);
      expect(text).toMatch(/^Exit codes:\n {2}0 {2}no errors/m);
      // Descriptions continue under themselves, not at the start of the line.
      const continued = lines.filter((l) => /^ {20,}\S/.test(l));
      expect(continued.length).toBeGreaterThan(columns === 80 ? 20 : 0);
    });

    it(`the stylish report fits ${columns} columns: the rule id beside the line, messages wrapped under it`, () => {
      const { text, code } = onTerminal(columns, ['dangling.jsonl', 'broken.jsonl']);
      expect(code).toBe(1);
      for (const line of text.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(columns);
      expect(text).toMatch(/^ {2}\d {2}warning {2}tool-use-has-result (?:\[\*\] )?tool_use toolu_01A/m);
      expect(text).toMatch(/^ {2}\d {2}error {2}thinking-signature \[\*\] Thinking block/m);
      if (columns === 80) expect(text).toMatch(/\n {12,}\S/);
      expect(text).toMatch(/\[\*\] \d+ fixable with --fix/);
    });
  }

  it('COLUMNS wins over the terminal, as in other CLIs', () => {
    const env = { ...process.env, COLUMNS: '60', NO_COLOR: '1' };
    const r = spawnSync(process.execPath, [bin, '--help'], { cwd: tmp, env, encoding: 'utf8' });
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
  });
});

/**
 * A home folder with a broken session of each agent (a Claude Code session with an unsigned thinking block, a Codex rollout whose last line is
 * torn inside a character, a Copilot session with a cut-off event glued to the next), and a Claude Code session with a warning only.
 */
function brokenHome(): { home: string; claude: string; codex: string; copilot: string } {
  const home = mkdtempSync(path.join(tmp, 'broken-home-'));
  const claude = '6b0f3c1e-1111-4222-8333-444455556666';
  writeFile(home, `.claude/projects/-tmp-project/${claude}.jsonl`, brokenTranscript());
  writeFile(home, '.claude/projects/-tmp-project/22222222-2222-4222-8222-222222222222.jsonl', longMessages());
  // Its last line is cut off inside a multi-byte character: Codex cannot read the file at all (an error).
  const rollout = readFileSync(path.join(root, 'fixtures/rules/codex/valid-jsonl/invalid-torn-last-line-utf8.jsonl'));
  const codex = /"id":"([^"]+)"/.exec(rollout.toString('latin1'))![1]!;
  const rolloutFile = path.join(home, `.codex/sessions/2026/12/01/rollout-2026-12-01T09-29-44-${codex}.jsonl`);
  mkdirSync(path.dirname(rolloutFile), { recursive: true });
  writeFileSync(rolloutFile, rollout);
  const events = readFileSync(
    path.join(root, 'fixtures/rules/copilot/concatenated-event/invalid-concatenated-event.jsonl'),
    'utf8',
  );
  const copilot = /"sessionId":"([^"]+)"/.exec(events)![1]!;
  writeFile(home, `.copilot/session-state/${copilot}/events.jsonl`, events);
  return { home, claude, codex, copilot };
}

describe('which session will not resume', () => {
  it('the report ends with each broken session of each agent, its first error, and the commands to repair and resume it', async () => {
    const { home, claude, codex, copilot } = brokenHome();
    const r = await run([], { homedir: home, env: {} });
    expect(r.code).toBe(1);
    const block = r.stdout.slice(r.stdout.indexOf('\n3 sessions will not resume'));
    const lines = block.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '',
      '3 sessions will not resume as they are:',
      `  Claude Code ${claude} (/tmp/project)`,
      '    thinking-signature: Thinking block has no signature',
      `    transcript-lint --session ${claude} --fix`,
      `    claude --resume ${claude}`,
      `  Codex CLI ${codex} (/tmp/codex-proj)`,
    ]);
    expect(lines[7]).toMatch(/^ {4}codex\/valid-jsonl: \S/);
    expect(lines.slice(8, 11)).toEqual([
      `    transcript-lint --session ${codex} --fix`,
      `    codex resume ${codex}`,
      `  Copilot CLI ${copilot} (/tmp/copilot-proj)`,
    ]);
    expect(lines[11]).toMatch(/^ {4}copilot\/concatenated-event: A cut-off event \(\d+ characters\) is glued/);
    expect(lines.slice(12)).toEqual([
      `    transcript-lint --session ${copilot} --fix`,
      `    copilot --resume=${copilot}`,
      '',
    ]);
    // The session with a warning only resumes: it is in the report, not in the block.
    expect(r.stdout).toContain('22222222-2222-4222-8222-222222222222.jsonl\n');
    expect(block).not.toContain('22222222');
    // Its repair command does what it says: the Claude Code session then has no error.
    await run(['--session', claude, '--fix'], { homedir: home, env: {} });
    const after = await run([], { homedir: home, env: {} });
    expect(after.stdout).toContain('2 sessions will not resume as they are:');
    expect(after.stdout).not.toContain(`Claude Code ${claude}`);
  });

  it("--quiet keeps the block (it lists errors only), and a file outside the agents' folders gets none", async () => {
    const { home, claude } = brokenHome();
    const quiet = await run(['--quiet'], { homedir: home, env: {} });
    expect(quiet.stdout).toContain(`3 sessions will not resume as they are:\n  Claude Code ${claude}`);
    const copy = await run(['broken.jsonl']);
    expect(copy.stdout).toContain('thinking-signature');
    expect(copy.stdout).not.toContain('will not resume');
  });
});

describe('--diff of a two-block swap', () => {
  const swap = () =>
    readFileSync(path.join(root, 'fixtures/rules/tool-result-first/invalid-text-before-result.jsonl'), 'utf8');

  it('on a terminal: what changed in the header, the changed words only, colour; piped: a patch that applies', async () => {
    writeFile(tmp, 'swap.jsonl', swap());
    const tty = await run(['swap.jsonl', '--diff'], { tty: true, env: { COLUMNS: '80' } });
    expect(tty.code).toBe(1);
    const plain = await run(['swap.jsonl', '--diff']);
    expect(plain.stdout).toContain('\n@@ -1,7 +1,7 @@ line 4: message.content[0] <-> [1]\n');
    expect(plain.stdout).not.toContain('\x1b');
    expect(tty.stdout).toContain('\x1b[36m@@ -1,7 +1,7 @@ line 4: message.content[0] <-> [1]\x1b[39m');
    // The context lines fit the terminal; the whole is a fraction of the patch.
    for (const line of tty.stdout.split('\n').filter((l) => l.startsWith('\x1b[2m ')))
      expect(line.replace(/\x1b\[\d+m/g, '').length, line).toBeLessThanOrEqual(80);
    expect(tty.stdout.length * 3).toBeLessThan(plain.stdout.length);
    const noColor = await run(['swap.jsonl', '--diff', '--no-color'], { tty: true, env: { COLUMNS: '80' } });
    expect(noColor.stdout).not.toContain('\x1b');
    expect(noColor.stdout).toMatch(/\n-….*\{"type":"text","text":"Here is the output:"\},\{"tool_use_id":"toolu/);
    // Every line, the changed ones too, fits the 80 columns.
    for (const line of noColor.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    // Piped with --color: the whole patch, coloured.
    const colored = await run(['swap.jsonl', '--diff', '--color']);
    expect(colored.stdout).toContain('\x1b[31m');
    expect(colored.stdout.replace(/\x1b\[\d+m/g, '')).toBe(plain.stdout);
    const hasPatch = spawnSync('patch', ['--version'], { stdio: 'ignore' }).status === 0;
    if (hasPatch) {
      const r = spawnSync('patch', ['-p1'], { cwd: tmp, input: plain.stdout, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect((await run(['swap.jsonl'])).stdout).toContain('No problems');
    }
  });
});

describe('piped output', () => {
  it('is one line per finding, however long', async () => {
    const r = await run(['dangling.jsonl']);
    const row = r.stdout.split('\n').find((l) => l.includes('tool-use-has-result'))!;
    expect(row.length).toBeGreaterThan(100);
    expect(row).toMatch(/^ {2}\d {2}warning {2}tool-use-has-result /);
  });

  it('--help is 100 columns wide at most', async () => {
    const r = await run(['--help']);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });
});

describe('subcommand help', () => {
  it('is laid out like the top-level help: usage, summary, options in two columns wrapped to the width', async () => {
    const r = await run(['relocate', '--help'], { env: { COLUMNS: '80' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'Usage: transcript-lint relocate --session ID --to DIR [--from FILE] [--dry-run]',
        '',
        'Move a Claude Code session to the project folder of another working directory,',
        "rewriting its entries' cwd.",
        '',
        'Options:',
        '      --session ID      The session id (required)',
        '      --to DIR          The working directory the session moves to (required)',
        '      --from FILE       The session file, when the id is in several project',
        '                        folders',
        '      --dry-run         Say what would change; change nothing',
        '      --force           Move even while another process has it open',
        '      --no-backup       Keep no <file>.bak of each rewritten file (kept by',
        '                        default)',
        '      --backup-dir DIR  Write the backups into this folder',
        '  -h, --help            Show this help',
        '',
      ].join('\n'),
    );
    // No yargs tags, and every subcommand's help fits 80 columns.
    for (const command of ['rules', 'explain', 'export', 'relocate', 'split']) {
      const help = await run([command, '--help'], { env: { COLUMNS: '80' } });
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(new RegExp(`^Usage: transcript-lint ${command}`));
      expect(help.stdout, command).not.toMatch(/\[(string|boolean|required)\]/);
      for (const line of help.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    }
  });
});

describe('flags a newcomer types', () => {
  it('-h and -v are --help and --version', async () => {
    expect((await run(['-h'])).stdout).toBe((await run(['--help'])).stdout);
    const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
    expect(await run(['-v'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('a mistyped flag gets the nearest one, in the tool’s words', async () => {
    const r = await run(['--sesion', 'x', 'clean.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "transcript-lint: unknown option --sesion (did you mean --session?)\nRun 'transcript-lint --help' for usage.\n",
    );
    expect((await run(['--no-progres', 'clean.jsonl'])).stderr).toContain(
      'unknown option --no-progres (did you mean --no-progress?)',
    );
    expect((await run(['--zzzzzz', 'clean.jsonl'])).stderr).toContain('unknown option --zzzzzz\n');
  });
});

describe('--quiet', () => {
  it('prints nothing when every finding is a hidden warning, and says why the run failed', async () => {
    expect(await run(['dangling.jsonl', '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const strict = await run(['dangling.jsonl', '--quiet', '--max-warnings', '0']);
    expect(strict).toEqual({
      code: 1,
      stdout: '',
      stderr: 'transcript-lint: too many warnings: 1, the maximum is 0 (--max-warnings); --quiet does not show them\n',
    });
  });

  it('still prints the errors and their summary', async () => {
    const r = await run(['dangling.jsonl', 'broken.jsonl', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('thinking-signature');
    expect(r.stdout).not.toContain('tool-use-has-result');
    expect(r.stdout).toContain('✖ 1 problem (1 error, 0 warnings)');
  });
});

describe('the fix summary', () => {
  it('names what was fixed, per rule, and where the backups are; --verbose lists each file', async () => {
    const dir = mkdtempSync(path.join(tmp, 'fix-'));
    writeFile(dir, 'a.jsonl', brokenTranscript());
    writeFile(dir, 'b.jsonl', brokenTranscript());
    const r = await run(['--fix', 'a.jsonl', 'b.jsonl'], { cwd: dir });
    expect(r.stderr).toBe(
      'transcript-lint: fixed 2 problems (thinking-signature ×2) in 2 files; backups beside each file as <name>.bak\n',
    );
    writeFile(dir, 'c.jsonl', brokenTranscript());
    const verbose = await run(['--fix', '--verbose', '--backup-dir', 'saved', 'c.jsonl'], { cwd: dir });
    expect(verbose.stderr).toBe(
      `transcript-lint: fixed 1 problem (thinking-signature ×1) in 1 file; backups in saved as <name>.bak\n  c.jsonl (backup: ${path.join('saved', 'c.jsonl.bak')})\n`,
    );
    writeFile(dir, 'd.jsonl', brokenTranscript());
    expect((await run(['--fix', '--no-backup', 'd.jsonl'], { cwd: dir })).stderr).toBe(
      'transcript-lint: fixed 1 problem (thinking-signature ×1) in 1 file; no backups (--no-backup)\n',
    );
  });

  it('progress says "Fixing" only when files are written', async () => {
    const dir = mkdtempSync(path.join(tmp, 'progress-'));
    for (let i = 0; i < 25; i++) writeFile(dir, `s${i}.jsonl`, brokenTranscript());
    const opts = { cwd: dir, stderrTTY: true, env: {} };
    expect((await run(['--fix-dry-run', '.'], opts)).stderr).toContain('Checking fixes: ');
    expect((await run(['--diff', '.'], opts)).stderr).toContain('Checking fixes: ');
    const fixed = await run(['--fix', '.'], opts);
    expect(fixed.stderr).toContain('Fixing: ');
  });
});

describe('--fix without paths', () => {
  it('leaves a session written in the last minute alone, says so, reports it unfixed, and fixes it when named', async () => {
    const home = mkdtempSync(path.join(tmp, 'home-'));
    const live = writeFile(home, '.claude/projects/p/11111111-1111-4111-8111-111111111111.jsonl', brokenTranscript());
    const old = writeFile(home, '.claude/projects/p/22222222-2222-4222-8222-222222222222.jsonl', brokenTranscript());
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    // An hour ahead of the clock: another machine's clock (a synced folder), not a write in progress.
    const skewed = writeFile(home, '.claude/projects/p/33333333-3333-4333-8333-333333333333.jsonl', brokenTranscript());
    const hourAhead = new Date(Date.now() + 3_600_000);
    utimesSync(skewed, hourAhead, hourAhead);
    const r = await run(['--fix'], { homedir: home, env: {} });
    expect(readFileSync(skewed, 'utf8')).toBe(cleanTranscript());
    expect(r.stderr).toContain(
      `transcript-lint: --fix skipped 1 session written in the last minute (an agent may still be writing it; its problems are reported, unfixed; name a file or --session to fix it anyway):\n  ${path.relative(tmp, live)}\n`,
    );
    // Its problems are in the report, as they are: it does not vanish from it.
    expect(r.stdout).toContain(`${path.relative(tmp, live)}\n`);
    expect(r.stdout).toMatch(/error +thinking-signature \[\*\] Thinking block has no signature/);
    expect(r.stdout).toContain('Linted 3 files.');
    expect(readFileSync(live, 'utf8')).toBe(brokenTranscript());
    expect(readFileSync(old, 'utf8')).toBe(cleanTranscript());
    await run(['--fix', '--session', '11111111-1111-4111-8111-111111111111'], { homedir: home, env: {} });
    expect(readFileSync(live, 'utf8')).toBe(cleanTranscript());
  });
});

describe('--session ID prefixes', () => {
  const env = () => ({ CLAUDE_CONFIG_DIR: path.join(tmp, 'prefix-config') });
  beforeAll(() => {
    writeFile(env().CLAUDE_CONFIG_DIR, 'projects/p/6b0f3c1e-1111-4222-8333-444455556666.jsonl', brokenTranscript());
    writeFile(env().CLAUDE_CONFIG_DIR, 'projects/q/6b0f9999-1111-4222-8333-444455556666.jsonl', cleanTranscript());
  });

  it('a unique prefix picks its session and says which', async () => {
    const r = await run(['--session', '6b0f3', '-f', 'compact'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'transcript-lint: --session 6b0f3 is Claude Code session 6b0f3c1e-1111-4222-8333-444455556666 (prefix-config/projects/p/6b0f3c1e-1111-4222-8333-444455556666.jsonl)\n',
    );
    expect(r.stdout).toContain('6b0f3c1e-1111-4222-8333-444455556666.jsonl:2: error thinking-signature');
  });

  it('an ambiguous prefix names the candidates and exits 2', async () => {
    const r = await run(['--session', '6b0f'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--session 6b0f is ambiguous: 2 sessions start with it (6b0f3c1e-1111-4222-8333-444455556666, 6b0f9999-1111-4222-8333-444455556666)',
    );
  });
});

describe('--session matches an id by its start only, the same for every agent', () => {
  // A Claude Code session whose id starts with 5670, and Codex rollouts whose uuids end in 5670 and in 0: Codex's
  // file pattern (`rollout-*<id>.jsonl`) matched an id anywhere in the name, so `5670` picked the rollout.
  const claudeId = '5670e2b1-1111-4222-8333-444455556666';
  const codexIds = ['7199a1b2-0000-7000-8000-706a3dba5670', '5199a1b2-0000-7000-8000-706a3dba5680'];
  const env = () => ({
    CLAUDE_CONFIG_DIR: path.join(tmp, 'anchored-claude'),
    CODEX_HOME: path.join(tmp, 'anchored-codex'),
  });
  const rollout = readFileSync(path.join(root, 'fixtures/sessions/codex/recordings/multi/rollout.jsonl'), 'utf8');
  beforeAll(() => {
    writeFile(env().CLAUDE_CONFIG_DIR, `projects/p/${claudeId}.jsonl`, brokenTranscript());
    for (const id of codexIds)
      writeFile(env().CODEX_HOME, `sessions/2026/12/01/rollout-2026-12-01T09-29-45-${id}.jsonl`, rollout);
  });

  it('a prefix of a Claude Code id picks that session, not a rollout whose uuid ends with it, and names agent and file', async () => {
    const r = await run(['--session', '5670', '-f', 'compact'], { env: env() });
    expect(r.stderr).toBe(
      `transcript-lint: --session 5670 is Claude Code session ${claudeId} (anchored-claude/projects/p/${claudeId}.jsonl)\n`,
    );
    expect(r.stdout).toContain(`${claudeId}.jsonl:2: error thinking-signature`);
    expect(r.stdout).not.toContain('rollout-');
  });

  it('an id that only ends a uuid matches nothing', async () => {
    const r = await run(['--session', '0'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^transcript-lint: no session 0 in any agent's sessions folder:/);
  });

  it('a prefix of a Codex uuid picks that rollout, and an ambiguous one lists only ids that start with it', async () => {
    const picked = await run(['--session', '7199', '-f', 'compact'], { env: env() });
    expect(picked.stderr).toBe(
      `transcript-lint: --session 7199 is Codex CLI rollout ${codexIds[0]} (anchored-codex/sessions/2026/12/01/rollout-2026-12-01T09-29-45-${codexIds[0]}.jsonl)\n`,
    );
    const ambiguous = await run(['--session', '5'], { env: env() });
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe(
      `transcript-lint: --session 5 is ambiguous: 2 sessions start with it (${codexIds[1]}, ${claudeId})\n`,
    );
  });
});

describe('export', () => {
  it('reads stdin (-) and a --session, as lint does', async () => {
    const fromStdin = await run(['export', '-'], { stdin: cleanTranscript() });
    expect(fromStdin.code).toBe(0);
    expect(JSON.parse(fromStdin.stdout).messages[0]).toMatchObject({ role: 'user' });
    const env = { CLAUDE_CONFIG_DIR: path.join(tmp, 'export-config') };
    writeFile(env.CLAUDE_CONFIG_DIR, 'projects/p/33333333-3333-4333-8333-333333333333.jsonl', cleanTranscript());
    const bySession = await run(['export', '--session', '3333'], { env });
    expect(bySession.code).toBe(0);
    expect(bySession.stdout).toBe(fromStdin.stdout);
  });

  it('refuses what is not a transcript, with exit 2, instead of exporting nothing', async () => {
    writeFile(tmp, 'binary.jsonl', '\u001f\u008b\u0008\u0000\u0000\u0000\u0000\u0000\u0000\u0003');
    const r = await run(['export', 'binary.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'transcript-lint: cannot export binary.jsonl: it is of no format transcript-lint reads (lint it to see why)\n',
    );
  });

  it('refuses a file of a format with no single request (a batch file), naming the format', async () => {
    writeFile(
      tmp,
      'batch.jsonl',
      `${JSON.stringify({ custom_id: 'a', params: { model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] } })}\n`,
    );
    const r = await run(['export', 'batch.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'transcript-lint: cannot export batch.jsonl: it is read as anthropic-batch (Anthropic Message Batches requests), which holds no single request to export\n',
    );
  });

  it('takes exactly one input', async () => {
    expect((await run(['export'])).code).toBe(2);
    expect((await run(['export', 'clean.jsonl', '--session', 'abc'])).stderr).toContain(
      'export takes one transcript: a file, - (stdin) or --session ID',
    );
  });
});
