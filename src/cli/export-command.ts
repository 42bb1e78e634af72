// `transcript-lint export FILE`: the request Claude Code would compile from the transcript on resume, as JSON, so it
// can be compared with what Claude Code really sends.
import path from 'node:path';
import { readRegularSync } from '../engine/read-regular.js';
import { loadBytes } from '../loader/read-jsonl.js';
import { exportMessages } from '../model/export.js';
import { claudeCodeModel } from '../formats/claude-code/model.js';
import type { Command } from './args.js';
import { type CliIO, describeReadError, warn } from './io.js';

export async function runExport(cmd: Extract<Command, { kind: 'export' }>, io: CliIO): Promise<number> {
  const filePath = path.resolve(io.cwd, cmd.file);
  let data: Uint8Array;
  try {
    data = readRegularSync(filePath);
  } catch (err) {
    warn(io, describeReadError(cmd.file, err as NodeJS.ErrnoException));
    return 2;
  }
  const model = claudeCodeModel(loadBytes(filePath, data));
  io.stdout.write(`${JSON.stringify(exportMessages(model.apiView().messages), null, 2)}\n`);
  return 0;
}
