// --fix, --fix-dry-run and --diff: run the fix loop over every file, report the state after fixing (or the diff),
// and say on stderr what was written, what was refused and why. Exit 2 when any file could not be fixed safely.
import path from 'node:path';
import { fixFile } from '../engine/fix.js';
import { WriteError } from '../engine/io.js';
import type { LintResult } from '../engine/lint.js';
import { unifiedDiff } from '../fixer/diff.js';
import { MAX_PASSES } from '../fixer/loop.js';
import { displayPath } from '../formatters/display-path.js';
import { formatters } from '../formatters/index.js';
import type { Command } from './args.js';
import { useColor } from './colors.js';
import { type CliIO, describeReadError, warn } from './io.js';

type LintCommand = Extract<Command, { kind: 'lint' }>;

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** git-style a/ b/ prefixes for relative paths; an absolute path is shown as it is. */
const diffNames = (shown: string) =>
  shown.startsWith('/') ? { fromFile: shown, toFile: shown } : { fromFile: `a/${shown}`, toFile: `b/${shown}` };
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function runFix(files: readonly string[], cmd: LintCommand, io: CliIO): Promise<number> {
  const results: LintResult[] = [];
  const diffs: string[] = [];
  let failed = false;
  let changedFiles = 0;
  let fixes = 0;
  const backups: string[] = [];

  for (const filePath of files) {
    const shown = displayPath(filePath, io.cwd);
    let fixed;
    try {
      fixed = await fixFile(filePath, {
        target: cmd.target,
        unsafe: cmd.unsafeFixes,
        dryRun: cmd.fix !== 'fix',
        // A relative --backup-dir is relative to where the command runs, like every other path it takes.
        backup: typeof cmd.backup === 'string' ? path.resolve(io.cwd, cmd.backup) : cmd.backup,
      });
    } catch (err) {
      failed = true;
      if (err instanceof WriteError) warn(io, err.message);
      else warn(io, describeReadError(shown, err as NodeJS.ErrnoException));
      continue;
    }
    const { outcome } = fixed;
    const rules = outcome.rulesInvolved.join(', ');
    if (outcome.status === 'worse') {
      failed = true;
      warn(io, `${shown}: fixing made the file worse (rules: ${rules}), so nothing was changed; please report this`);
    } else if (outcome.status === 'circular') {
      warn(io, `${shown}: the fixes of ${rules} undo each other; stopped after ${outcome.passes} passes`);
    } else if (outcome.status === 'pass-cap') {
      warn(io, `${shown}: still fixable after ${MAX_PASSES} passes (${rules}); run again to continue`);
    }
    for (const f of outcome.failed) warn(io, `${shown}: a fix of ${f.fix.ruleId} could not be applied (${f.reason}); please report this`);
    if (outcome.changed) {
      changedFiles++;
      fixes += outcome.applied.length;
    }
    if (fixed.backupPath) backups.push(displayPath(fixed.backupPath, io.cwd));

    if (cmd.fix === 'diff') {
      if (outcome.changed) {
        diffs.push(unifiedDiff(decoder.decode(fixed.original), decoder.decode(outcome.output), diffNames(shown)));
      }
      continue;
    }
    const result: LintResult = { ...outcome.final.result, filePath };
    if (cmd.fix === 'dry-run' && outcome.changed) result.output = decoder.decode(outcome.output);
    results.push(result);
  }

  if (cmd.fix === 'diff') {
    io.stdout.write(diffs.join(''));
    warn(io, diffs.length > 0 ? `${plural(diffs.length, 'file')} would be changed by --fix${cmd.unsafeFixes ? ' --unsafe-fixes' : ''}` : 'nothing to fix');
    if (failed) return 2;
    return diffs.length > 0 ? 1 : 0;
  }

  const color = cmd.format === 'stylish' && useColor({ flag: cmd.color, env: io.env, isTTY: io.stdoutIsTTY });
  io.stdout.write(formatters[cmd.format](results, { cwd: io.cwd, color, target: cmd.target }));
  if (cmd.fix === 'fix' && changedFiles > 0) {
    const where = backups.length > 0 ? `; backups: ${backups.join(', ')}` : '';
    warn(io, `applied ${plural(fixes, 'fix')} in ${plural(changedFiles, 'file')}${where}`);
  }
  if (failed) return 2;
  return results.some((r) => r.errorCount > 0) ? 1 : 0;
}
