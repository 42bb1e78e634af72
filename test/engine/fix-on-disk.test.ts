// --fix of a large file on disk (engine/fix-on-disk.ts): the file it writes is, byte for byte, the file a fix of
// the bytes held whole writes, whatever the chunk size; no temp file outlives it; and the write checks the file and
// its backup against the digest of what the fix read, so a file rewritten meanwhile is left as it is.
import {
  appendFileSync,
  closeSync,
  lstatSync,
  promises as fs,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linter } from '../../src/index.js';
import { WriteError } from '../../src/engine/io.js';
import { fixFileOnDisk } from '../../src/engine/fix.js';
import { fixBytes } from '../../src/engine/fix-loop.js';
import { fixOnDisk } from '../../src/engine/fix-on-disk.js';
import { SETTLED_MS } from '../../src/engine/original.js';
import { cutterRule } from '../helpers/cutter.js';
import { brokenSession, longLine, progressLine as progress } from '../helpers/line-shapes.js';
import { scratch } from '../helpers/scratch.js';

const { fileAlone: fileOf } = scratch('tl-fix-on-disk-');

const namesBeside = (path: string) => readdirSync(join(path, '..')).sort();

/** A session with defects that fixes repair (a torn last line is added where a test needs one). */
const broken = brokenSession;

const CASES: Record<string, string | Uint8Array> = {
  plain: broken(),
  'torn last line': `${broken()}{"type":"user","mess`,
  'no final newline': broken().trimEnd(),
  crlf: broken().replaceAll('\n', '\r\n'),
  bom: `\uFEFF${broken()}`,
  'blank and bad lines': `${broken()}\n   \n[1,2]\nnot json\n${progress}\n`,
  'a long line among short ones': `${broken()}${longLine}\n${progress}\n`,
  'nothing to fix': `${progress}\n`,
};

describe('a fix on disk writes what a fix in memory writes', () => {
  for (const [name, content] of Object.entries(CASES)) {
    it(name, () => {
      const path = fileOf(content);
      const inMemory = fixBytes(linter, path, readFileSync(path));
      // Chunks smaller than the first line (detection then reads the file whole), of a few lines (the file in several
      // chunks, its untouched lines copied from the file), and larger than the file.
      for (const chunk of [7, 1024, 4096, 1 << 20]) {
        const disk = fixOnDisk(linter, path, path, {}, chunk);
        const { output: _o, outputPieces: _p, final, ...expected } = inMemory;
        const { output: _d, final: diskFinal, ...got } = disk.loop;
        expect(got).toEqual(expected);
        expect(diskFinal.result).toEqual(final.result);
        expect(disk.original.length).toBe(readFileSync(path).length);
        if (inMemory.changed) {
          expect(disk.fixed).toBeDefined();
          expect(Buffer.from(readFileSync(disk.fixed!.path)).equals(Buffer.from(inMemory.output))).toBe(true);
          // Only the last pass's output is left, for the caller to rename into place.
          expect(namesBeside(path)).toHaveLength(2);
          rmSync(disk.fixed!.path);
        } else {
          expect(disk.fixed).toBeUndefined();
        }
        expect(namesBeside(path)).toEqual(['session.jsonl']);
        expect(readFileSync(path)).toEqual(Buffer.from(content));
      }
    });
  }
});

describe('a fix on disk says how far each pass has read', () => {
  it('pass 1 reads the session, each later pass the output of the one before, each to its end', () => {
    // NUL bytes in the first line: their strip goes alone (fix-loop.ts fixesForPass), the other fixes after it.
    const [first, ...rest] = broken().split('\n');
    const path = fileOf([`${first!.slice(0, -1)}\u0000\u0000}`, ...rest].join('\n'));
    const seen = new Map<number, { read: number; size: number }[]>();
    const disk = fixOnDisk(linter, path, path, {}, 1024, (pass, read, size) => {
      const list = seen.get(pass) ?? [];
      list.push({ read, size });
      seen.set(pass, list);
    });
    rmSync(disk.fixed!.path);
    // Two fixing passes (fixBytes counts the same), then the pass that reads the final output.
    expect(disk.loop.passes).toBe(2);
    expect([...seen.keys()]).toEqual([1, 2, 3]);
    expect(seen.get(1)!.at(-1)).toEqual({ read: readFileSync(path).length, size: readFileSync(path).length });
    expect(seen.get(3)!.at(-1)).toEqual({ read: disk.loop.final.model.file.byteLength, size: expect.any(Number) });
    for (const list of seen.values()) expect(list.length).toBeGreaterThan(3);
  });
});

describe('a file overwritten in place while it is fixed on disk', () => {
  it('is said to have changed (the copies of its untouched bytes read what another writer put there), not "worse"', () => {
    const path = fileOf(`${broken()}{"type":"user","mess`);
    const size = readFileSync(path).length;
    let overwritten = false;
    const overwrite = (pass: number, read: number) => {
      if (overwritten || pass !== 1 || read < size) return;
      overwritten = true;
      const fd = openSync(path, 'r+');
      // Lines of garbage where the first entry was: more unreadable lines than before, so the loop calls it worse.
      writeSync(fd, Buffer.from('x\n'.repeat(20)), 0, 40, 0);
      closeSync(fd);
    };
    expect(() => fixOnDisk(linter, path, path, {}, 1024, overwrite)).toThrow(
      /changed while it was being fixed .*; nothing was written$/,
    );
    expect(overwritten).toBe(true);
    expect(namesBeside(path)).toEqual(['session.jsonl']);
  });
});

describe('fixFileOnDisk', () => {
  it('replaces the file with the fixed one and keeps the original, its mode and no temp file', async () => {
    const content = `${broken()}{"type":"user","mess`;
    const path = fileOf(content);
    const expected = fixBytes(linter, path, readFileSync(path)).output;
    const r = await fixFileOnDisk(linter, path, { onDiskFromBytes: 0 });
    expect(r.written).toBe(true);
    expect(r.outcome.applied.map((f) => f.ruleId).sort()).toEqual(['tool-use-has-result', 'unique-uuid', 'valid-json']);
    expect(readFileSync(path).equals(Buffer.from(expected))).toBe(true);
    expect(readFileSync(r.backupPath!, 'utf8')).toBe(content);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(namesBeside(path)).toEqual(['session.jsonl', 'session.jsonl.bak']);
  });

  it('writes nothing when there is nothing to fix', async () => {
    const path = fileOf(`${progress}\n`);
    const r = await fixFileOnDisk(linter, path, { onDiskFromBytes: 0 });
    expect(r).toMatchObject({ written: false, outcome: { status: 'unchanged', changed: false } });
    expect(namesBeside(path)).toEqual(['session.jsonl']);
  });

  /** Rewrites the file in place, same length, once the fix has read it: when the write looks for other writers. */
  const rewriteInPlace = (path: string) => async () => {
    const bytes = readFileSync(path);
    bytes[0] = 0x20;
    writeFileSync(path, bytes);
    return [];
  };

  for (const backup of [true, false]) {
    it(`refuses a file rewritten in place during the fix (backup: ${backup}), and leaves no temp file`, async () => {
      const path = fileOf(broken());
      const p = fixFileOnDisk(linter, path, { onDiskFromBytes: 0, backup, openers: rewriteInPlace(path) });
      await expect(p).rejects.toThrow(/changed while it was being fixed/);
      expect(readFileSync(path, 'utf8')).toBe(` ${broken().slice(1)}`);
      expect(namesBeside(path)).toEqual(['session.jsonl']);
    });
  }

  it('adds what was appended just before the rename, after the original torn line', async () => {
    const content = `${broken()}{"type":"user","mess`;
    const path = fileOf(content);
    const late = 'age":"the rest of it"}\n';
    const fsImpl = {
      ...fs,
      rename: async (from: string, to: string) => {
        if (to === path) appendFileSync(path, late);
        await fs.rename(from, to);
      },
    } as typeof fs;
    const expected = Buffer.from(fixBytes(linter, path, readFileSync(path)).output).toString();
    const r = await fixFileOnDisk(linter, path, { onDiskFromBytes: 0, fsImpl, onWarning: () => undefined });
    expect(r.written).toBe(true);
    // The fix dropped the torn line; the new bytes continue it, so it comes back as the original held it.
    expect(readFileSync(path, 'utf8')).toBe(`${expected}{"type":"user","mess${late}`);
    expect(readFileSync(r.backupPath!, 'utf8')).toBe(content);
  });

  it('a file cut shorter while it is fixed is an error, and no temp file is left', async () => {
    const path = fileOf(broken());
    const cutter = cutterRule(path, 10, 3);
    const p = fixFileOnDisk(linter, path, { onDiskFromBytes: 0, rules: [cutter] });
    await expect(p).rejects.toBeInstanceOf(WriteError);
    await expect(p).rejects.toThrow(/was cut shorter while it was being fixed .*; nothing was written$/);
    expect(namesBeside(path)).toEqual(['session.jsonl']);
  });

  it('through a symlink: the target is replaced, the link stays, and no temp file is left in either folder', async () => {
    const target = fileOf(broken());
    const link = join(fileOf(''), '..', 'link.jsonl');
    symlinkSync(target, link);
    const expected = fixBytes(linter, target, readFileSync(target)).output;
    const r = await fixFileOnDisk(linter, link, { onDiskFromBytes: 0, backup: false });
    expect(r.written).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target).equals(Buffer.from(expected))).toBe(true);
    expect(namesBeside(target)).toEqual(['session.jsonl']);
    expect(namesBeside(link)).toEqual(['link.jsonl', 'session.jsonl']);
  });

  it('a small file is fixed in memory, as fixFile does', async () => {
    const path = fileOf(broken());
    const expected = fixBytes(linter, path, readFileSync(path)).output;
    const r = await fixFileOnDisk(linter, path, {});
    expect(r.written).toBe(true);
    expect(readFileSync(path).equals(Buffer.from(expected))).toBe(true);
  });
});

describe('a settled file (times SETTLED_MS old when the fix opened it)', () => {
  // The clock is moved on instead of waiting: the file's times are then old for the fix.
  const settle = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SETTLED_MS + 1000);
  };
  afterEach(() => vi.useRealTimers());

  it('carries its stat in the digest; a fresh file does not', () => {
    const path = fileOf(broken());
    const fresh = fixOnDisk(linter, path, path);
    rmSync(fresh.fixed!.path);
    expect(fresh.original.stamp).toBeUndefined();
    settle();
    const settled = fixOnDisk(linter, path, path);
    rmSync(settled.fixed!.path);
    expect(settled.original.stamp?.size).toBe(BigInt(readFileSync(path).length));
    expect({ ...settled.original, stamp: undefined }).toEqual({ ...fresh.original, stamp: undefined });
  });

  for (const backup of [true, false]) {
    it(`is written with its backup as a fresh one is (backup: ${backup})`, async () => {
      const content = `${broken()}{"type":"user","mess`;
      const path = fileOf(content);
      const expected = fixBytes(linter, path, readFileSync(path)).output;
      settle();
      const r = await fixFileOnDisk(linter, path, { onDiskFromBytes: 0, backup });
      expect(r.written).toBe(true);
      expect(readFileSync(path).equals(Buffer.from(expected))).toBe(true);
      if (backup) expect(readFileSync(r.backupPath!, 'utf8')).toBe(content);
    });

    it(`is refused when rewritten in place during the fix: its stat changed, so it is hashed (backup: ${backup})`, async () => {
      const path = fileOf(broken());
      settle();
      const rewrite = async () => {
        // Past a coarse filesystem's time step, so the rewrite's times differ.
        await new Promise((r) => setImmediate(r));
        const until = performance.now() + 30;
        while (performance.now() < until);
        const bytes = readFileSync(path);
        bytes[0] = 0x20;
        writeFileSync(path, bytes);
        return [];
      };
      const p = fixFileOnDisk(linter, path, { onDiskFromBytes: 0, backup, openers: rewrite });
      await expect(p).rejects.toThrow(/changed while it was being fixed/);
      expect(readFileSync(path, 'utf8')).toBe(` ${broken().slice(1)}`);
      expect(namesBeside(path)).toEqual(['session.jsonl']);
    });
  }
});
