// Issue 11 item 14: the fixed file and its backup keep the original's owner, group and mode, whatever the umask
// (the tests run as root, so chown to any user is possible).
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tornTranscript, tornTranscriptFixed } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
let file: string;
let umask: number;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-owner-'));
  file = path.join(tmp, 's.jsonl');
  writeFileSync(file, tornTranscript());
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  rmSync(tmp, { recursive: true, force: true });
});

const owner = (p: string) => {
  const st = statSync(p);
  return { uid: st.uid, gid: st.gid, mode: (st.mode & 0o7777).toString(8) };
};

describe.runIf(process.getuid?.() === 0)('owner, group and mode', () => {
  it('a file of 1234:1234 with mode 0666 stays so, and so is its backup, under umask 022', async () => {
    chownSync(file, 1234, 1234);
    chmodSync(file, 0o666);
    const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(tornTranscriptFixed());
    expect(owner(file)).toEqual({ uid: 1234, gid: 1234, mode: '666' });
    expect(owner(`${file}.bak`)).toEqual({ uid: 1234, gid: 1234, mode: '666' });
  });

  it('a private file (0600) stays private, and so does its backup in --backup-dir', async () => {
    chownSync(file, 1234, 4321);
    chmodSync(file, 0o600);
    const r = await runCli(['--fix', '--backup-dir', 'backups', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(owner(file)).toEqual({ uid: 1234, gid: 4321, mode: '600' });
    expect(owner(path.join(tmp, 'backups', 's.jsonl.bak'))).toEqual({ uid: 1234, gid: 4321, mode: '600' });
  });

  it('a setgid bit survives (chown would clear it; the mode is set after)', async () => {
    chownSync(file, 1234, 1234);
    chmodSync(file, 0o2664);
    await runCli(['--fix', 's.jsonl'], { cwd: tmp });
    expect(owner(file)).toEqual({ uid: 1234, gid: 1234, mode: '2664' });
  });
});
