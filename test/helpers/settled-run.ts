// Runs the CLI with the clock SETTLED_MS and more ahead, so that every file it reads counts as settled (the
// --cache tests: a file written just now is not cached).
import { vi } from 'vitest';
import { SETTLED_MS } from '../../src/engine/original.js';
import { type RunOptions, runCli } from './run-cli.js';

export async function runSettled(argv: string[], opts: RunOptions): ReturnType<typeof runCli> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(performance.timeOrigin + performance.now() + SETTLED_MS + 1000);
  try {
    return await runCli(argv, opts);
  } finally {
    vi.useRealTimers();
  }
}
