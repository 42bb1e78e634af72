// `transcript-lint export FILE`: the request the agent would compile from the transcript on resume, as JSON, so it
// can be compared with what the agent really sends. A file of a format that has no request to export (or of no
// format at all) is refused, exit 2.
import path from 'node:path';
import type { Linter } from '../engine/lint.js';
import { readRegularSync } from '../engine/read-regular.js';
import { stringifyJson } from '../fixer/deep-json.js';
import { type Command, UsageError } from './args.js';
import { findSession, STDIN_NAME } from './gather-inputs.js';
import { type CliIO, describeReadError, readStdin, warn } from './io.js';

export async function runExport(
  cmd: Extract<Command, { kind: 'export' }>,
  io: CliIO,
  { linter }: { linter: Linter },
): Promise<number> {
  const input = await exportInput(cmd, io, linter);
  if (input === undefined) return 2;
  const { filePath, shown, data } = input;
  const format = linter.detect(filePath, data);
  if (!format.exportRequest) {
    const what = !linter.formats.includes(format)
      ? 'it is of no format transcript-lint reads (lint it to see why)'
      : `it is read as ${format.id} (${format.title}), which holds no single request to export`;
    warn(io, `cannot export ${shown}: ${what}`);
    return 2;
  }
  const request = format.exportRequest(format.load(filePath, data, {}));
  io.stdout.write(`${asJson(request)}\n`);
  return 0;
}

/** Indented; a value nested too deep for the native stringify (a hostile tool input) is written compact, not lost. */
function asJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return stringifyJson(value);
  }
}

/** The one transcript to export: the file, stdin, or the session's main file; undefined after saying why not. */
async function exportInput(
  cmd: Extract<Command, { kind: 'export' }>,
  io: CliIO,
  linter: Linter,
): Promise<{ filePath: string; shown: string; data: Uint8Array } | undefined> {
  try {
    if (cmd.stdin) return { filePath: STDIN_NAME, shown: STDIN_NAME, data: await readStdin(io.stdin) };
    let file = cmd.file;
    if (cmd.session !== undefined) {
      const found = await findSession(linter, cmd.session, false, io);
      if (typeof found === 'string' || found.length !== 1) {
        warn(
          io,
          typeof found === 'string'
            ? found
            : `session ${cmd.session} is in ${found.length} files (${found.join(', ')}); export one of them by name`,
        );
        return undefined;
      }
      file = found[0]!;
    }
    const filePath = path.resolve(io.cwd, file!);
    return { filePath, shown: file!, data: readRegularSync(filePath) };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    warn(io, describeReadError(cmd.file ?? STDIN_NAME, err as NodeJS.ErrnoException));
    return undefined;
  }
}
