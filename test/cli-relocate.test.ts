// `transcript-lint relocate`: the CLI over src/engine/relocate.ts (tested there in depth), on the agent recording of
// the real Claude Code 2.1.332 (a session with a subagent folder), moved to the project folder of another cwd.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECORDED, recordingSid } from './helpers/recorded.js';
import { runCli } from './helpers/run-cli.js';
import { projectFolderOf } from '../src/formats/claude-code/project-folder.js';

const SID = recordingSid('agent');
let home: string;
const projects = () => path.join(home, '.claude', 'projects');
const oldFile = () => path.join(projects(), '-tmp-oracle-proj', `${SID}.jsonl`);
// The folder moved to, in the test's own temporary folder (relocate refuses one that does not exist).
const target = () => path.join(home, 'srv', 'app.v2');
const newFile = () => path.join(projects(), projectFolderOf(target()), `${SID}.jsonl`);

beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'tl-cli-relocate-'));
  mkdirSync(target(), { recursive: true });
  mkdirSync(path.dirname(oldFile()), { recursive: true });
  cpSync(path.join(RECORDED, 'recordings', 'agent', 'session.jsonl'), oldFile());
  cpSync(path.join(RECORDED, 'recordings', 'agent', SID), path.join(path.dirname(oldFile()), SID), { recursive: true });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('transcript-lint relocate', () => {
  it('moves the session and its folder, rewrites cwd, keeps a backup, says so', async () => {
    const before = readFileSync(oldFile(), 'utf8');
    const { code, stdout, stderr } = await runCli(['relocate', '--session', SID, '--to', target(), '--force'], {
      cwd: home,
      homedir: home,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`moved ${oldFile()} to ${newFile()}`);
    expect(stdout).toMatch(new RegExp(`rewrote cwd /tmp/oracle-proj to ${target()} in \\d+ entries of .*\\(backup: `));
    expect(existsSync(oldFile())).toBe(false);
    expect(existsSync(path.join(path.dirname(newFile()), SID, 'subagents'))).toBe(true);
    const after = readFileSync(newFile(), 'utf8');
    expect(after).not.toContain('"cwd":"/tmp/oracle-proj"');
    expect(after.replaceAll(`"cwd":"${target()}"`, '"cwd":"/tmp/oracle-proj"')).toBe(before);
  });

  it('--dry-run changes nothing', async () => {
    const { code, stdout } = await runCli(['relocate', '--session', SID, '--to', target(), '--dry-run'], {
      cwd: home,
      homedir: home,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('would move');
    expect(existsSync(oldFile())).toBe(true);
    expect(existsSync(newFile())).toBe(false);
  });

  it('shows a control character in a path as an escape (a newline would split the line)', async () => {
    const odd = path.join(home, 'a\nb\x1b[2J');
    mkdirSync(odd);
    const { code, stdout } = await runCli(['relocate', '--session', SID, '--to', odd, '--dry-run'], {
      cwd: home,
      homedir: home,
    });
    expect(code).toBe(0);
    expect(stdout).toContain(`to ${home}/a\\nb\\x1b[2J in `);
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

  it('--to a folder that does not exist: one line naming it, exit 2, nothing moved', async () => {
    const before = readFileSync(oldFile());
    const missing = path.join(home, 'no', 'such', 'dir');
    const { code, stdout, stderr } = await runCli(['relocate', '--session', SID, '--to', missing, '--force'], {
      cwd: home,
      homedir: home,
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `transcript-lint: cannot relocate session ${SID}: --to ${missing}: no such folder; the session is not moved (create the folder first)\n`,
    );
    expect(readFileSync(oldFile())).toEqual(before);
  });

  it('without --to: a usage error', async () => {
    const { code, stderr } = await runCli(['relocate', '--session', SID], { cwd: home, homedir: home });
    expect(code).toBe(2);
    expect(stderr).toContain('transcript-lint: relocate needs --to\n');
  });
});
