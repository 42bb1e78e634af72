// Issue 11 items 8, 12, 13, 15 and 16: what --fix writes to, and what it refuses. A symlink is written through to
// its target; a file with other names (hard links) is fixed under the name given, with a warning; a read-only
// file or another user's is refused; a FIFO, a device or a file over 2 GiB is refused before it is read; a taken
// backup name (even a dangling symlink) moves the backup on to the next number.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixFile } from '../../src/index.js';
import { tornTranscript, tornTranscriptFixed } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
const run = (argv: string[]) => runCli(argv, { cwd: tmp });
const put = (rel: string, content = tornTranscript()): string => {
  const p = path.join(tmp, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, content);
  return p;
};
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-targets-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('a symlink (item 12)', () => {
  it('is written through: the link stays, its target is fixed, the backup is beside the link', async () => {
    const target = put('real/s.jsonl');
    chmodSync(target, 0o600);
    symlinkSync('real/s.jsonl', path.join(tmp, 'link.jsonl'));
    const r = await run(['--fix', 'link.jsonl']);
    expect(r.code).toBe(0);
    expect(lstatSync(path.join(tmp, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(tmp, 'link.jsonl'))).toBe('real/s.jsonl');
    expect(readFileSync(target, 'utf8')).toBe(tornTranscriptFixed());
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(tmp, 'link.jsonl.bak'), 'utf8')).toBe(tornTranscript());
    expect(readdirSync(tmp).sort()).toEqual(['link.jsonl', 'link.jsonl.bak', 'real']);
    expect(readdirSync(path.join(tmp, 'real'))).toEqual(['s.jsonl']);
  });
});

describe('a file with other names (item 13)', () => {
  it('is fixed under the name given, and the summary warns that the other names keep the original', async () => {
    const p = put('s.jsonl');
    linkSync(p, path.join(tmp, 'other.jsonl'));
    const r = await run(['--fix', 's.jsonl']);
    expect(r.code).toBe(0);
    expect(readFileSync(p, 'utf8')).toBe(tornTranscriptFixed());
    expect(r.stderr).toMatch(
      /fixed 1 problem \(valid-json ×1\) in 1 file; backups beside each file as <name>\.bak\n.*s\.jsonl has 1 other name\(s\) \(hard links\): only this one got the fixed file, the others keep the original\n/,
    );
  });
});

describe('a file we should not replace (item 15)', () => {
  it('a read-only file (0444) is refused, even for root: exit 2, nothing written', async () => {
    const p = put('s.jsonl');
    chmodSync(p, 0o444);
    const r = await run(['--fix', 's.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /s\.jsonl is read-only \(mode 0444\), so it is left as it is \(chmod u\+w to allow --fix\); the original is unchanged/,
    );
    expect(readFileSync(p, 'utf8')).toBe(tornTranscript());
    expect(readdirSync(tmp)).toEqual(['s.jsonl']);
  });

  const asUser = (uid: number, gid: number, argv: string[]) =>
    spawnSync(process.execPath, [path.resolve('bin/transcript-lint.js'), ...argv], {
      cwd: tmp,
      uid,
      gid,
      encoding: 'utf8',
    });

  it.runIf(process.getuid?.() === 0)(
    "another user's file in a folder anyone may write is refused (run as uid 1234)",
    () => {
      chmodSync(tmp, 0o777);
      const p = put('s.jsonl');
      chownSync(p, 1235, 1235);
      chmodSync(p, 0o666);
      const r = asUser(1234, 1234, ['--fix', 's.jsonl']);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(
        /s\.jsonl belongs to another user \(uid 1235\): a fixed copy would belong to you, so it is left as it is; the original is unchanged/,
      );
      expect(statSync(p).uid).toBe(1235);
      expect(readFileSync(p, 'utf8')).toBe(tornTranscript());
      expect(readdirSync(tmp)).toEqual(['s.jsonl']);
    },
  );

  it.runIf(process.getuid?.() === 0)(
    'our own file is fixed as a plain user, and keeps its owner (run as uid 1234)',
    () => {
      chmodSync(tmp, 0o777);
      const p = put('s.jsonl');
      chownSync(p, 1234, 1234);
      const r = asUser(1234, 1234, ['--fix', 's.jsonl']);
      expect(r.stderr).toBe(
        'transcript-lint: fixed 1 problem (valid-json ×1) in 1 file; backups beside each file as <name>.bak\n',
      );
      expect(r.status).toBe(0);
      expect(statSync(p)).toMatchObject({ uid: 1234, gid: 1234 });
      expect(statSync(`${p}.bak`)).toMatchObject({ uid: 1234, gid: 1234 });
    },
  );

  it.runIf(process.getuid?.() === 0)('a group we are not in cannot be kept: refused (run as uid 1234)', () => {
    chmodSync(tmp, 0o777);
    const p = put('s.jsonl');
    chownSync(p, 1234, 1235);
    const r = asUser(1234, 1234, ['--fix', 's.jsonl']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /could not write .*s\.jsonl: its owner and group \(1234:1235\) could not be kept .*; the original is unchanged/,
    );
    expect(readFileSync(p, 'utf8')).toBe(tornTranscript());
    expect(readdirSync(tmp)).toEqual(['s.jsonl']);
  });
});

describe('not a regular file, or too large (item 8)', () => {
  it('a FIFO is refused at once with one line, exit 2', async () => {
    execFileSync('mkfifo', [path.join(tmp, 'f.jsonl')]);
    const r = await run(['--fix', 'f.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'cannot read f.jsonl: it is a named pipe (FIFO), not a regular file; pipe it to `-` (stdin) instead\n',
    );
  }, 5000);

  it('fixFile refuses a FIFO, /dev/zero and /dev/urandom without reading them', async () => {
    execFileSync('mkfifo', [path.join(tmp, 'f.jsonl')]);
    await expect(fixFile(path.join(tmp, 'f.jsonl'))).rejects.toThrow('it is a named pipe (FIFO), not a regular file');
    await expect(fixFile('/dev/zero')).rejects.toThrow('it is a character device, not a regular file');
    await expect(fixFile('/dev/urandom')).rejects.toThrow('it is a character device, not a regular file');
    symlinkSync('/dev/zero', path.join(tmp, 'zero.jsonl'));
    await expect(fixFile(path.join(tmp, 'zero.jsonl'))).rejects.toThrow('it is a character device, not a regular file');
  }, 5000);

  it('a file over 2 GiB is refused with the limit it hit, exit 2', async () => {
    const p = put('big.jsonl', '');
    truncateSync(p, 2 ** 31 + 5);
    const r = await run(['--fix', 'big.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'cannot read big.jsonl: it is 2,147,483,653 bytes, over the 2,147,483,647-byte limit of one read\n',
    );
    await expect(fixFile(p)).rejects.toThrow('over the 2,147,483,647-byte limit of one read');
  });
});

describe('the backup name (item 16)', () => {
  it('a dangling symlink at <file>.bak is a taken name: the backup goes to .bak.1, the link is left alone', async () => {
    const p = put('s.jsonl');
    symlinkSync('nowhere', `${p}.bak`);
    const r = await run(['--fix', 's.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'backups beside each file as <name>.bak, or <name>.bak.N where that was taken:\n  s.jsonl (backup: s.jsonl.bak.1)\n',
    );
    expect(readFileSync(`${p}.bak.1`, 'utf8')).toBe(tornTranscript());
    expect(readlinkSync(`${p}.bak`)).toBe('nowhere');
    expect(readFileSync(p, 'utf8')).toBe(tornTranscriptFixed());
  });
});

describe('every backup a run writes is named (issue 34, item 5)', () => {
  it('with --backup-dir holding older backups, the summary names each new one, --verbose or not', async () => {
    put('s.jsonl');
    put('t.jsonl');
    put('B/s.jsonl.bak', 'older\n');
    const r = await run(['--fix', '--backup-dir', 'B', 's.jsonl', 't.jsonl']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'transcript-lint: fixed 2 problems (valid-json ×2) in 2 files; backups in B as <name>.bak, or <name>.bak.N where that was taken:\n' +
        `  s.jsonl (backup: ${path.join('B', 's.jsonl.bak.1')})\n  t.jsonl (backup: ${path.join('B', 't.jsonl.bak')})\n`,
    );
    expect(readFileSync(path.join(tmp, 'B', 's.jsonl.bak.1'), 'utf8')).toBe(tornTranscript());
    expect(readFileSync(path.join(tmp, 'B', 's.jsonl.bak'), 'utf8')).toBe('older\n');
  });
});

describe('a report never replaces a backup (issue 34, item 1)', () => {
  it.each([
    [['--fix', 's.jsonl', '-o', 's.jsonl.bak'], 'is a name this --fix may give the backup of'],
    [['--fix', 's.jsonl', '-o', 's.jsonl.bak.2'], 'is a name this --fix may give the backup of'],
    [['--fix', '--backup-dir', 'B', 's.jsonl', '-o', 'B/s.jsonl.bak'], 'is a name this --fix may give the backup of'],
    [
      ['--fix', '--backup-dir', 'B', 's.jsonl', '-o', 'B/../B/s.jsonl.bak.1'],
      'is a name this --fix may give the backup of',
    ],
    [['s.jsonl', '-o', 'old.jsonl.bak'], 'is a backup (a copy of a session as it was before a fix)'],
    [['--fix', 's.jsonl', '-o', 'old.jsonl.bak'], 'is a backup (a copy of a session as it was before a fix)'],
  ])('%j is refused: exit 2, nothing written', async (argv, why) => {
    const session = put('s.jsonl');
    put('old.jsonl.bak', 'older\n');
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^transcript-lint: -o \\S+ ${why.replace(/[()]/g, '\\$&')}`));
    expect(r.stderr.split('\n').length).toBe(2);
    expect(readFileSync(session, 'utf8')).toBe(tornTranscript());
    expect(readFileSync(path.join(tmp, 'old.jsonl.bak'), 'utf8')).toBe('older\n');
    expect(readdirSync(tmp).sort()).toEqual(['old.jsonl.bak', 's.jsonl']);
  });

  it('an -o beside the backups that no backup of this run can take is written as usual', async () => {
    put('s.jsonl');
    const r = await run(['--fix', 's.jsonl', '-o', 's.jsonl.bak.txt']);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(tmp, 's.jsonl.bak'), 'utf8')).toBe(tornTranscript());
    expect(readdirSync(tmp).sort()).toEqual(['s.jsonl', 's.jsonl.bak', 's.jsonl.bak.txt']);
  });
});
