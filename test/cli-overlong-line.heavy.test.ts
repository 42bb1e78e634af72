// The built CLI on a session whose tail is what a crash leaves: a run of NUL bytes hundreds of MB long, one line over
// --max-line-bytes. That line is passed over, not held (engine/file-bytes.ts): the peak memory of lint and --fix is
// about that of the session without it, not a few times the file (issue 34: 2.0 GB to lint this 480 MiB file, 3.0 GB
// to --fix it). The run is a hole in a sparse file, so the test is quick; the peak is what the kernel counted.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenSession } from './helpers/line-shapes.js';

const bin = fileURLToPath(new URL('../bin/transcript-lint.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-overlong-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MiB = 1024 * 1024;
/** Under what one string holds (512 MiB), so the agent reads the line: --fix refuses the file. */
const RUN = 480 * MiB;

// Told the process's peak resident memory (in KiB) when it exits, a line for each process (the launcher may run the
// tool in a child of its own).
const peakFile = path.join(dir, 'peak.txt');
const preload = path.join(dir, 'peak.mjs');
writeFileSync(
  preload,
  `import { appendFileSync } from 'node:fs';
process.on('exit', () => appendFileSync(${JSON.stringify(peakFile)}, process.resourceUsage().maxRSS + '\\n'));
`,
);

/** Runs the CLI in `dir`; its exit code, output, and its peak resident memory in MiB. */
function run(...args: string[]) {
  rmSync(peakFile, { force: true });
  const r = spawnSync(process.execPath, ['--import', preload, bin, '--no-progress', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '' },
  });
  const peaks = readFileSync(peakFile, 'utf8').trim().split('\n').map(Number);
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, peakMiB: Math.max(...peaks) / 1024 };
}

const session = brokenSession();
const lines = session.split('\n').length;
writeFileSync(path.join(dir, 'small.jsonl'), session);
const big = path.join(dir, 'crashed.jsonl');
writeFileSync(big, session);
truncateSync(big, Buffer.byteLength(session) + RUN);

/** The file's SHA-256, read a chunk at a time. */
function sha256Of(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(4 * MiB);
  try {
    for (let n: number; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; ) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

describe('a session ending in a 480 MiB run of NUL bytes', () => {
  // The CLI's own memory, on the session without the run.
  let baseline = 0;
  beforeAll(() => {
    baseline = run('small.jsonl').peakMiB;
  });
  // What is held besides the session's: chunks while a line is found too long (up to the 64 MiB limit, read twice as
  // much each time) and windows of it searched for ids; never the line.
  const allowance = 256;

  it('lint reports the line without holding it', () => {
    const r = run('crashed.jsonl', '--format', 'json');
    expect(r.code).toBe(1);
    const diagnostics = (
      JSON.parse(r.stdout) as { results: { diagnostics: { ruleId: string; line: number; message: string }[] }[] }
    ).results[0]!.diagnostics;
    const tooLong = diagnostics.find((d) => d.ruleId === 'valid-json');
    expect(tooLong).toMatchObject({
      line: lines,
      message: expect.stringMatching(/^Line is 503316480 bytes, over the 67108864-byte limit/),
    });
    expect(r.peakMiB).toBeLessThan(baseline + allowance);
  });

  it('--fix refuses it, saying why in one line, and leaves the file byte for byte as it was', () => {
    const before = sha256Of(big);
    const r = run('--fix', 'crashed.jsonl');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `crashed.jsonl: not fixed: line ${lines} is ${RUN} bytes, over the 67108864-byte --max-line-bytes limit, so it was not read`,
    );
    expect(r.peakMiB).toBeLessThan(baseline + allowance);
    expect(sha256Of(big)).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(['crashed.jsonl', 'peak.mjs', 'peak.txt', 'small.jsonl']);
  });
});
