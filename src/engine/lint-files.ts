// Lints many files with a bounded number of reads in flight, returning outcomes in input order so the report is
// deterministic however the reads finish. A file that cannot be read is an outcome, not an exception, so one
// unreadable session does not hide the findings in the others.
import { closeSync } from 'node:fs';
import { FileBytes, FileChangedError, type ReadProgress } from './file-bytes.js';
import { HeapExhaustedError, watchHeap } from './heap-room.js';
import type { Linter, LintOptions, LintResult } from './lint.js';
import { MAX_FILE_BYTES, openRegularSync, readToEnd } from './read-regular.js';

export type FileOutcome =
  | { filePath: string; result: LintResult; error?: undefined }
  | { filePath: string; result?: undefined; error: NodeJS.ErrnoException };

export const DEFAULT_CONCURRENCY = 4;

export interface LintFilesOptions {
  /** Reads in flight at once. Default 4. */
  concurrency?: number;
  /** Called after each file, with how many are finished (in any order). */
  onProgress?: (done: number, total: number) => void;
  /** Called as a large file (one read in chunks) is read, with its path. */
  onReading?: FileReadProgress;
}

/** How far a large file being linted has been read. */
export type FileReadProgress = (filePath: string, read: number, size: number) => void;

export async function lintFiles(
  linter: Linter,
  filePaths: readonly string[],
  options: LintOptions = {},
  run: number | LintFilesOptions = {},
): Promise<FileOutcome[]> {
  const {
    concurrency = DEFAULT_CONCURRENCY,
    onProgress,
    onReading,
  } = typeof run === 'number' ? { concurrency: run } : run;
  let done = 0;
  return mapLimit(filePaths, concurrency, async (filePath): Promise<FileOutcome> => {
    const outcome = lintOne(linter, filePath, options, onReading);
    onProgress?.(++done, filePaths.length);
    return outcome;
  });
}

/** Reads and lints one file, synchronously (the worker threads run this too). */
export function lintOne(
  linter: Linter,
  filePath: string,
  options: LintOptions,
  onReading?: FileReadProgress,
): FileOutcome {
  let data: Uint8Array | FileBytes;
  try {
    // Synchronous reads: for many small files Node's promise-based readFile costs more than the read itself.
    data = readPooled(filePath, onReading && ((read, size) => onReading(filePath, read, size)));
  } catch (err) {
    return { filePath, error: err as NodeJS.ErrnoException };
  }
  // Only the result is kept: the bytes and the model are dropped as soon as the file is linted, which is also what
  // lets the next file be read into the same buffer. A large file watches the heap itself (file-bytes.ts).
  const unwatch = data instanceof FileBytes ? undefined : watchHeap(data.length);
  try {
    return { filePath, result: linter.lintBytes(filePath, data, options).result };
  } catch (err) {
    if (err instanceof FileChangedError || err instanceof HeapExhaustedError) return { filePath, error: err };
    throw err;
  } finally {
    unwatch?.();
    if (data instanceof FileBytes) data.close();
  }
}

// One read buffer per thread, reused from file to file: reading into fresh memory costs page faults that cost more
// than the read itself. Only a LintResult leaves lintOne (no view of the bytes), so the buffer is free again when the
// next file is read. Files of POOL_MAX_BYTES or more get their own buffer, so one huge file is not kept for the run.
const POOL_MAX_BYTES = 64 * 1024 * 1024;
let pool: Buffer | undefined;

function readPooled(filePath: string, onRead?: ReadProgress): Uint8Array | FileBytes {
  const { fd, size } = openRegularSync(filePath);
  let keepOpen = false;
  try {
    if (size >= POOL_MAX_BYTES) {
      // A large file is not held while it is linted: its lines read their bytes again when asked (file-bytes.ts).
      const bytes = new FileBytes(filePath, fd, size, undefined, onRead);
      keepOpen = true;
      return bytes;
    }
    if (!pool || pool.length <= size) pool = Buffer.allocUnsafe(Math.max(size + 1, 1024 * 1024));
    return readToEnd(fd, size, MAX_FILE_BYTES, pool);
  } finally {
    if (!keepOpen) closeSync(fd);
  }
}

/** Runs `fn` over `items` with at most `limit` calls pending; results keep the order of `items`. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
