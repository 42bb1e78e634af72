// `transcript-lint split FILE`: moves another session's lines out of a session file that holds two (Claude Code's
// single-session, codex/session-meta, copilot/session-structure) into a file of its own, in its agent's layout. The
// work is src/engine/split-sessions.ts's, with the formats of the composition root; this says what it did.
import path from 'node:path';
import { WriteError } from '../engine/io.js';
import { type FormatPicker, SplitError, splitSessions } from '../engine/split-sessions.js';
import { displayPath } from '../formatters/display-path.js';
import type { Command } from './args.js';
import { type CliIO, describeReadError, warn } from './io.js';

export async function runSplit(
  cmd: Extract<Command, { kind: 'split' }>,
  io: CliIO,
  { linter }: { linter: FormatPicker },
): Promise<number> {
  const filePath = path.resolve(io.cwd, cmd.file);
  const shown = (p: string) => displayPath(p, io.cwd);
  try {
    const result = await splitSessions(
      {
        filePath,
        dryRun: cmd.dryRun,
        backup: typeof cmd.backup === 'string' ? path.resolve(io.cwd, cmd.backup) : cmd.backup,
      },
      linter,
    );
    // Another session found but left in the file: say why, not "one session's conversation".
    const declined = result.declined.map(
      (d) => `${shown(filePath)} also holds lines of session ${d.sessionId}; split leaves them there: ${d.why}`,
    );
    if (result.moved.length === 0) {
      io.stdout.write(
        declined.length > 0
          ? `${declined.join('\n')}\n`
          : `${shown(filePath)} holds one session's conversation: nothing to move\n`,
      );
      return 0;
    }
    const verb = result.dryRun ? 'would move' : 'moved';
    const lines = result.moved.map(
      (m) =>
        `${verb} ${m.lines} line${m.lines === 1 ? '' : 's'} of session ${m.sessionId} from ${shown(filePath)} to ${shown(m.to)}`,
    );
    if (result.backupPath)
      lines.push(`${shown(filePath)} keeps session ${result.own} (backup: ${shown(result.backupPath)})`);
    lines.push(...declined);
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (err) {
    const why =
      err instanceof SplitError || err instanceof WriteError
        ? err.message
        : describeReadError(shown(filePath), err as NodeJS.ErrnoException);
    warn(io, `cannot split ${shown(filePath)}: ${why}`);
    return 2;
  }
}
