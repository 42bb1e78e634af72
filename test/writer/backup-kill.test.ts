// Issue 11 item 6: a kill while the backup is being written must not leave a truncated <file>.bak that looks like
// a good backup; a kill while a temp file is being written leaves a hidden copy the next --fix removes. The child
// (kill-child.mjs) runs the built writer and SIGKILLs itself halfway through the write.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanTranscript, tornTranscript } from '../helpers/cli-fixtures.js';
import { runCli } from '../helpers/run-cli.js';

const IO_JS = path.resolve('dist/src/engine/io.js');
const CHILD = path.resolve('test/writer/kill-child.mjs');
let tmp: string;
let file: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'tl-kill-'));
  file = path.join(tmp, 's.jsonl');
  // Large enough that half of it is clearly a truncated copy; torn at the end, so there is something to fix.
  writeFileSync(file, cleanTranscript('x'.repeat(50_000)) + tornTranscript().slice(cleanTranscript().length));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function killDuring(phase: 'backup' | 'temp'): void {
  const r = spawnSync(process.execPath, [CHILD, IO_JS, file, phase], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  expect(r.signal).toBe('SIGKILL');
}
const visible = () =>
  readdirSync(tmp)
    .filter((f) => !f.startsWith('.'))
    .sort();
const hidden = () => readdirSync(tmp).filter((f) => f.startsWith('.'));

describe('kill -9 during --fix', () => {
  it('while the backup is written: no <file>.bak at all, and the next --fix clears the temp file and makes a whole .bak', async () => {
    const before = readFileSync(file);
    killDuring('backup');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(visible()).toEqual(['s.jsonl']);
    expect(hidden()).toHaveLength(1);
    const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /removed .*\.s\.jsonl\.bak\.\d+\.[0-9a-f]{8}\.tmp, a temp file left by an interrupted --fix \(pid \d+\)/,
    );
    expect(readdirSync(tmp).sort()).toEqual(['s.jsonl', 's.jsonl.bak']);
    expect(readFileSync(`${file}.bak`).equals(before)).toBe(true);
  });

  it('while the temp file is written: the original and a whole backup stay, and the next --fix removes the temp file', async () => {
    const before = readFileSync(file);
    killDuring('temp');
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readFileSync(`${file}.bak`).equals(before)).toBe(true);
    expect(hidden()).toHaveLength(1);
    const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/removed .*\.s\.jsonl\.\d+\.[0-9a-f]{8}\.tmp, a temp file left by an interrupted --fix/);
    expect(hidden()).toEqual([]);
    expect(visible()).toEqual(['s.jsonl', 's.jsonl.bak', 's.jsonl.bak.1']);
  });

  it('a temp file whose process still runs is reported and left in place', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const theirs = `.s.jsonl.${sleeper.pid}.0123abcd.tmp`;
      writeFileSync(path.join(tmp, theirs), 'partial');
      const r = await runCli(['--fix', 's.jsonl'], { cwd: tmp });
      expect(r.stderr).toContain(
        `${theirs} is a temp file of a --fix that may still be running (pid ${sleeper.pid}); it was left in place`,
      );
      expect(hidden()).toEqual([theirs]);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('--fix-dry-run and --diff leave temp files alone (they write nothing)', async () => {
    writeFileSync(path.join(tmp, '.s.jsonl.999999999.0123abcd.tmp'), 'partial');
    await runCli(['--fix-dry-run', 's.jsonl'], { cwd: tmp });
    await runCli(['--diff', 's.jsonl'], { cwd: tmp });
    expect(hidden()).toEqual(['.s.jsonl.999999999.0123abcd.tmp']);
  });
});
