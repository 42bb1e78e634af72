// Drives main() with in-memory streams, as the CLI tests need it.
import path from 'node:path';
import { main, type MainOptions } from '../../src/cli/main.js';
import type { StdinSource } from '../../src/cli/io.js';

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Whether stdout is a terminal. */
  tty?: boolean;
  /** Whether stderr is a terminal. */
  stderrTTY?: boolean;
  /** What `-` reads. */
  stdin?: StdinSource;
  /** Whether stdin is a pipe or a file with data. */
  stdinPiped?: boolean;
  homedir?: string;
  /** The clock progress reads. */
  now?: () => number;
  /** The filesystem calls a fix writes with (write faults). */
  writeFs?: MainOptions['writeFs'];
}

export async function runCli(
  argv: string[],
  opts: RunOptions,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main({
    argv,
    cwd: opts.cwd,
    env: opts.env ?? {},
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdoutIsTTY: opts.tty ?? false,
    stderrIsTTY: opts.stderrTTY ?? false,
    stdin: opts.stdin,
    stdinPiped: opts.stdinPiped,
    homedir: opts.homedir ?? path.join(opts.cwd, 'no-home'),
    now: opts.now,
    writeFs: opts.writeFs,
  });
  return { code, stdout, stderr };
}
