// What the CLI needs from the outside world, passed in so tests can run main() without a process.
import type { WriteOptions } from '../engine/io.js';
import { InputKindError } from '../engine/read-regular.js';
import { neutralize } from '../formatters/neutralize.js';

export interface Output {
  /** Text, or bytes written as they are (a --diff of a file that is not valid UTF-8). */
  write(chunk: string | Uint8Array): unknown;
}

/** What `-` reads: the process's stdin in the bin, a string or bytes in tests. */
export type StdinSource = string | Uint8Array | AsyncIterable<string | Uint8Array>;

/** The filesystem calls writing a fixed file uses. */
export type WriteFs = NonNullable<WriteOptions['fsImpl']>;

export interface CliIO {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
  stdoutIsTTY: boolean;
  /** The terminal's width in columns, when stdout is a terminal that says. */
  columns?: number;
  /** Whether stderr is a terminal: progress is drawn only then. */
  stderrIsTTY: boolean;
  /** Where the progress line is drawn; default stderr (a run kept whole by --cache keeps stderr without it). */
  progressOut?: Output;
  homedir: string;
  stdin?: StdinSource;
  /** stdin is a pipe or a file with data, not a terminal or /dev/null. */
  stdinPiped?: boolean;
  /** The clock progress uses (ms). */
  now: () => number;
  /** For tests: the filesystem calls a fix writes with (see engine/io.ts), so that write faults can be simulated. */
  writeFs?: WriteFs;
}

/**
 * The width human output may use: COLUMNS when it is set (as `COLUMNS=80 transcript-lint ...` asks), else the
 * terminal's; undefined when neither says.
 */
export function terminalWidth(io: Pick<CliIO, 'env' | 'columns'>): number | undefined {
  const fromEnv = Number(io.env.COLUMNS);
  const width =
    Number.isInteger(fromEnv) && fromEnv > 0
      ? fromEnv
      : io.columns !== undefined && io.columns > 0
        ? io.columns
        : undefined;
  // Narrower than this, wrapping makes a column of single words: text is wrapped at this width instead.
  return width === undefined ? undefined : Math.max(width, MIN_WRAP_WIDTH);
}

/** The narrowest width text is wrapped to. */
export const MIN_WRAP_WIDTH = 40;

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
    ELOOP: 'too many levels of symbolic links',
    ENAMETOOLONG: 'the name is too long',
    EMFILE: 'too many open files (raise the limit: ulimit -n)',
    ENFILE: 'too many open files (raise the limit: ulimit -n)',
  };
  // The file was read, but its model would not fit in memory (engine/heap-room.ts).
  if (err.code === 'EHEAP') return `cannot lint ${filePath}: ${err.message}`;
  // A pipe (`/dev/stdin` from `cat x |`, or `<(...)`) is what `-` reads whole.
  if (err.code === 'ENOTREG' && /named pipe|socket/.test(err.message))
    return `cannot read ${filePath}: ${err.message}; pipe it to \`-\` (stdin) instead`;
  return `cannot read ${filePath}: ${(err.code && reason[err.code]) ?? err.message}`;
}

/**
 * How much stdin is read at most: a pipe has no size to check first, and `- < /dev/zero` never ends. A file named
 * as a path has no such limit (it is checked before it is read).
 */
export const MAX_STDIN_BYTES = 256 * 1024 * 1024;

/** All of stdin as bytes (a string is taken as UTF-8); throws InputKindError past `maxBytes`. */
export async function readStdin(source: StdinSource | undefined, maxBytes = MAX_STDIN_BYTES): Promise<Uint8Array> {
  if (source === undefined) return new Uint8Array();
  if (typeof source === 'string') return new TextEncoder().encode(source);
  if (source instanceof Uint8Array) return source;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) {
      throw new InputKindError(
        `it holds more than ${maxBytes.toLocaleString('en-US')} bytes; name the file as a path instead`,
        'ETOOBIG',
      );
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
