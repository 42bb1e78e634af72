import { mkdtempSync, promises as fs, readdirSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WriteError, writeFileAtomic } from '../../src/engine/io.js';
import { setWriteGuard } from '../../src/engine/write-guard.js';
import { enc } from '../helpers/bytes.js';

function setup(content = 'original\n'): { dir: string; file: string; original: Uint8Array } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tl-io-'));
  const file = path.join(dir, 'session.jsonl');
  writeFileSync(file, content, { mode: 0o640 });
  chmodSync(file, 0o640);
  return { dir, file, original: enc(content) };
}

describe('writeFileAtomic', () => {
  it('writes, keeps the mode, and keeps a numbered backup', async () => {
    const { dir, file, original } = setup();
    writeFileSync(file + '.bak', 'older backup');
    const r = await writeFileAtomic(file, enc('fixed\n'), { original });
    expect(readFileSync(file, 'utf8')).toBe('fixed\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(r.backupPath).toBe(file + '.bak.1');
    expect(readFileSync(file + '.bak.1', 'utf8')).toBe('original\n');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes no backup with backup:false, and into a folder when given one', async () => {
    const a = setup();
    await writeFileAtomic(a.file, enc('x\n'), { original: a.original, backup: false });
    expect(readdirSync(a.dir)).toEqual(['session.jsonl']);
    const b = setup();
    const backups = path.join(b.dir, 'backups');
    const r = await writeFileAtomic(b.file, enc('x\n'), { original: b.original, backup: backups });
    expect(r.backupPath).toBe(path.join(backups, 'session.jsonl.bak'));
  });

  it('writes nothing when the write guard refuses, whether before the backup or just before the rename', async () => {
    for (const refuseAt of [1, 2]) {
      const { dir, file, original } = setup();
      let asked = 0;
      setWriteGuard(() => (++asked >= refuseAt ? 'the run was ended' : undefined));
      try {
        await expect(writeFileAtomic(file, enc('fixed\n'), { original })).rejects.toThrow(
          new WriteError(`${file} was not written: the run was ended; the original is unchanged`, file),
        );
      } finally {
        setWriteGuard(undefined);
      }
      expect(asked).toBe(refuseAt);
      expect(readFileSync(file, 'utf8')).toBe('original\n');
      expect(readdirSync(dir)).toEqual(['session.jsonl']);
    }
  });

  it('refuses when the file changed since it was read, and writes nothing', async () => {
    const { dir, file, original } = setup();
    writeFileSync(file, 'original\nappended by Claude Code\n');
    await expect(writeFileAtomic(file, enc('fixed\n'), { original, backup: false })).rejects.toThrow(
      /changed while it was being fixed/,
    );
    expect(readFileSync(file, 'utf8')).toBe('original\nappended by Claude Code\n');
    expect(readdirSync(dir)).toEqual(['session.jsonl']);
  });

  const faults: [string, string, RegExp][] = [
    ['open', 'ENOSPC', /disk is full/],
    ['open', 'EACCES', /permission denied/],
    ['rename', 'EXDEV', /EXDEV/],
  ];
  for (const [call, code, message] of faults) {
    it(`${call} failing with ${code} leaves the original intact and no temp file`, async () => {
      const { dir, file, original } = setup();
      const fsImpl = {
        ...fs,
        [call]: async () => {
          throw Object.assign(new Error(`${code}: simulated`), { code });
        },
      } as typeof fs;
      const p = writeFileAtomic(file, enc('fixed\n'), { original, backup: false, fsImpl });
      await expect(p).rejects.toBeInstanceOf(WriteError);
      await expect(p).rejects.toThrow(message);
      expect(readFileSync(file, 'utf8')).toBe('original\n');
      expect(readdirSync(dir)).toEqual(['session.jsonl']);
    });
  }

  it('a failing write after the temp file exists removes it', async () => {
    const { dir, file, original } = setup();
    const fsImpl = {
      ...fs,
      open: async (p: string, flags: string, mode: number) => {
        const h = await fs.open(p, flags, mode);
        return Object.assign(Object.create(h) as object, {
          writeFile: async () => {
            throw Object.assign(new Error('ENOSPC: no space'), { code: 'ENOSPC' });
          },
          sync: () => h.sync(),
          close: () => h.close(),
        });
      },
    } as unknown as typeof fs;
    await expect(writeFileAtomic(file, enc('fixed\n'), { original, backup: false, fsImpl })).rejects.toThrow(
      /disk is full/,
    );
    expect(readFileSync(file, 'utf8')).toBe('original\n');
    expect(readdirSync(dir)).toEqual(['session.jsonl']);
  });
});
