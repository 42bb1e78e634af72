// mkdir -p, one level at a time from the nearest folder that exists. Node's own recursive mkdir loops forever where
// mkdir answers ENOENT for a folder that cannot be made (under /proc, say): one level at a time, that is an error.
import path from 'node:path';
import type { WriteFs } from './write-fs.js';

export async function makeFolders(io: Pick<WriteFs, 'stat' | 'mkdir'>, dir: string): Promise<void> {
  const missing: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = await io.stat(current).catch(() => undefined);
    if (stat) {
      if (!stat.isDirectory()) throw Object.assign(new Error(`${current} is not a folder`), { code: 'ENOTDIR' });
      break;
    }
    if (path.dirname(current) === current) break;
    missing.push(current);
  }
  for (const folder of missing.reverse()) {
    await io.mkdir(folder).catch((err: NodeJS.ErrnoException) => {
      // Made meanwhile (another run's backup): as good.
      if (err.code === 'EEXIST') return;
      if (err.code === 'ENOENT')
        throw Object.assign(new Error(`${folder} cannot be created there`), { code: 'ENOENT' });
      throw err;
    });
  }
}
