// Under a cap on the address space the bin runs the tool again as its child (bin/transcript-lint.js), and passes it
// LAUNCHER_ENV: the launcher's pid, and the number of a pipe the launcher holds the other end of. A launcher ended by
// SIGKILL (the OOM killer, `timeout -s KILL`) cannot pass the signal on; its child ran on, and ~10 s later replaced
// the session, wrote a backup and printed a summary for a run the user had ended. So the child watches its launcher:
// - before anything is replaced (engine/write-guard.ts), its parent must still be the launcher: a process whose
//   parent dies is given another at once (by the kernel, as it exits), so this holds even before the event loop runs;
// - the pipe ends when the launcher does, whatever ended it, and the child then ends itself by SIGTERM, as the
//   launcher would have had it: a write under way removes its temp file and backup (interrupt-cleanup.ts).
import { fstatSync } from 'node:fs';
import { createRequire } from 'node:module';
import type net from 'node:net';
import { setWriteGuard } from '../engine/write-guard.js';

/** node:net, loaded only for a process that has a launcher: loading it costs every other run ~8 ms of CPU. */
const loadNet = (): typeof net => createRequire(import.meta.url)('node:net') as typeof net;

export const LAUNCHER_ENV = 'TRANSCRIPT_LINT_LAUNCHER';

/** Watches the launcher named by LAUNCHER_ENV ("<pid>:<fd>"), when the process has one; removes it from `env`. */
export function watchLauncher(env: Record<string, string | undefined>): void {
  const value = env[LAUNCHER_ENV];
  if (value === undefined) return;
  delete env[LAUNCHER_ENV];
  const m = /^(\d+):(\d+)$/.exec(value);
  if (!m) return;
  const launcher = Number(m[1]);
  const fd = Number(m[2]);
  // Node makes the pipe a socket pair. No such descriptor: a variable left in the environment, not a launcher's.
  if (!isPipe(fd)) return;
  setWriteGuard(() => (process.ppid === launcher ? undefined : 'the run was ended (its launcher process was killed)'));
  if (process.ppid !== launcher) {
    process.kill(process.pid, 'SIGTERM');
    return;
  }
  let pipe: net.Socket;
  try {
    pipe = new (loadNet().Socket)({ fd, readable: true, writable: false });
  } catch {
    return; // Not one Node can watch: the parent check above still guards every write.
  }
  pipe.on('error', () => undefined);
  pipe.on('close', () => process.kill(process.pid, 'SIGTERM'));
  pipe.resume();
  // The pipe must not keep the process alive once its work is done.
  pipe.unref();
}

function isPipe(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isSocket() || stat.isFIFO();
  } catch {
    return false;
  }
}
