// The relocate engine (src/engine/relocate.ts) on the agent recording of the real Claude Code 2.1.332 (issue 14, item
// B1): a session with a subagent transcript, moved from the project folder of /tmp/oracle-proj to another one.
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import projectPath from '../rules/project-path.js';
import { RelocateError, relocateSession } from '../src/engine/relocate.js';
import { projectFolderOf } from '../src/formats/claude-code/project-folder.js';
import { lintBytes } from '../src/index.js';
import { RECORDED, recordingSid } from './helpers/recorded.js';

const SID = recordingSid('agent');
const OLD_CWD = '/tmp/oracle-proj';

let root: string;
// The folder moved to must exist (relocate refuses one that does not): one in the test's own temporary folder, its
// name with a space and a dot that Claude Code's folder name turns into dashes.
let NEW_CWD: string;
let NEW_FOLDER: string;
const projects = () => path.join(root, 'projects');
const oldFile = () => path.join(projects(), '-tmp-oracle-proj', `${SID}.jsonl`);
const newFile = () => path.join(projects(), NEW_FOLDER, `${SID}.jsonl`);
const noOpeners = () => [];

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tl-relocate-'));
  NEW_CWD = path.join(root, 'work', 'oracle proj.v2');
  NEW_FOLDER = projectFolderOf(NEW_CWD);
  mkdirSync(NEW_CWD, { recursive: true });
  const dir = path.join(projects(), '-tmp-oracle-proj');
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(RECORDED, 'recordings', 'agent', 'session.jsonl'), oldFile());
  cpSync(path.join(RECORDED, 'recordings', 'agent', SID), path.join(dir, SID), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const cwds = (file: string): string[] => [
  ...new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { cwd?: string }).cwd)
      .filter((c): c is string => c !== undefined),
  ),
];

describe('relocateSession', () => {
  it('moves the session and its subagent folder, and rewrites every cwd, with a backup of each rewritten file', async () => {
    const before = readFileSync(oldFile());
    const result = await relocateSession({ projectsRoot: projects(), sessionId: SID, to: NEW_CWD, openers: noOpeners });
    expect(NEW_FOLDER.endsWith('-work-oracle-proj-v2')).toBe(true);
    expect(result).toMatchObject({ from: oldFile(), to: newFile(), cwdFrom: OLD_CWD, cwdTo: NEW_CWD, moved: true });
    expect(existsSync(oldFile())).toBe(false);
    expect(cwds(newFile())).toEqual([NEW_CWD]);
    const subDir = path.join(projects(), NEW_FOLDER, SID, 'subagents');
    const sub = readdirSync(subDir).find((f) => f.endsWith('.jsonl'))!;
    expect(cwds(path.join(subDir, sub))).toEqual([NEW_CWD]);
    expect(readdirSync(subDir).some((f) => f.endsWith('.meta.json'))).toBe(true);
    // Only the cwd members changed; the backups hold the files as they were.
    expect(result.rewritten.map((r) => path.basename(r.path))).toEqual([`${SID}.jsonl`, sub]);
    expect(readFileSync(result.rewritten[0]!.backupPath!)).toEqual(before);
    expect(readFileSync(newFile(), 'utf8')).toBe(
      before.toString('utf8').split(`"cwd":"${OLD_CWD}"`).join(`"cwd":"${NEW_CWD}"`),
    );
    // Now in the folder its cwd maps to: project-path is content.
    const moved = readFileSync(newFile());
    expect(lintBytes(newFile(), moved, { rules: [projectPath] }).result.diagnostics).toEqual([]);
  });

  it('project-path reports the session before the move', () => {
    writeFileSync(oldFile(), readFileSync(oldFile(), 'utf8').split(`"cwd":"${OLD_CWD}"`).join(`"cwd":"${NEW_CWD}"`));
    const ds = lintBytes(oldFile(), readFileSync(oldFile()), { rules: [projectPath] }).result.diagnostics;
    expect(ds.map((d) => d.messageId)).toEqual(['otherFolder']);
    expect(ds[0]!.message).toContain(NEW_FOLDER);
  });

  it('a file whose cwd cannot be rewritten (read-only) stops the move before anything moves, dry run or not', async () => {
    const sub = path.join(projects(), '-tmp-oracle-proj', SID, 'subagents');
    const agent = path.join(sub, readdirSync(sub).find((f) => f.endsWith('.jsonl'))!);
    chmodSync(agent, 0o444);
    for (const dryRun of [true, false]) {
      const run = relocateSession({
        projectsRoot: projects(),
        sessionId: SID,
        to: NEW_CWD,
        openers: noOpeners,
        dryRun,
      });
      await expect(run).rejects.toThrow(
        `${agent}: its entries' cwd cannot be rewritten, so nothing was moved: it is read-only (mode 0444): chmod u+w it to allow the rewrite`,
      );
      expect(existsSync(oldFile())).toBe(true);
      expect(existsSync(path.join(projects(), NEW_FOLDER))).toBe(false);
    }
  });

  it("to a cwd whose folder name is over 200 characters: Claude Code's shortened name, with its hash", async () => {
    const deep = `/tmp/${Array(21).fill('abcdefghij').join('/')}`;
    const result = await withFolder(deep, () =>
      relocateSession({ projectsRoot: projects(), sessionId: SID, to: deep, openers: noOpeners }),
    );
    // The name the real CLI made for this cwd (test/rules/project-path.test.ts).
    const folder = `${`-tmp-${Array(21).fill('abcdefghij').join('-')}`.slice(0, 200)}-m17tsc`;
    expect(result.to).toBe(path.join(projects(), folder, `${SID}.jsonl`));
    expect(cwds(result.to)).toEqual([deep]);
  });

  it('a dry run changes nothing and says what would', async () => {
    const result = await relocateSession({
      projectsRoot: projects(),
      sessionId: SID,
      to: NEW_CWD,
      dryRun: true,
      openers: noOpeners,
    });
    expect(result.moved).toBe(false);
    expect(result.rewritten.length).toBe(2);
    expect(existsSync(oldFile())).toBe(true);
    expect(existsSync(newFile())).toBe(false);
  });

  it('refuses a place that is taken, and a file another process holds open', async () => {
    mkdirSync(path.dirname(newFile()), { recursive: true });
    writeFileSync(newFile(), '{}\n');
    await expect(
      relocateSession({ projectsRoot: projects(), sessionId: SID, to: NEW_CWD, openers: noOpeners }),
    ).rejects.toThrow(RelocateError);
    rmSync(newFile());
    await expect(
      relocateSession({
        projectsRoot: projects(),
        sessionId: SID,
        to: NEW_CWD,
        openers: () => [{ pid: 41, command: 'claude' }],
      }),
    ).rejects.toThrow(/open for writing by pid 41 \(claude\)/);
    expect(existsSync(oldFile())).toBe(true);
  });

  it('asks which one when the session is in two project folders', async () => {
    const other = path.join(projects(), '-elsewhere', `${SID}.jsonl`);
    mkdirSync(path.dirname(other), { recursive: true });
    cpSync(oldFile(), other);
    await expect(
      relocateSession({ projectsRoot: projects(), sessionId: SID, to: NEW_CWD, openers: noOpeners }),
    ).rejects.toThrow(/in 2 project folders/);
    const result = await relocateSession({
      projectsRoot: projects(),
      sessionId: SID,
      to: NEW_CWD,
      from: other,
      openers: noOpeners,
    });
    expect(result.from).toBe(other);
    expect(result.folderFrom).toBeUndefined();
  });

  it('with --from, a prefix names the session by its file: it keeps its id, and its folder moves with it', async () => {
    const result = await relocateSession({
      projectsRoot: projects(),
      sessionId: SID.slice(0, 8),
      to: NEW_CWD,
      from: oldFile(),
      openers: noOpeners,
    });
    expect(result).toMatchObject({ from: oldFile(), to: newFile(), moved: true });
    expect(existsSync(path.join(projects(), NEW_FOLDER, SID, 'subagents'))).toBe(true);
    await expect(
      relocateSession({
        projectsRoot: projects(),
        sessionId: 'ffff',
        to: OLD_CWD,
        from: newFile(),
        openers: noOpeners,
      }),
    ).rejects.toThrow(/is not session ffff/);
  });

  it('takes a unique prefix of the id, as --session does elsewhere, and says which session it picked', async () => {
    const warnings: string[] = [];
    const prefix = SID.slice(0, 8);
    const result = await relocateSession({
      projectsRoot: projects(),
      sessionId: prefix,
      to: NEW_CWD,
      openers: noOpeners,
      onWarning: (m) => warnings.push(m),
    });
    expect(result).toMatchObject({ from: oldFile(), to: newFile(), moved: true });
    expect(existsSync(path.join(projects(), NEW_FOLDER, SID, 'subagents'))).toBe(true);
    expect(warnings).toEqual([`--session ${prefix} is session ${SID}`]);
    // Two sessions that start with it: which one is not guessed.
    cpSync(newFile(), path.join(projects(), NEW_FOLDER, `${prefix}-other.jsonl`));
    await expect(
      relocateSession({ projectsRoot: projects(), sessionId: prefix, to: OLD_CWD, openers: noOpeners }),
    ).rejects.toThrow(new RegExp(`^${prefix} is ambiguous: 2 sessions start with it`));
    await expect(
      relocateSession({ projectsRoot: projects(), sessionId: 'ffffffff', to: OLD_CWD, openers: noOpeners }),
    ).rejects.toThrow(/^no session ffffffff in any project folder/);
  });

  it('in its own folder already, only the cwd is rewritten', async () => {
    const result = await withFolder(OLD_CWD, () =>
      relocateSession({ projectsRoot: projects(), sessionId: SID, to: OLD_CWD, openers: noOpeners }),
    );
    expect(result.moved).toBe(false);
    expect(result.rewritten).toEqual([]);
    expect(existsSync(oldFile())).toBe(true);
  });
});

describe('the folder moved to', () => {
  it('is refused when it does not exist or is not a folder: nothing moves, nothing is rewritten, dry run or not', async () => {
    const before = readFileSync(oldFile());
    const missing = path.join(root, 'no', 'such', 'dir');
    const aFile = path.join(root, 'a-file');
    writeFileSync(aFile, '');
    for (const dryRun of [true, false]) {
      await expect(
        relocateSession({ projectsRoot: projects(), sessionId: SID, to: missing, openers: noOpeners, dryRun }),
      ).rejects.toThrow(
        new RelocateError(`--to ${missing}: no such folder; the session is not moved (create the folder first)`),
      );
      await expect(
        relocateSession({ projectsRoot: projects(), sessionId: SID, to: aFile, openers: noOpeners, dryRun }),
      ).rejects.toThrow(`--to ${aFile} is not a folder; the session is not moved`);
    }
    expect(readFileSync(oldFile())).toEqual(before);
    expect(readdirSync(projects())).toEqual(['-tmp-oracle-proj']);
  });
});

/** Runs `fn` with `dir` there (the absolute cwds the recordings name), removing what it made. */
async function withFolder<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  let made: string | undefined;
  if (!existsSync(dir)) made = mkdirSync(dir, { recursive: true });
  try {
    return await fn();
  } finally {
    if (made) rmSync(made, { recursive: true, force: true });
  }
}
