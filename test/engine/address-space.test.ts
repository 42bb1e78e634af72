// Worker threads under `ulimit -v`: each needs ~670 MB of address space before it runs, and one that does not fit
// aborts the whole process in C++ (exit 134), so the threads are capped by the limit (src/engine/address-space.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { addressSpaceLimit, WORKER_ADDRESS_SPACE, workersThatFit } from '../../src/engine/address-space.js';
import { cleanTranscript, danglingTranscript, writeFile } from '../helpers/cli-fixtures.js';

const LIMITS = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units     \nMax stack size            8388608              unlimited            bytes     \nMax address space         ${soft}           ${soft}           bytes     \n`;
const STATUS = (kb: number) => `Name:\tnode\nVmPeak:\t  ${kb + 10} kB\nVmSize:\t  ${kb} kB\nVmRSS:\t 50000 kB\n`;

describe('workersThatFit', () => {
  it('is unbounded without a limit, or where /proc cannot be read', () => {
    expect(addressSpaceLimit(LIMITS('unlimited'))).toBeUndefined();
    expect(workersThatFit(LIMITS('unlimited'), STATUS(700_000))).toBe(Number.POSITIVE_INFINITY);
    expect(workersThatFit(undefined, undefined)).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts the workers that fit beside what the process already uses and may grow by', () => {
    expect(addressSpaceLimit(LIMITS('1536000000'))).toBe(1_536_000_000);
    // 1.5 GB with 0.7 GB in use: the main thread's growth leaves no room for a worker (it aborted there before).
    expect(workersThatFit(LIMITS('1536000000'), STATUS(700_000))).toBe(0);
    // 3 GB: two workers.
    expect(workersThatFit(LIMITS('3072000000'), STATUS(700_000))).toBe(2);
    const justOne = 700_000 * 1024 + 640 * 1024 * 1024 + WORKER_ADDRESS_SPACE;
    expect(workersThatFit(LIMITS(String(justOne)), STATUS(700_000))).toBe(1);
    expect(workersThatFit(LIMITS(String(justOne - 1)), STATUS(700_000))).toBe(0);
  });
});

const linux = process.platform === 'linux' && spawnSync('sh', ['-c', 'ulimit -v 1500000']).status === 0;
const bin = fileURLToPath(new URL('../../bin/transcript-lint.js', import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-address-space-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!linux)('the CLI under ulimit -v', () => {
  it('lints on one thread when no worker fits, instead of aborting', () => {
    const a = writeFile(dir, 'a.jsonl', cleanTranscript());
    const b = writeFile(dir, 'b.jsonl', danglingTranscript());
    const run = spawnSync(
      'sh',
      ['-c', 'ulimit -v 1500000 && exec "$0" "$@"', process.execPath, bin, '--no-progress', '--jobs', '2', a, b],
      { encoding: 'utf8' },
    );
    expect(run.stderr).not.toMatch(/bad_alloc|Fatal|Aborted/);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('b.jsonl');
    expect(run.stdout).toContain('Linted 2 files.');
  });
});
