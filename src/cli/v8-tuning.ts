// A lint run is short, and V8's optimizing compiler (TurboFan) mostly works for nothing in it: the hot work is
// native (reading, JSON.parse), and compiling our own functions for speed costs more CPU than it saves. Measured with
// `npm run bench` on 200 sessions of 1 MB: 0.80 s of CPU with TurboFan, 0.50 s without; on one 200 MB session 0.60 s
// and 0.45 s; break-even at about 1 GB in one run. V8's flags belong to the whole process (worker threads included),
// so only the command-line tool sets them, before any of its code runs; the library never does.
import v8 from 'node:v8';

export function tuneV8ForCli(): void {
  v8.setFlagsFromString('--no-opt');
}
