// A digest's stamp (engine/original.ts): a file whose times were SETTLED_MS old when it was stat'ed, and that still
// has that stat, is taken to hold what was read without being hashed again; any write to it since changes its stat,
// and it is then hashed as before.
import { closeSync, mkdtempSync, openSync, promises as fs, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  holdsOriginal,
  type OriginalDigest,
  SETTLED_MS,
  settledStamp,
  writeOriginal,
} from '../../src/engine/original.js';

const dir = mkdtempSync(join(tmpdir(), 'tl-stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function fileOf(text: string): { path: string; digest: OriginalDigest } {
  const path = join(dir, `f${n++}.jsonl`);
  writeFileSync(path, text);
  const sha256 = createHash('sha256').update(text).digest('hex');
  return { path, digest: { length: Buffer.byteLength(text), sha256, tailLength: 0 } };
}
/** As if the file had been stat'ed `ms` after it was written. */
const stampAfter = (path: string, ms: number) => settledStamp(statSync(path, { bigint: true }), Date.now() + ms);
const wrongSha = '0'.repeat(64);
/** Past the filesystem's time granularity (a kernel tick where times are coarse), so a write changes the times. */
const aTickLater = () => new Promise((r) => setTimeout(r, 30));

describe('settledStamp', () => {
  it('is a stamp only when both times are SETTLED_MS old', () => {
    const { path } = fileOf('{}\n');
    expect(stampAfter(path, 0)).toBeUndefined();
    expect(stampAfter(path, SETTLED_MS - 1000)).toBeUndefined();
    const stamp = stampAfter(path, SETTLED_MS + 1000);
    expect(stamp).toMatchObject({ size: 3n, ino: statSync(path, { bigint: true }).ino });
  });
});

describe('holdsOriginal with a stamp', () => {
  it('takes the stamp for the bytes while the file keeps it (a wrong SHA-256 is not even looked at)', async () => {
    const { path, digest } = fileOf('{"a":1}\n');
    const stamp = stampAfter(path, SETTLED_MS + 1000)!;
    const h = await fs.open(path, 'r');
    try {
      expect(await holdsOriginal(h, { ...digest, sha256: wrongSha, stamp })).toBe(true);
      expect(await holdsOriginal(h, { ...digest, stamp })).toBe(true);
      // Without a stamp the bytes are hashed: the wrong SHA-256 fails.
      expect(await holdsOriginal(h, { ...digest, sha256: wrongSha })).toBe(false);
    } finally {
      await h.close();
    }
  });

  it('hashes a file written since, at the same length, and finds it changed', async () => {
    const { path, digest } = fileOf('{"a":1}\n');
    const stamp = stampAfter(path, SETTLED_MS + 1000)!;
    await aTickLater();
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.from('2'), 0, 1, 5);
    closeSync(fd);
    const h = await fs.open(path, 'r');
    try {
      expect(await holdsOriginal(h, { ...digest, stamp })).toBe(false);
    } finally {
      await h.close();
    }
  });
});

describe('writeOriginal with a stamp', () => {
  async function copy(path: string, original: OriginalDigest): Promise<string> {
    const to = `${path}.copy`;
    const from = await fs.open(path, 'r');
    const out = await fs.open(to, 'wx');
    try {
      await writeOriginal(from, out, original);
    } finally {
      await out.close();
      await from.close();
    }
    return to;
  }

  it('copies without hashing while the file keeps its stamp', async () => {
    const { path, digest } = fileOf('{"a":1}\n{"b":2}\n');
    const stamp = stampAfter(path, SETTLED_MS + 1000)!;
    const to = await copy(path, { ...digest, sha256: wrongSha, stamp });
    expect(await fs.readFile(to, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
  });

  it('hashes a file that lost its stamp, and refuses it when it changed', async () => {
    const { path, digest } = fileOf('{"a":1}\n');
    const stamp = stampAfter(path, SETTLED_MS + 1000)!;
    await aTickLater();
    writeFileSync(path, '{"a":2}\n');
    await expect(copy(path, { ...digest, stamp })).rejects.toThrow(/no longer holds what the fix read/);
    // Its own bytes, hashed, pass.
    const same = fileOf('{"a":3}\n');
    writeFileSync(same.path, '{"a":3}\n');
    expect(await fs.readFile(await copy(same.path, { ...same.digest, stamp }), 'utf8')).toBe('{"a":3}\n');
  });
});
