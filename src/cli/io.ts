// What the CLI needs from the outside world, passed in so tests can run main() without a process.
import { neutralize } from '../formatters/neutralize.js';

export interface Output {
  write(chunk: string): unknown;
}

export interface CliIO {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
  stdoutIsTTY: boolean;
  homedir: string;
}

/** A message for the user on stderr; paths and file text in it are neutralised like the report. */
export function warn(io: CliIO, message: string): void {
  io.stderr.write(`transcript-lint: ${neutralize(message)}\n`);
}

/** One line for a failed read, without Node's "ENOENT: ..., open '<path>'" noise. */
export function describeReadError(filePath: string, err: NodeJS.ErrnoException): string {
  const reason: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'is a directory',
    ENOENT: 'no such file or directory',
  };
  return `cannot read ${filePath}: ${(err.code && reason[err.code]) ?? err.message}`;
}
