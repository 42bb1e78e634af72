// Ctrl-C (or a kill) while --fix writes a file: its temp file and a backup made for a rename that did not happen are
// removed before the process ends, as the error path removes them. The process then ends by the signal, as it would
// have (exit 130 for Ctrl-C). Only the write is guarded: the fixes are computed synchronously, where a handler could
// not run until they are done, so Ctrl-C there ends the process at once (and temp-reaper.ts removes the temp file).
import { unlinkSync } from 'node:fs';
import { liveTemps, unconfirmedBackups } from '../engine/temp-file.js';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export async function cleanUpOnInterrupt<T>(write: () => Promise<T>): Promise<T> {
  const handler = (signal: NodeJS.Signals): void => {
    for (const p of [...liveTemps, ...unconfirmedBackups]) {
      try {
        unlinkSync(p);
      } catch {}
    }
    stop();
    process.kill(process.pid, signal);
  };
  const stop = (): void => {
    for (const s of SIGNALS) process.off(s, handler);
  };
  for (const s of SIGNALS) process.on(s, handler);
  try {
    return await write();
  } finally {
    stop();
  }
}
