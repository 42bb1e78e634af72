// The temp files of a large --fix when the process dies while the fixes are computed. That phase is synchronous (a
// pass over a 200 MB session takes seconds), so no signal handler can run there, and Ctrl-C, a kill or the OOM
// killer left a hidden temp file as large as the session until the next --fix swept it. A small process started
// beside the fix (in a session of its own, so Ctrl-C at the terminal does not reach it) holds the other end of a
// pipe: the kernel closes our end however we end, and unless we said "done" first, it removes our temp files in the
// places given (names with our pid: see engine/temp-file.ts). Started only for files fixed on disk (64 MiB and up),
// where it costs a few tens of ms against seconds of fixing.
import { spawn } from 'node:child_process';
import type { TempPlace } from '../engine/stale-temps.js';
import { ownTempPattern } from '../engine/temp-file.js';

/** What the process runs: argv is pairs of a folder and the pattern of our temp files' names there. */
const REAPER = `
const fs = require('node:fs');
const path = require('node:path');
const places = process.argv.slice(1);
let said = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => { said += d; });
process.stdin.on('error', () => {});
process.stdin.on('end', () => {
  if (said.includes('done')) return;
  for (let i = 0; i + 1 < places.length; i += 2) {
    const pattern = new RegExp(places[i + 1]);
    let names = [];
    try { names = fs.readdirSync(places[i]); } catch {}
    for (const name of names) if (pattern.test(name)) try { fs.unlinkSync(path.join(places[i], name)); } catch {}
  }
});
`;

/**
 * Starts the watcher for the temp files a fix may write in `places`; returns what ends the watch once the fix is
 * over (written or not). Where no process can be started, nothing watches: the next --fix sweeps what is left.
 */
export function reapTempsIfKilled(places: readonly TempPlace[]): () => void {
  try {
    const args = places.flatMap((p) => [p.dir, ownTempPattern(p.name).source]);
    const child = spawn(process.execPath, ['-e', REAPER, ...args], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      windowsHide: true,
      // Lean and predictable: none of the user's preloads or heap options.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    child.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    // Neither keeps this process alive.
    child.unref();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    return () => {
      child.stdin.end('done\n');
    };
  } catch {
    return () => undefined;
  }
}
