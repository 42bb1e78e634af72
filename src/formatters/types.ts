// What every formatter receives and returns. Formatters are pure: no I/O, no process state.
import type { LintResult } from '../engine/lint.js';
import type { TargetSpec } from '../formats/types.js';
import type { RuleMeta, Target } from '../sdk/rule-api.js';

export interface FormatContext {
  /** Paths are shown (and, in sarif and github, made repository-relative) relative to this folder. */
  cwd: string;
  /** Whether a human format may use ANSI colours; machine formats ignore it. */
  color: boolean;
  /** The rules a format that describes every rule (sarif) lists. */
  rulesMeta?: readonly RuleMeta[];
  /** The target the files were judged for; sets each rule's default level in sarif. Defaults to `claude-code`. */
  target?: Target;
  /** Every known target, for severities that follow a target's `extends`. */
  targets?: readonly TargetSpec[];
  /**
   * Human formats (stylish, compact) print at most this many problems; counts and the summary still cover all of
   * them. Undefined: no cap. Machine formats ignore it.
   */
  maxDiagnostics?: number;
  /**
   * Inputs that could not be linted at all (unreadable, not a regular file...), with why. A report that lists
   * failures never says the run was clean.
   */
  failures?: readonly FileFailure[];
  /** Whether the run was --fix: the inputs in `failures` could not be fixed (read, or written back). */
  fixing?: boolean;
  /**
   * The terminal's width: stylish wraps each message to it under a hanging indent. Undefined (not a terminal): one
   * line per finding, however long, for grep and logs.
   */
  width?: number;
  /** The config files the run used, shown in the stylish footer so that a config that turns rules off is visible. */
  configFiles?: readonly string[];
}

export interface FileFailure {
  filePath: string;
  message: string;
}

export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;
