// `transcript-lint export FILE`: the request the agent would compile from the transcript on resume, as JSON, so it
// can be compared with what the agent really sends. A file of a format that has no request to export (or of no
// format at all) is refused, exit 2.
import path from 'node:path';
import type { Linter } from '../engine/lint.js';
import { readRegularSync } from '../engine/read-regular.js';
import type { Command } from './args.js';
import { type CliIO, describeReadError, warn } from './io.js';

export async function runExport(
  cmd: Extract<Command, { kind: 'export' }>,
  io: CliIO,
  { linter }: { linter: Linter },
): Promise<number> {
  const filePath = path.resolve(io.cwd, cmd.file);
  let data: Uint8Array;
  try {
    data = readRegularSync(filePath);
  } catch (err) {
    warn(io, describeReadError(cmd.file, err as NodeJS.ErrnoException));
    return 2;
  }
  const format = linter.detect(filePath, data);
  if (!format.exportRequest) {
    warn(io, `cannot export ${cmd.file}: it is a ${format.title}, which has no request to export`);
    return 2;
  }
  const request = format.exportRequest(format.load(filePath, data, {}));
  io.stdout.write(`${JSON.stringify(request, null, 2)}\n`);
  return 0;
}
