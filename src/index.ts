// Library API. The default linter (every built-in rule and format) comes from the composition root; createLinter
// builds one from other rules or formats.
import { linter } from './composition.js';
import { type FixFileOptions, type FixFileResult, fixFile as fixFileWith } from './engine/fix.js';
import { type FixOptions, type FixOutcome, fixBytes as fixBytesWith } from './engine/fix-loop.js';
import type { LintOptions, LintOutcome, LintResult } from './engine/lint.js';
import type { Bytes } from './loader/bytes.js';
import { configForFile, type FileConfig } from './engine/config-for-file.js';
import { readRegularSync } from './engine/read-regular.js';

export { linter };
export {
  createLinter,
  Linter,
  type LinterParts,
  type LintOptions,
  type LintOutcome,
  type LintResult,
} from './engine/lint.js';
export type { FixFileOptions, FixFileResult } from './engine/fix.js';
export type { FixOptions, FixOutcome, FixStatus } from './engine/fix-loop.js';
export type { Diagnostic, Finding } from './engine/run-rules.js';
export type { Format, FormatModel, Location, Site, TargetSpec } from './formats/types.js';
export { formats, fallbackFormat } from './formats/index.js';
export { loadBytes, loadText, type SourceFile, type SourceLine } from './loader/read-jsonl.js';
export { TranscriptModel } from './model/index.js';
export type { ApiMessage, ApiView, Origin } from './model/types.js';
export { exportMessages } from './model/export.js';
export { rules, rulesById } from '../rules/index.js';
export type { Rule, RuleMeta, Severity, Target } from './sdk/rule-api.js';

/** Lints a file's bytes (whole or in pieces) with the default linter. */
export function lintBytes(filePath: string, data: Bytes, options?: LintOptions): LintOutcome {
  return linter.lintBytes(filePath, data, options);
}

export function lintText(text: string, options?: LintOptions & { filePath?: string }): LintResult {
  return linter.lintText(text, options);
}

export function lintFile(filePath: string, options?: LintOptions): Promise<LintResult> {
  return linter.lintFile(filePath, options);
}

/** lintFile, synchronously. */
export function lintFileSync(filePath: string, options?: LintOptions): LintResult {
  return linter.lintFileSync(filePath, options);
}

/** The fix loop over a file's bytes, with the default linter: nothing is written. */
export function fixBytes(filePath: string, input: Uint8Array, options?: FixOptions): FixOutcome {
  return fixBytesWith(linter, filePath, input, options);
}

/** --fix for one file, with the default linter: written atomically with a backup (see FixFileOptions). */
export function fixFile(filePath: string, options?: FixFileOptions): Promise<FixFileResult> {
  return fixFileWith(linter, filePath, options);
}

/**
 * The request the agent would send when it resumes this transcript (what `transcript-lint export` prints: Claude
 * Code's `{messages}`, Codex CLI's `{input}`, ...), from the file's bytes; undefined for a format that has no request
 * to export (a batch file, a file of no supported format).
 */
export function exportRequest(filePath: string, data: Bytes): unknown {
  const format = linter.detect(filePath, data);
  return format.exportRequest?.(format.load(filePath, data, {}));
}

/** exportRequest of a file on disk. */
export async function exportFile(filePath: string): Promise<unknown> {
  return exportRequest(filePath, readRegularSync(filePath));
}

export type { FileConfig };
export { ConfigError } from './engine/config-core.js';

/**
 * The config the CLI would apply to a file: the nearest transcript-lint.config.json above it (or `configFile`; false
 * for none), as options for lintFile and fixFile, and whether its `ignores` skip the file. Throws ConfigError (with
 * a message naming the file and key) for an invalid config.
 */
export function loadConfig(filePath: string, configFile?: string | false): Promise<FileConfig> {
  return configForFile(filePath, linter.rules, configFile);
}
