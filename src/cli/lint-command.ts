// `transcript-lint [paths..]`: expand the paths, lint every file, print one report on stdout, and turn the outcome
// into an exit code. Problems with the run itself (no input, unreadable files) go to stderr and mean exit 2.
import { stat } from 'node:fs/promises';
import { defaultSessionsDir, describeUnmatched, expandPaths } from '../engine/files.js';
import type { LintResult } from '../engine/lint.js';
import { lintFiles } from '../engine/lint-files.js';
import { displayPath } from '../formatters/display-path.js';
import { formatters } from '../formatters/index.js';
import type { Command } from './args.js';
import { runFix } from './fix-command.js';
import { useColor } from './colors.js';
import { type CliIO, describeReadError, warn } from './io.js';

export async function runLint(cmd: Extract<Command, { kind: 'lint' }>, io: CliIO): Promise<number> {
  const patterns = cmd.paths.length > 0 ? cmd.paths : await defaultPatterns(io);
  if (!patterns) return 2;

  const { files, unmatched } = await expandPaths(patterns, io.cwd);
  // A typo'd path or glob must not pass CI green with "0 files linted" (pitfall 8).
  for (const u of unmatched) warn(io, describeUnmatched(u));
  if (unmatched.length > 0) return 2;

  if (cmd.fix !== 'none') return runFix(files, cmd, io);
  const outcomes = await lintFiles(files, { target: cmd.target });
  const results: LintResult[] = [];
  let unreadable = 0;
  for (const o of outcomes) {
    if (o.error) {
      unreadable++;
      warn(io, describeReadError(displayPath(o.filePath, io.cwd), o.error));
    } else {
      results.push(o.result);
    }
  }

  const color = cmd.format === 'stylish' && useColor({ flag: cmd.color, env: io.env, isTTY: io.stdoutIsTTY });
  io.stdout.write(formatters[cmd.format](results, { cwd: io.cwd, color, target: cmd.target }));

  if (unreadable > 0) return 2;
  return results.some((r) => r.errorCount > 0) ? 1 : 0;
}

/** With no paths, lint every session Claude Code has stored; undefined (after saying why) when there are none. */
async function defaultPatterns(io: CliIO): Promise<string[] | undefined> {
  const dir = defaultSessionsDir(io.env, io.homedir);
  const isDir = await stat(dir).then((s) => s.isDirectory(), () => false);
  if (isDir) return [dir];
  warn(io, `no paths given, and the Claude Code sessions folder ${dir} does not exist; pass files, folders or globs (or set CLAUDE_CONFIG_DIR)`);
  return undefined;
}
