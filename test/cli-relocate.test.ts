// `transcript-lint relocate`: the CLI over src/engine/relocate.ts (tested there in depth), on the agent recording of
// the real Claude Code 2.1.332 (a session with a subagent folder), moved to the project folder of another cwd.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORDED, recordingSid } from './helpers/recorded.js';
import { runCli } from './helpers/run-cli.js';

const SID = recordingSid('agent');
let home: string;
const projects = () => path.join(home, '.claude', 'projects');
const oldFile = () => path.join(projects(), '-tmp-oracle-proj', `${SID}.jsonl`);
const newFile = () => path.join(projects(), '-srv-app-v2', `${SID}.jsonl`);

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'tl-cli-relocate-'));
  mkdirSync(path.dirname(oldFile()), { recursive: true });
  cpSync(path.join(RECORDED, 'recordings', 'agent', 'session.jsonl'), oldFile());
  cpSync(path.join(RECORDED, 'recordings', 'agent', SID), path.join(path.dirname(oldFile()), SID), { recursive: true });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('transcript-lint relocate', () => {
  it('moves the session and its folder, rewrites cwd, keeps a backup, says so', async () => {
    const before = readFileSync(oldFile(), 'utf8');
    const { code, stdout, stderr } = await runCli(['relocate', '--session', SID, '--to', '/srv/app.v2', '--force'], {
      cwd: home,
      homedir: home,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`moved ${oldFile()} to ${newFile()}`);
    expect(stdout).toMatch(/rewrote cwd \/tmp\/oracle-proj to \/srv\/app\.v2 in \d+ entries of .*\(backup: /);
    expect(existsSync(oldFile())).toBe(false);
    expect(existsSync(path.join(path.dirname(newFile()), SID, 'subagents'))).toBe(true);
    const after = readFileSync(newFile(), 'utf8');
    expect(after).not.toContain('"cwd":"/tmp/oracle-proj"');
    expect(after.replaceAll('"cwd":"/srv/app.v2"', '"cwd":"/tmp/oracle-proj"')).toBe(before);
  });

  it('--dry-run changes nothing', async () => {
    const { code, stdout } = await runCli(['relocate', '--session', SID, '--to', '/srv/app.v2', '--dry-run'], {
      cwd: home,
      homedir: home,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('would move');
    expect(existsSync(oldFile())).toBe(true);
    expect(existsSync(newFile())).toBe(false);
  });

  it('shows a control character in a path as an escape (a newline would split the line)', async () => {
    const { code, stdout } = await runCli(['relocate', '--session', SID, '--to', '/srv/a\nb\x1b[2J', '--dry-run'], {
      cwd: home,
      homedir: home,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('to /srv/a\\nb\\x1b[2J in ');
    expect(
      stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => /^(would move|would rewrite) /.test(l)),
    ).toBe(true);
  });

  it('an unknown session: one line, exit 2', async () => {
    const { code, stderr } = await runCli(['relocate', '--session', 'nope', '--to', '/srv/x', '--force'], {
      cwd: home,
      homedir: home,
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/^transcript-lint: cannot relocate session nope: .+\n$/);
  });

  it('without --to: a usage error', async () => {
    const { code, stderr } = await runCli(['relocate', '--session', SID], { cwd: home, homedir: home });
    expect(code).toBe(2);
    expect(stderr).toContain('transcript-lint: relocate needs --to\n');
  });
});
