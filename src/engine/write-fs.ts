// The filesystem calls a fix's write makes: fs.promises by default, a stand-in in tests so faults can be injected
// at any step (a handle's own calls, write/sync/chown, come from the stand-in's open).
import type { promises as fs } from 'node:fs';

export type WriteFs = Pick<
  typeof fs,
  'open' | 'stat' | 'lstat' | 'realpath' | 'rename' | 'link' | 'unlink' | 'mkdir' | 'readdir'
>;

/** Whether a name is taken: by lstat, so that a dangling symlink counts as taken and is never written over. */
export function nameTaken(io: Pick<WriteFs, 'lstat'>, p: string): Promise<boolean> {
  return io.lstat(p).then(
    () => true,
    () => false,
  );
}
