// Ctrl-C while --fix writes a file: the temp file and the backup made for it are removed, the original is left as it
// was, and the process ends by the signal (src/cli/interrupt-cleanup.ts). The write is paused at its last check, when
// the backup and the temp file both exist, by a filesystem whose stat never answers there; the built CLI runs in a
// child process, which the test interrupts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
