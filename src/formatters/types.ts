// What every formatter receives and returns. Formatters are pure: no I/O, no process state.
import type { LintResult } from '../engine/lint.js';

export interface FormatContext {
  /** Paths in human formats are shown relative to this folder. */
  cwd: string;
  /** Whether a human format may use ANSI colours; machine formats ignore it. */
  color: boolean;
}

export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;
