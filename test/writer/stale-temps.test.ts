// The sweep for temp files an interrupted --fix left (engine/stale-temps.ts), over a run of many files: each folder
// is listed once (--fix of 3000 sessions in one folder listed it 3000 times), and every file's leftovers in it, and
// only those, are still found and removed.
import { promises as fs, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StaleTempSweep, sweepStaleTemps } from '../../src/engine/stale-temps.js';
import type { WriteFs } from '../../src/engine/write-fs.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tl-stale-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** fs.promises, counting the folders it lists. */
function countingFs(): { io: WriteFs; listed: string[] } {
  const listed: string[] = [];
  const readdir = (p: string) => {
    listed.push(p);
    return fs.readdir(p);
  };
  const io = { ...fs, readdir } as unknown as WriteFs;
  return { io, listed };
}

// A pid no process has (above Linux's pid_max): the temp files are an interrupted run's, to be removed.
const GONE = 999_999_999;

describe('a sweep over the files of one folder', () => {
  it('lists the folder once, and removes each file its own leftovers (and a backup temp), nothing else', async () => {
    const names = ['a.jsonl', 'b.jsonl', 'c.jsonl'];
    for (const n of names) writeFileSync(path.join(dir, n), '{}\n');
    const left = [`.a.jsonl.${GONE}.0123abcd.tmp`, `.c.jsonl.bak.${GONE}.89abcdef.tmp`];
    // Shaped like a temp file, but of a name not swept; and another program's hidden file.
    const kept = [`.d.jsonl.${GONE}.0123abcd.tmp`, '.a.jsonl.swp'];
    for (const n of [...left, ...kept]) writeFileSync(path.join(dir, n), 'partial');
    const { io, listed } = countingFs();
    const sweep = new StaleTempSweep(io);
    const notes: string[] = [];
    for (const name of names) notes.push(...(await sweep.sweep([{ dir, name }])));
    expect(listed).toEqual([dir]);
    expect(notes).toEqual(
      left.map((n) => `removed ${path.join(dir, n)}, a temp file left by an interrupted --fix (pid ${GONE})`),
    );
    expect(readdirSync(dir).sort()).toEqual([...kept, ...names].sort());
  });

  it('without a run (the library, one file): the folder is listed each time', async () => {
    const { io, listed } = countingFs();
    await sweepStaleTemps(io, [{ dir, name: 'a.jsonl' }]);
    await sweepStaleTemps(io, [{ dir, name: 'b.jsonl' }]);
    expect(listed).toEqual([dir, dir]);
  });
});
