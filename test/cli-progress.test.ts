// Progress on stderr: drawn only for a watched, long run (stderr a terminal, no CI, stylish to stdout, more than 20
// files or more than half a second), redrawn in place, and erased before the report prints. The clock is injected.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLEAR_LINE,
  createProgress,
  MIN_DELAY_MS,
  MIN_FILES,
  progressAllowed,
  REDRAW_MS,
  readDetail,
} from '../src/cli/progress.js';
import { terminalWidth } from '../src/cli/io.js';
import { brokenTranscript, cleanTranscript, writeFile } from './helpers/cli-fixtures.js';
import { type RunOptions, runCli } from './helpers/run-cli.js';

let tmp: string;
const MANY = 30;
const run = (argv: string[], opts: Omit<RunOptions, 'cwd'> = {}) => runCli(argv, { ...opts, cwd: tmp });
/** A clock that advances `step` ms every time it is read. */
const ticking = (step: number) => {
  let t = 0;
  return () => (t += step);
};

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'transcript-lint-progress-'));
  for (let i = 0; i < MANY; i++)
    writeFile(tmp, `many/s${String(i).padStart(2, '0')}.jsonl`, i === 7 ? brokenTranscript() : cleanTranscript());
  for (let i = 0; i < 3; i++) writeFile(tmp, `few/s${i}.jsonl`, cleanTranscript());
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('progressAllowed', () => {
  it('needs a terminal, no CI, a usable TERM, and the flag', () => {
    expect(progressAllowed({ enabled: true, stderrIsTTY: true, env: {} })).toBe(true);
    expect(progressAllowed({ enabled: true, stderrIsTTY: false, env: {} })).toBe(false);
    expect(progressAllowed({ enabled: false, stderrIsTTY: true, env: {} })).toBe(false);
    expect(progressAllowed({ enabled: true, stderrIsTTY: true, env: { CI: 'true' } })).toBe(false);
    expect(progressAllowed({ enabled: true, stderrIsTTY: true, env: { CI: '1' } })).toBe(false);
    expect(progressAllowed({ enabled: true, stderrIsTTY: true, env: { CI: 'false' } })).toBe(true);
    expect(progressAllowed({ enabled: true, stderrIsTTY: true, env: { CI: '' } })).toBe(true);
    expect(progressAllowed({ enabled: true, stderrIsTTY: true, env: { TERM: 'dumb' } })).toBe(false);
  });
});

describe('createProgress', () => {
  const sink = () => {
    const writes: string[] = [];
    return { writes, stream: { write: (s: string) => writes.push(s) } };
  };

  it(`draws from the first file when there are more than ${MIN_FILES}, throttled to one redraw per ${REDRAW_MS} ms`, () => {
    const { writes, stream } = sink();
    let t = 0;
    const p = createProgress(stream, 50, { now: () => t });
    p.update(1);
    expect(writes).toEqual([`${CLEAR_LINE}Linting: 1/50 files (2%)`]);
    t = 50;
    p.update(2); // too soon
    expect(writes).toHaveLength(1);
    t = 150;
    p.update(3);
    expect(writes.at(-1)).toBe(`${CLEAR_LINE}Linting: 3/50 files (6%)`);
    t = 160;
    p.update(50); // the last one always draws
    expect(writes.at(-1)).toBe(`${CLEAR_LINE}Linting: 50/50 files (100%)`);
    p.clear();
    expect(writes.at(-1)).toBe(CLEAR_LINE);
    p.clear(); // nothing drawn since: nothing to erase
    expect(writes).toHaveLength(4);
  });

  it('keeps to one line of a narrow terminal (a wrapped line is not erased whole by the next redraw)', () => {
    const { writes, stream } = sink();
    const p = createProgress(stream, 50, { now: () => 0, width: 20 });
    p.update(43);
    expect(writes).toEqual([`${CLEAR_LINE}Linting: 43/50 file`]);
    const wide = sink();
    createProgress(wide.stream, 50, { now: () => 0, width: 80 }).update(43);
    expect(wide.writes).toEqual([`${CLEAR_LINE}Linting: 43/50 files (86%)`]);
  });

  it('wraps text to at least 40 columns, however narrow the terminal says it is', () => {
    expect(terminalWidth({ env: { COLUMNS: '5' }, columns: undefined })).toBe(40);
    expect(terminalWidth({ env: {}, columns: 100 })).toBe(100);
    expect(terminalWidth({ env: {}, columns: undefined })).toBeUndefined();
  });

  it(`stays silent for a small, quick run, and draws once ${MIN_DELAY_MS} ms have passed`, () => {
    const { writes, stream } = sink();
    let t = 0;
    const p = createProgress(stream, 5, { now: () => t, label: 'Fixing' });
    t = 100;
    p.update(1);
    p.update(2);
    expect(writes).toEqual([]);
    p.clear();
    expect(writes).toEqual([]);
    t = MIN_DELAY_MS + 1;
    p.update(3);
    expect(writes).toEqual([`${CLEAR_LINE}Fixing: 3/5 files (60%)`]);
  });
});

describe('through main()', () => {
  const progressLine = /\r\x1b\[2KLinting: \d+\/\d+ files/;

  it('draws on a terminal for a long run, ends with the line erased, and keeps stdout clean', async () => {
    const r = await run(['many'], { stderrTTY: true, now: ticking(200) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(progressLine);
    expect(r.stderr).toContain(`Linting: ${MANY}/${MANY} files (100%)`);
    // Erased before the report: the last thing written is the clear sequence.
    expect(r.stderr.endsWith(CLEAR_LINE)).toBe(true);
    expect(r.stdout).not.toContain('Linting:');
    expect(r.stdout).toContain(`Linted ${MANY} files.`);
  });

  it('draws for more than 20 files even when the run is quick', async () => {
    const r = await run(['many'], { stderrTTY: true, now: () => 0 });
    expect(r.stderr).toMatch(progressLine);
  });

  it('draws for a few files only once the run is slow', async () => {
    expect((await run(['few'], { stderrTTY: true, now: () => 0 })).stderr).toBe('');
    expect((await run(['few'], { stderrTTY: true, now: ticking(400) })).stderr).toMatch(progressLine);
  });

  it('shows nothing when stderr is not a terminal, in CI, with TERM=dumb, --no-progress or --quiet', async () => {
    const slow = { now: ticking(200) };
    expect((await run(['many'], { ...slow })).stderr).toBe('');
    expect((await run(['many'], { ...slow, stderrTTY: true, env: { CI: 'true' } })).stderr).toBe('');
    expect((await run(['many'], { ...slow, stderrTTY: true, env: { TERM: 'dumb' } })).stderr).toBe('');
    expect((await run(['many', '--no-progress'], { ...slow, stderrTTY: true })).stderr).toBe('');
    expect((await run(['many', '--quiet'], { ...slow, stderrTTY: true })).stderr).toBe('');
  });

  it('shows nothing with a machine format or a format that is not stylish, or with -o', async () => {
    const slow = { now: ticking(200), stderrTTY: true };
    for (const format of ['json', 'sarif', 'github', 'compact']) {
      expect((await run(['many', '-f', format], slow)).stderr, format).toBe('');
    }
    expect((await run(['many', '-o', path.join(tmp, 'out.txt')], slow)).stderr).toBe('');
  });

  it('erases the line before any message on stderr', async () => {
    writeFile(tmp, 'mixed/a.jsonl', cleanTranscript());
    for (let i = 0; i < MANY; i++) writeFile(tmp, `mixed/b${i}.jsonl`, brokenTranscript());
    const r = await run(['mixed', '--fix', '--no-backup'], { stderrTTY: true, now: ticking(200) });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\r\x1b\[2KFixing: \d+\/31 files/);
    // The closing note starts on a clean line.
    expect(r.stderr).toMatch(
      /\r\x1b\[2Ktranscript-lint: fixed \d+ problems \([^)]*\) in 30 files; no backups \(--no-backup\)\n$/,
    );
    // A hang guard, not a time bound: it fixes 30 files (over 30 s on a loaded 2-core machine).
  }, 180_000);
});

describe('progress within a large file', () => {
  it('says how far the file being linted or fixed has been read, pass by pass', () => {
    const writes: string[] = [];
    let t = 0;
    const p = createProgress({ write: (s: string) => writes.push(s) }, 1, { label: 'Fixing', now: () => t });
    t = MIN_DELAY_MS;
    p.update(0, readDetail(80 * 2 ** 20, 200 * 2 ** 20));
    t += REDRAW_MS;
    p.update(0, readDetail(16 * 2 ** 20 + 5, 200 * 2 ** 20, 2));
    t += REDRAW_MS;
    p.update(1);
    expect(writes).toEqual([
      `${CLEAR_LINE}Fixing: 0/1 files (0%), read 80 of 200 MiB`,
      `${CLEAR_LINE}Fixing: 0/1 files (0%), pass 2: read 16 of 200 MiB`,
      `${CLEAR_LINE}Fixing: 1/1 files (100%)`,
    ]);
  });

  it('never says more was read than the file holds', () => {
    expect(readDetail(300 * 2 ** 20, 200 * 2 ** 20)).toBe('read 200 of 200 MiB');
    expect(readDetail(0, 0, 1)).toBe('read 0 of 0 MiB');
  });
});
