// A fixed file keeps the original's times (engine/temp-file.ts keepTimes), but for a second more when its size did not
// change: tools that take the same size and whole-second time for "unchanged" (rsync's quick check) must see it.
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepTimes } from '../../src/engine/temp-file.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-keep-times-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const old = new Date('2020-01-02T03:04:05.250Z');

async function replacementTimes(original: string, replacement: string): Promise<{ mtime: Date; atime: Date }> {
  const from = path.join(dir, `original-${original.length}-${replacement.length}`);
  const to = `${from}.new`;
  writeFileSync(from, original);
  utimesSync(from, old, old);
  writeFileSync(to, replacement);
  const handle = await open(to, 'r+');
  try {
    await keepTimes(handle, statSync(from));
  } finally {
    await handle.close();
  }
  const { mtime, atime } = statSync(to);
  return { mtime, atime };
}

describe('keepTimes', () => {
  it("gives a replacement of another size the original's times", async () => {
    const times = await replacementTimes('{"a":"\\ud800"}\n', '{"a":""}\n');
    expect(times.mtime.toISOString()).toBe(old.toISOString());
    expect(times.atime.toISOString()).toBe(old.toISOString());
  });

  it('makes a replacement of the same size one second newer, so that a size-and-time check sees the change', async () => {
    const times = await replacementTimes('{"uuid":"aaaa"}\n', '{"uuid":"bbbb"}\n');
    expect(times.mtime.getTime() - old.getTime()).toBe(1000);
    expect(Math.floor(times.mtime.getTime() / 1000)).not.toBe(Math.floor(old.getTime() / 1000));
    expect(times.atime.toISOString()).toBe(old.toISOString());
  });
});
