// Drives main() with in-memory streams, as the CLI tests need it.
import path from 'node:path';
import { main } from '../../src/cli/main.js';

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  tty?: boolean;
  homedir?: string;
}

export async function runCli(argv: string[], opts: RunOptions): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main({
    argv,
    cwd: opts.cwd,
    env: opts.env ?? {},
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdoutIsTTY: opts.tty ?? false,
    homedir: opts.homedir ?? path.join(opts.cwd, 'no-home'),
  });
  return { code, stdout, stderr };
}
