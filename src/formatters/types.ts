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
  /**
   * The inputs that are sessions in an agent's sessions folder, by file path: stylish ends with each of them that has
   * errors, and the commands that repair and resume it.
   */
  sessions?: ReadonlyMap<string, SessionRef>;
}

/** A session file as its agent knows it. */
export interface SessionRef {
  /** The agent's name: "Claude Code". */
  agent: string;
  /** The id `--session` and the agent's resume take. */
  id: string;
  /** The working folder the session ran in, home shown as `~`; undefined when the file does not say. */
  project?: string;
  /** The agent's command that resumes it: `claude --resume <id>`. */
  resume: string;
}

export interface FileFailure {
  filePath: string;
  message: string;
}

export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;
