// `transcript-lint relocate --session ID --to DIR`: moves a Claude Code session (its file and its `<id>/` folder) to
// the project folder Claude Code derives from DIR and rewrites the entries' cwd, so that `claude --continue` run in
// DIR finds it (project-path). The work is src/engine/relocate.ts's; this says what it did.
import path from 'node:path';
import { RelocateError, relocateSession } from '../engine/relocate.js';
import type { Command } from './args.js';
import { neutralize } from '../formatters/neutralize.js';
import { type CliIO, warn } from './io.js';

/** `${CLAUDE_CONFIG_DIR:-~/.claude}/projects`, as Claude Code finds its sessions. */
function projectsRoot(io: CliIO): string {
  const config = io.env.CLAUDE_CONFIG_DIR;
  return path.join(config ? path.resolve(io.cwd, config) : path.join(io.homedir, '.claude'), 'projects');
}

export async function runRelocate(cmd: Extract<Command, { kind: 'relocate' }>, io: CliIO): Promise<number> {
  try {
    const result = await relocateSession({
      projectsRoot: projectsRoot(io),
      sessionId: cmd.session,
      to: path.resolve(io.cwd, cmd.to),
      from: cmd.from !== undefined ? path.resolve(io.cwd, cmd.from) : undefined,
      backup: typeof cmd.backup === 'string' ? path.resolve(io.cwd, cmd.backup) : cmd.backup,
      force: cmd.force,
      dryRun: cmd.dryRun,
      onWarning: (message) => warn(io, message),
    });
    // Paths come from the command line and the file system: a newline or escape in one is shown, not printed.
    const p = (file: string | undefined): string => neutralize(String(file)).replace(/\n/g, '\\n');
    const would = result.dryRun ? 'would move' : 'moved';
    const lines: string[] = [];
    if (result.to !== result.from) lines.push(`${would} ${p(result.from)} to ${p(result.to)}`);
    else lines.push(`${p(result.from)} is in the project folder of ${p(result.cwdTo)} already`);
    if (result.folderFrom && result.folderTo && result.folderFrom !== result.folderTo)
      lines.push(`${would} ${p(result.folderFrom)} to ${p(result.folderTo)}`);
    for (const f of result.rewritten) {
      const backup = f.backupPath ? ` (backup: ${p(f.backupPath)})` : '';
      lines.push(
        `${result.dryRun ? 'would rewrite' : 'rewrote'} cwd ${p(result.cwdFrom)} to ${p(result.cwdTo)} in ${f.entries} entr${f.entries === 1 ? 'y' : 'ies'} of ${p(f.path)}${backup}`,
      );
    }
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (err) {
    if (err instanceof RelocateError) {
      warn(io, `cannot relocate session ${cmd.session}: ${err.message}`);
      return 2;
    }
    throw err;
  }
}
