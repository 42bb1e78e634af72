// Library API.
export {
  defaultTarget,
  detectInputFormat,
  INPUT_FORMATS,
  type InputFormat,
  lintBytes,
  lintFile,
  lintText,
  type LintOptions,
  type LintOutcome,
  type LintResult,
} from './engine/lint.js';
export { fixFile, type FixFileOptions, type FixFileResult } from './engine/fix.js';
export { fixBytes, type FixOptions, type FixOutcome, type FixStatus } from './fixer/loop.js';
export type { Diagnostic, Finding } from './engine/run-rules.js';
export { loadBytes, loadText, type SourceFile, type SourceLine } from './loader/read-jsonl.js';
export { loadInput, type LoadedInput, type InputOptions } from './loader/input.js';
export { TranscriptModel } from './model/index.js';
export type { ApiMessage, ApiView, Origin } from './model/types.js';
export { exportMessages } from './model/export.js';
export { rules, rulesById } from '../rules/index.js';
export type { Rule, RuleMeta, Severity, Target } from './sdk/rule-api.js';
