// --fix, --fix-dry-run and --diff: run the fix loop over every input, collect the state after fixing (or the diff),
// and say on stderr what was refused and why. The report itself and the exit code are lint-command's.
import { constants as bufferConstants, isUtf8 } from 'node:buffer';
import { promises as fsPromises } from 'node:fs';
import path from 'node:path';
import { fixFile, fixFileOnDisk, type FixSummary } from '../engine/fix.js';
import type { PassReadProgress } from '../engine/fix-on-disk.js';
import { WriteError } from '../engine/io.js';
import { StaleTempSweep } from '../engine/stale-temps.js';
import { lintOne } from '../engine/lint-files.js';
import { cleanUpOnInterrupt } from './interrupt-cleanup.js';
import { reapTempsIfKilled } from './temp-reaper.js';
import { type FixOutcome, fixBytes, MAX_PASSES } from '../engine/fix-loop.js';
import type { Linter, LintOptions, LintResult } from '../engine/lint.js';
import { unifiedDiff } from '../fixer/diff.js';
import { type DiffView, readableDiff } from '../formatters/diff-view.js';
import { byteLengthOf } from '../loader/bytes.js';
import type { FileFailure } from '../formatters/types.js';
import type { LintCommand } from './args.js';
import { describeReadError, type WriteFs } from './io.js';
import type { Input } from './inputs.js';
import { pushAll } from '../model/arrays.js';

export interface FixRun {
  /** The state after fixing, one per input that could be read (none with --diff). */
  results: LintResult[];
  /** With --diff: one unified diff per changed file, as bytes (a file that is not valid UTF-8 keeps its own). */
  diffs: Uint8Array[];
  /** A file could not be read or written, or fixing made it worse: exit 2. */
  failed: boolean;
  /** The files that could not be read or written, with the message said for each (the report lists them too). */
  failures: FileFailure[];
  changedFiles: number;
  /** Files with fixable problems left as they were (a line over --max-line-bytes): said per file, and in the summary. */
  refusedFiles: number;
  fixes: number;
  /** How many fixes each rule applied. */
  fixesByRule: Map<string, number>;
  /** Each changed file, with its backup when one was kept. */
  changed: { filePath: string; shown: string; backup?: string }[];
  /** One line each, for after the summary: other names of a fixed file, temp files cleared, late appends. */
  warnings: string[];
}

export function emptyFixRun(): FixRun {
  return {
    results: [],
    diffs: [],
    failed: false,
    failures: [],
    changedFiles: 0,
    refusedFiles: 0,
    fixes: 0,
    fixesByRule: new Map(),
    changed: [],
    warnings: [],
  };
}

/** Several runs (one per config) as one, results in input order. */
export function mergeFixRuns(runs: readonly FixRun[]): FixRun {
  const merged = emptyFixRun();
  for (const run of runs) {
    pushAll(merged.results, run.results);
    pushAll(merged.diffs, run.diffs);
    merged.failed ||= run.failed;
    pushAll(merged.failures, run.failures);
    merged.changedFiles += run.changedFiles;
    merged.refusedFiles += run.refusedFiles;
    merged.fixes += run.fixes;
    for (const [rule, n] of run.fixesByRule) merged.fixesByRule.set(rule, (merged.fixesByRule.get(rule) ?? 0) + n);
    pushAll(merged.changed, run.changed);
    pushAll(merged.warnings, run.warnings);
  }
  return merged;
}

/**
 * What --fix did, in one line: "fixed 12 problems (tool-use-has-result ×8, valid-json ×4) in 3 files; backups
 * beside each file as <name>.bak". When a backup got another name (a taken <name>.bak makes the writer pick
 * <name>.bak.1, .bak.2, ...: engine/backup.ts), or with --verbose, each changed file and its backup follow, so that
 * no one restores an older copy from the name the line implies.
 */
export function fixSummary(
  run: FixRun,
  cmd: Pick<LintCommand, 'backup' | 'verbose'>,
  cwdShown: (p: string) => string,
): string {
  const where = typeof cmd.backup === 'string' ? `in ${cwdShown(cmd.backup)}` : 'beside each file';
  const plainNames = run.changed.every(
    (c) => c.backup === undefined || path.basename(c.backup) === `${path.basename(c.filePath)}.bak`,
  );
  const backups =
    cmd.backup === false
      ? 'no backups (--no-backup)'
      : plainNames
        ? `backups ${where} as <name>.bak`
        : `backups ${where} as <name>.bak, or <name>.bak.N where that was taken:`;
  let text = `fixed ${fixedCounts(run)}; ${backups}`;
  if (cmd.verbose || !plainNames) {
    for (const c of run.changed) text += `\n  ${c.shown}${c.backup ? ` (backup: ${cwdShown(c.backup)})` : ''}`;
  }
  return text;
}

/** --fix-dry-run's line: what --fix would do, since the report alone (what would be left) can read as clean. */
export function dryRunSummary(run: FixRun): string {
  if (run.changedFiles === 0) return `--fix-dry-run: ${nothingToFix(run)}`;
  return `--fix-dry-run: would fix ${fixedCounts(run)}; nothing was written, and the report shows what --fix would leave`;
}

/** "nothing to fix", or why nothing would be fixed when files with fixable problems are left as they are. */
export function nothingToFix(run: FixRun): string {
  if (run.refusedFiles === 0) return 'nothing to fix';
  const files =
    run.refusedFiles === 1 ? '1 file with fixable problems is' : `${run.refusedFiles} files with fixable problems are`;
  return `nothing would be fixed: ${files} left as ${run.refusedFiles === 1 ? 'it is' : 'they are'} (see above)`;
}

/** "12 problems (tool-use-has-result ×8, valid-json ×4) in 3 files". */
function fixedCounts(run: FixRun): string {
  const byRule = [...run.fixesByRule]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([rule, n]) => `${rule} \u00d7${n}`)
    .join(', ');
  const problems = `${run.fixes} ${run.fixes === 1 ? 'problem' : 'problems'}`;
  const files = `${run.changedFiles} ${run.changedFiles === 1 ? 'file' : 'files'}`;
  return `${problems} (${byRule}) in ${files}`;
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
/** git-style a/ b/ prefixes for relative paths; an absolute path is shown as it is. */
const diffNames = (shown: string) =>
  shown.startsWith('/') ? { fromFile: shown, toFile: shown } : { fromFile: `a/${shown}`, toFile: `b/${shown}` };

export async function runFix(
  linter: Linter,
  inputs: readonly Input[],
  cmd: LintCommand,
  options: LintOptions,
  hooks: {
    cwd: string;
    note: (message: string) => void;
    /** With --diff: how to show it (a terminal, colour); undefined: the exact patch. */
    diffView?: DiffView;
    onProgress: (done: number) => void;
    /** How far a pass over a large file has read it (fix-on-disk.ts). */
    onReading?: PassReadProgress;
    writeFs?: WriteFs;
  },
): Promise<FixRun> {
  const run = emptyFixRun();
  const { note } = hooks;
  let done = 0;
  // Each folder is looked through once for temp files an interrupted --fix left, not once per file in it.
  const staleTemps = new StaleTempSweep(fsPromises);

  for (const input of inputs) {
    const { shown } = input;
    // A session an agent may still be writing: reported as it is (gather-inputs.ts said so).
    if (input.lintOnly) {
      const linted = lintOne(linter, input.filePath, options);
      if (linted.result) run.results.push(linted.result);
      else {
        run.failed = true;
        const message = describeReadError(shown, linted.error);
        note(message);
        run.failures.push({ filePath: input.filePath, message });
      }
      hooks.onProgress(++done);
      continue;
    }
    // What the fix did; a preview (--diff, --fix-dry-run, stdin) also has the bytes before and after.
    let fixed: { outcome: FixSummary; backupPath?: string; preview?: { original: Uint8Array; outcome: FixOutcome } };
    try {
      const fixOptions = { ...options, unsafe: cmd.unsafeFixes };
      if (input.data !== undefined) {
        // stdin: never written (args refuse --fix with stdin), only previewed.
        const outcome = fixBytes(linter, input.filePath, input.data, fixOptions);
        fixed = { outcome, preview: { original: input.data, outcome } };
      } else {
        const writeOptions = {
          ...fixOptions,
          // A relative --backup-dir is relative to where the command runs, like every other path it takes.
          backup: typeof cmd.backup === 'string' ? path.resolve(hooks.cwd, cmd.backup) : cmd.backup,
          force: cmd.force,
          onWarning: (message: string) => run.warnings.push(message),
          fsImpl: hooks.writeFs,
          aroundWrite: cleanUpOnInterrupt,
          guardTemps: reapTempsIfKilled,
          staleTemps,
        };
        if (cmd.fix === 'fix') {
          // A large file is fixed on disk, never held whole (fix-on-disk.ts).
          fixed = await fixFileOnDisk(linter, input.filePath, { ...writeOptions, onReading: hooks.onReading });
        } else {
          const result = await fixFile(linter, input.filePath, { ...writeOptions, dryRun: true });
          fixed = { outcome: result.outcome, preview: result };
        }
      }
    } catch (err) {
      run.failed = true;
      const message = err instanceof WriteError ? err.message : describeReadError(shown, err as NodeJS.ErrnoException);
      note(message);
      // In the report too: a run whose only file could not be written must not read as "No problems".
      run.failures.push({ filePath: input.filePath, message });
      // A file that could not be written back is as it was: its problems are reported, unfixed.
      if (err instanceof WriteError) {
        const unfixed = lintOne(linter, input.filePath, options);
        if (unfixed.result) run.results.push(unfixed.result);
      }
      hooks.onProgress(++done);
      continue;
    }
    hooks.onProgress(++done);
    const { outcome } = fixed;
    const rules = outcome.rulesInvolved.join(', ');
    if (outcome.status === 'worse') {
      run.failed = true;
      note(`${shown}: fixing made the file worse (rules: ${rules}), so nothing was changed; please report this`);
    } else if (outcome.status === 'circular') {
      note(`${shown}: the fixes of ${rules} undo each other; stopped after ${outcome.passes} passes`);
    } else if (outcome.status === 'unread-line') {
      // Refused, and said: the file is as it was, and its problems are reported (valid-json's on that line too).
      const { line, bytes, limit } = outcome.unreadLine!;
      run.refusedFiles++;
      note(
        `${shown}: not fixed: line ${line} is ${bytes} bytes, over the ${limit}-byte --max-line-bytes limit, so it was not read, and fixes made without it could cut what it holds; raise --max-line-bytes to fix this file`,
      );
    } else if (outcome.status === 'pass-cap') {
      note(`${shown}: still fixable after ${MAX_PASSES} passes (${rules}); run again to continue`);
    }
    for (const f of outcome.failed)
      note(`${shown}: a fix of ${f.fix.ruleId} could not be applied (${f.reason}); please report this`);
    if (outcome.changed) {
      run.changedFiles++;
      run.fixes += outcome.applied.length;
      for (const f of outcome.applied) run.fixesByRule.set(f.ruleId, (run.fixesByRule.get(f.ruleId) ?? 0) + 1);
      if (cmd.fix === 'fix') run.changed.push({ filePath: input.filePath, shown, backup: fixed.backupPath });
    }

    const preview = fixed.preview;
    if (cmd.fix === 'diff' && preview) {
      if (outcome.changed) {
        const { original, outcome: full } = preview;
        const bytes = Math.max(original.length, byteLengthOf(full.outputPieces));
        const view = hooks.diffView;
        const make = () =>
          view ? viewedDiff(original, full.output, shown, view) : byteExactDiff(original, full.output, shown);
        const diff = asText(shown, '--diff', bytes, make, note);
        if (diff === undefined) run.failed = true;
        else run.diffs.push(diff);
      }
      continue;
    }
    const result: LintResult = { ...outcome.final.result, filePath: input.filePath };
    if (cmd.fix === 'dry-run' && outcome.changed && preview) {
      const output = asText(
        shown,
        '--fix-dry-run',
        byteLengthOf(preview.outcome.outputPieces),
        () => decoder.decode(preview.outcome.output),
        note,
      );
      if (output === undefined) run.failed = true;
      else {
        result.output = output;
        // JSON text cannot carry bytes that are not UTF-8: the bytes themselves, losslessly, beside the text.
        const bytes = preview.outcome.output;
        if (!isUtf8(bytes))
          result.outputBase64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      }
    }
    run.results.push(result);
  }
  return run;
}

/**
 * The unified diff of two versions of a file, byte for byte, so that `git apply` and `patch` take it: UTF-8 text
 * as it is, and a file that is not valid UTF-8 diffed as Latin-1 (one character per byte) and written back so, its
 * invalid bytes kept rather than turned into U+FFFD.
 */
function byteExactDiff(before: Uint8Array, after: Uint8Array, shown: string): Uint8Array {
  if (isUtf8(before) && isUtf8(after))
    return Buffer.from(unifiedDiff(decoder.decode(before), decoder.decode(after), diffNames(shown)), 'utf8');
  const asBytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
  // The names are UTF-8 in the header: as Latin-1 too, to come out as the same bytes.
  const names = diffNames(Buffer.from(shown, 'utf8').toString('latin1'));
  return Buffer.from(unifiedDiff(asBytes(before), asBytes(after), names), 'latin1');
}

/** The diff for reading (word marks, colour, cut to a terminal): text, so bytes that are not UTF-8 show as U+FFFD. */
function viewedDiff(before: Uint8Array, after: Uint8Array, shown: string, view: DiffView): Uint8Array {
  return Buffer.from(readableDiff(decoder.decode(before), decoder.decode(after), diffNames(shown), view), 'utf8');
}

/**
 * Text made from a file for output, or undefined (with one line said) when it would be longer than a string can
 * be: V8's limit, hit by --diff or --fix-dry-run of a file over 512 MiB (or a diff of several huge lines).
 */
function asText<T>(
  shown: string,
  flag: string,
  bytes: number,
  make: () => T,
  note: (message: string) => void,
): T | undefined {
  const limit = `${flag} shows the file as text, and the longest text Node can hold is ${mib(bufferConstants.MAX_STRING_LENGTH)} MiB`;
  if (bytes > bufferConstants.MAX_STRING_LENGTH) {
    note(`${shown}: too large for ${flag} (${mib(bytes)} MiB; ${limit}); nothing was written`);
    return undefined;
  }
  try {
    return make();
  } catch (err) {
    if (!(err instanceof RangeError) && (err as NodeJS.ErrnoException).code !== 'ERR_STRING_TOO_LONG') throw err;
    note(`${shown}: the ${flag} output is too large (${limit}); nothing was written`);
    return undefined;
  }
}

const mib = (bytes: number): number => Math.floor(bytes / 2 ** 20);
