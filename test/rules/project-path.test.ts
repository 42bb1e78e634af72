import { describe, expect, it } from 'vitest';
import rule from '../../rules/project-path.js';
import { folderFits, projectFolderOf } from '../../src/formats/claude-code/project-folder.js';
import { lintBytes } from '../../src/index.js';
import { text, transcript } from '../helpers/build.js';

/** A session whose entries say `cwd`, linted as if it lay at `file`. */
const lintAt = (file: string, cwd = '/tmp/project') => {
  const t = transcript();
  t.user('go', { extra: { cwd } });
  t.assistant([text('done')], { extra: { cwd } });
  return lintBytes(file, new TextEncoder().encode(t.toString()), { rules: [rule] }).result.diagnostics;
};

describe('project-path', () => {
  it("Claude Code's folder name: every character outside [a-zA-Z0-9] becomes '-' (claude-code-internals.md §1.6)", () => {
    expect(projectFolderOf('/tmp/oracle_proj.x')).toBe('-tmp-oracle-proj-x');
    expect(projectFolderOf('C:\\Users\\john\\app')).toBe('C--Users-john-app');
    expect(projectFolderOf('/mnt/d/my app')).toBe('-mnt-d-my-app');
  });
  it('a name over 200 characters: cut to 200, then `-` and a hash of the cwd, as the real CLI named it', () => {
    // Claude Code 2.1.332 (../shared/oracle, fresh.sh run in this cwd) wrote its session into this folder.
    const cwd = `/tmp/${Array(21).fill('abcdefghij').join('/')}`;
    const recorded = `${`-tmp-${Array(21).fill('abcdefghij').join('-')}`.slice(0, 200)}-m17tsc`;
    expect(projectFolderOf(cwd)).toBe(recorded);
    expect(folderFits(recorded, cwd)).toBe(true);
    // Another cwd with the same first 200 characters has another hash; Claude Code's lookup takes such a folder too
    // (once a session in it has the cwd), as it does one whose hash another version made.
    expect(projectFolderOf(`${cwd}x`)).not.toBe(recorded);
    expect(folderFits(recorded, `${cwd}x`)).toBe(true);
    expect(folderFits(`${recorded.slice(0, 200)}-zzzz`, cwd)).toBe(true);
    expect(folderFits(`${recorded.slice(0, 199)}`, cwd)).toBe(false);
    expect(folderFits(`${recorded.slice(0, 200)}x`, cwd)).toBe(false);
    expect(projectFolderOf(`${cwd}x`).length).toBeLessThanOrEqual(208);
  });
  it('a session in the folder of its cwd is clean', () => {
    expect(lintAt('/home/u/.claude/projects/-tmp-project/s.jsonl')).toEqual([]);
  });
  it('a session in another folder (moved or renamed, item b01b): a warning naming the folder --continue looks in', () => {
    const found = lintAt('/home/u/.claude/projects/-tmp-old-name/s.jsonl');
    expect(found.map((d) => [d.line, d.severity, d.messageId])).toEqual([[2, 'warn', 'otherFolder']]);
    expect(found[0]!.message).toBe(
      'Session is in project folder -tmp-old-name, but its cwd /tmp/project maps to -tmp-project: `claude --continue` run there silently starts a new conversation (`claude --resume <id>` still finds it). `transcript-lint relocate --session s --to /tmp/project` moves it, with its `s/` folder.',
    );
  });
  it('a file outside a projects folder, or a subagent file, is not checked', () => {
    expect(lintAt('/tmp/anywhere/s.jsonl')).toEqual([]);
    expect(lintAt('/home/u/.claude/projects/-tmp-old/s/subagents/agent-a.jsonl')).toEqual([]);
  });
  it('api target: off', () => {
    const t = transcript();
    t.user('go');
    const file = '/home/u/.claude/projects/-elsewhere/s.jsonl';
    expect(
      lintBytes(file, new TextEncoder().encode(t.toString()), { rules: [rule], target: 'api' }).result.diagnostics,
    ).toEqual([]);
  });
});
