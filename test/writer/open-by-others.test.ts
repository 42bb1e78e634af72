// Issue 11 item 2: a process holding the session open (O_APPEND, as a running agent may) would keep writing into
// the replaced file, where nobody sees its lines again. --fix refuses, naming the process, unless --force.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openersOf } from '../../src/engine/open-by-others.js';
import { tornTranscript, tornTranscriptFixed } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

let tmp: string;
let file: string;
let holder: ChildProcess | undefined;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-open-'));
  file = path.join(tmp, 's.jsonl');
  writeFileSync(file, tornTranscript());
});
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = undefined;
  rmSync(tmp, { recursive: true, force: true });
});

/** A `sleep` that holds `file` open on fd 3: for appending, as a running agent would, or for reading (tail -f). */
async function holdOpen(target: string, how: 'append' | 'read' = 'append'): Promise<number> {
  holder = spawn('sh', ['-c', `exec 3${how === 'append' ? '>>' : '<'}"$0"; exec sleep 60`, target], {
    stdio: 'ignore',
  });
  const pid = holder.pid!;
  // Until sh has opened the file and become sleep.
  for (let i = 0; i < 200; i++) {
    const comm = (() => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    })();
    if (comm === 'sleep' && existsSync(`/proc/${pid}/fd/3`)) return pid;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the holder did not start');
}

describe.runIf(process.platform === 'linux')('another process holds the file open', () => {
  it('--fix refuses with exit 2, naming the process, and writes nothing', async () => {
    const pid = await holdOpen(file);
    const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `s\\.jsonl is open for writing in pid ${pid} \\(sleep\\): what it writes after the fix would be lost; stop it first, or use --force; the original is unchanged`,
      ),
    );
    expect(readFileSync(file, 'utf8')).toBe(tornTranscript());
    expect(readdirSync(tmp)).toEqual(['s.jsonl']);
  });

  it('--force writes anyway, and says the holder still has the replaced file', async () => {
    const pid = await holdOpen(file);
    const r = await runCli(['--fix', '--force', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(tornTranscriptFixed());
    expect(r.stderr).toContain(
      `pid ${pid} (sleep) still holds the replaced file open for writing; what it writes from now on reaches neither the file nor its backup`,
    );
  });

  it('a holder through a symlink is found by the file it opened', async () => {
    const link = path.join(tmp, 'link.jsonl');
    symlinkSync(file, link);
    const pid = await holdOpen(link);
    const st = statSync(file);
    expect(openersOf({ path: file, dev: st.dev, ino: st.ino })).toContainEqual({ pid, command: 'sleep' });
    const r = await runCli(['--fix', 'link.jsonl'], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`is open for writing in pid ${pid} (sleep)`);
  });

  it('a process that only reads it (tail -f) loses nothing: --fix goes ahead', async () => {
    await holdOpen(file, 'read');
    const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(tornTranscriptFixed());
    expect(r.stderr).not.toContain('holds');
  });

  it.runIf(existsSync('/usr/bin/lsof'))("macOS's way (lsof) finds the same writer, and no reader", async () => {
    const st = statSync(file);
    const asMac = () => {
      const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
      Object.defineProperty(process, 'platform', { value: 'darwin' });
      try {
        return openersOf({ path: file, dev: st.dev, ino: st.ino });
      } finally {
        Object.defineProperty(process, 'platform', platform);
      }
    };
    const pid = await holdOpen(file);
    expect(asMac()).toEqual([{ pid, command: 'sleep' }]);
    holder?.kill('SIGKILL');
    await holdOpen(file, 'read');
    expect(asMac()).toEqual([]);
  });

  it('this process holding the file open (as the writer itself does) is not another process', () => {
    const fd = openSync(file, 'r');
    try {
      const st = statSync(file);
      expect(openersOf({ path: file, dev: st.dev, ino: st.ino })).toEqual([]);
    } finally {
      closeSync(fd);
    }
  });
});
