// mkdir -p, one level at a time from the nearest folder that exists. Node's own recursive mkdir loops forever where
// mkdir answers ENOENT for a folder that cannot be made (under /proc, say): one level at a time, that is an error.
// Async for the fix's writes (through their WriteFs), sync for the report file (report-output.ts).
import { mkdirSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import type { WriteFs } from './write-fs.js';

export async function makeFolders(io: Pick<WriteFs, 'stat' | 'mkdir'>, dir: string): Promise<void> {
  const missing: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = await io.stat(current).catch(() => undefined);
    if (stop(stat, current, missing)) break;
  }
  for (const folder of missing.reverse()) await io.mkdir(folder).catch((err: unknown) => mkdirFailed(folder, err));
}

export function makeFoldersSync(dir: string): void {
  const missing: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if (stop(statSync(current, { throwIfNoEntry: false }), current, missing)) break;
  }
  for (const folder of missing.reverse()) {
    try {
      mkdirSync(folder);
    } catch (err) {
      mkdirFailed(folder, err);
    }
  }
}

/** One step up from `current`: whether the walk ends here (a folder, or the root); else `current` is missing. */
function stop(stat: Stats | undefined, current: string, missing: string[]): boolean {
  if (stat) {
    if (!stat.isDirectory()) throw Object.assign(new Error(`${current} is not a folder`), { code: 'ENOTDIR' });
    return true;
  }
  if (path.dirname(current) === current) return true;
  missing.push(current);
  return false;
}

function mkdirFailed(folder: string, err: unknown): void {
  const code = (err as NodeJS.ErrnoException).code;
  // Made meanwhile (another run's backup): as good.
  if (code === 'EEXIST') return;
  if (code === 'ENOENT') throw Object.assign(new Error(`${folder} cannot be created there`), { code: 'ENOENT' });
  throw err;
}
