// Ctrl-C while --fix writes a file: the temp file and the backup made for it are removed, the original is left as it
// was, and the process ends by the signal (src/cli/interrupt-cleanup.ts). The write is paused at its last check, when
// the backup and the temp file both exist, by a filesystem whose stat never answers there; the built CLI runs in a
// child process, which the test interrupts.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tornTranscript } from './helpers/cli-fixtures.js';

const main = pathToFileURL(fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url))).href;
const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = `
import { promises as fs, readdirSync } from 'node:fs';
import { main } from ${JSON.stringify(main)};
const dir = process.argv[2];
let paused = false;
const writeFs = {
  ...fs,
  stat: async (p, ...rest) => {
    if (!paused && readdirSync(dir).some((n) => n.endsWith('.tmp')) && readdirSync(dir).some((n) => n.endsWith('.bak'))) {
      paused = true;
      process.stdout.write('paused\\n');
      await new Promise(() => setInterval(() => {}, 1000));
    }
    return fs.stat(p, ...rest);
  },
};
const io = { write: (s) => process.stderr.write(s) };
process.exitCode = await main({ argv: ['--fix', 's.jsonl'], cwd: dir, env: {}, stdout: io, stderr: io, writeFs });
`;

describe('Ctrl-C during --fix', () => {
  it('removes the temp file and the unconfirmed backup, leaves the original, and ends by the signal', async () => {
    const session = path.join(dir, 's.jsonl');
    writeFileSync(session, tornTranscript());
    const before = readFileSync(session);
    const runner = path.join(dir, 'runner.mjs');
    writeFileSync(runner, script);
    const child = spawn(process.execPath, [runner, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('paused') && resolve());
      child.on('exit', () => reject(new Error(`exited before the pause: ${stderr}`)));
    });
    expect(readdirSync(dir).sort()).toEqual(
      expect.arrayContaining([
        'runner.mjs',
        's.jsonl',
        's.jsonl.bak',
        expect.stringMatching(/^\.s\.jsonl\.\d+\.[0-9a-f]{8}\.tmp$/),
      ]),
    );
    child.kill('SIGINT');
    const signal = await new Promise((resolve) =>
      child.on('exit', (code, sig) => resolve(sig ?? `exit code ${code}: ${stderr}`)),
    );
    expect(signal).toBe('SIGINT');
    expect(readdirSync(dir).sort()).toEqual(['runner.mjs', 's.jsonl']);
    expect(readFileSync(session).equals(before)).toBe(true);
  });
});

// The progress line: a --fix run of 25 files on a terminal (stderr a TTY, no CI) draws it after the first file, then
// its second write is paused as above; Ctrl-C must erase the line before the process ends.
const progressScript = `
import { promises as fs } from 'node:fs';
import { main } from ${JSON.stringify(main)};
const dir = process.argv[2];
let drawn = false;
const writeFs = {
  ...fs,
  stat: async (p, ...rest) => {
    if (drawn) {
      process.stdout.write('paused\\n');
      await new Promise(() => setInterval(() => {}, 1000));
    }
    return fs.stat(p, ...rest);
  },
};
const stderr = {
  write: (s) => {
    if (s.includes('Fixing: ')) drawn = true;
    return process.stderr.write(s);
  },
};
const stdout = { write: (s) => process.stderr.write(s) };
process.exitCode = await main({ argv: ['--fix', '--no-backup', 'p'], cwd: dir, env: {}, stdout, stderr, stderrIsTTY: true, writeFs });
`;

describe('Ctrl-C while the progress line is shown', () => {
  it('erases the line, then ends by the signal', async () => {
    const root = mkdtempSync(path.join(dir, 'progress-'));
    for (let i = 0; i < 25; i++) {
      mkdirSync(path.join(root, 'p'), { recursive: true });
      writeFileSync(path.join(root, 'p', `s${String(i).padStart(2, '0')}.jsonl`), tornTranscript());
    }
    const runner = path.join(root, 'runner.mjs');
    writeFileSync(runner, progressScript);
    const child = spawn(process.execPath, [runner, root], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('paused') && resolve());
      child.on('exit', () => reject(new Error(`exited before the pause: ${stderr}`)));
    });
    // The line is on screen: drawn, not yet erased.
    expect(stderr).toMatch(/\r\x1b\[2KFixing: \d+\/25 files \(\d+%\)$/);
    child.kill('SIGINT');
    const signal = await new Promise((resolve) =>
      child.on('exit', (code, sig) => resolve(sig ?? `exit code ${code}: ${stderr}`)),
    );
    expect(signal).toBe('SIGINT');
    expect(stderr.endsWith('\r\x1b[2K')).toBe(true);
    expect(stderr).toMatch(/Fixing: \d+\/25 files \(\d+%\)\r\x1b\[2K$/);
  });
});
