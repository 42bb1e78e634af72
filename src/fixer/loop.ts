// The fix loop: lint, apply what does not conflict, lint the result again, up to MAX_PASSES. It stops early when
// nothing applies or when the text returns to what it was two passes before (two rules undoing each other). A
// final safety net compares the fixed file with the original and keeps the original when fixing made it worse.
import { type LintOptions, type LintOutcome, lintBytes } from '../engine/lint.js';
import type { Finding } from '../engine/run-rules.js';
import { applyFixesToModel } from './apply.js';
import type { Fix } from './edits.js';

export const MAX_PASSES = 10;

export interface FixOptions extends LintOptions {
  /** Also apply unsafe fixes. */
  unsafe?: boolean;
}

export type FixStatus = 'unchanged' | 'fixed' | 'worse' | 'circular' | 'pass-cap';

export interface FixOutcome {
  status: FixStatus;
  /** The fixed bytes; equal to the input unless status is 'fixed', 'circular' or 'pass-cap'. */
  output: Uint8Array;
  changed: boolean;
  applied: Fix[];
  passes: number;
  /** The lint of the output (of the input when nothing was written). */
  final: LintOutcome;
  /** For 'worse': the rules whose fixes were applied. For 'circular'/'pass-cap': the rules still fixing. */
  rulesInvolved: string[];
  /** Fixes that could not be applied (a rule bug): reason per fix. */
  failed: { fix: Fix; reason: string }[];
}

export function fixableBy(findings: readonly Finding[], unsafe: boolean): Fix[] {
  const fixes: Fix[] = [];
  for (const f of findings) {
    if (!f.fix || (f.fix.applicability === 'unsafe' && !unsafe)) continue;
    fixes.push({ ruleId: f.diagnostic.ruleId, ...f.fix });
  }
  return fixes;
}

export function fixBytes(filePath: string, input: Uint8Array, options: FixOptions = {}): FixOutcome {
  const unsafe = options.unsafe ?? false;
  const original = lintBytes(filePath, input, options);
  // Every pass reads the file as the first did, whatever the fixes do to what detection would see.
  const pinned: LintOptions = { ...options, inputFormat: original.result.inputFormat, target: original.result.target };
  let current = original;
  let bytes = input;
  // The bytes of every pass (references, not copies) for spotting two rules undoing each other.
  const history: Uint8Array[] = [input];
  const applied: Fix[] = [];
  const failed: FixOutcome['failed'] = [];
  let passes = 0;
  let status: FixStatus = 'unchanged';

  while (true) {
    const fixes = fixableBy(current.findings, unsafe);
    if (fixes.length === 0) break;
    if (passes === MAX_PASSES) {
      status = 'pass-cap';
      break;
    }
    const result = applyFixesToModel(current.model, fixes);
    failed.push(...result.failed);
    if (result.applied.length === 0) break;
    passes++;
    applied.push(...result.applied);
    bytes = result.bytes;
    current = lintBytes(filePath, bytes, pinned);
    history.push(bytes);
    // Only the pass two back is ever compared with: older outputs are let go.
    if (history.length > 3) history.shift();
    if (history.length >= 3 && sameBytes(history[history.length - 1]!, history[history.length - 3]!)) {
      status = 'circular';
      break;
    }
    status = 'fixed';
  }

  const rulesApplied = [...new Set(applied.map((f) => f.ruleId))].sort();
  if (applied.length > 0 && madeWorse(original, current)) {
    return { status: 'worse', output: input, changed: false, applied: [], passes, final: original, rulesInvolved: rulesApplied, failed };
  }
  const stillFixing = [...new Set(fixableBy(current.findings, unsafe).map((f) => f.ruleId))].sort();
  return {
    status,
    output: bytes,
    changed: applied.length > 0,
    applied,
    passes,
    final: current,
    rulesInvolved: status === 'circular' || status === 'pass-cap' ? stillFixing : rulesApplied,
    failed,
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/** New lines that are not JSON, or more problems than before, mean the fixes did harm (ruff's safety net). */
function madeWorse(before: LintOutcome, after: LintOutcome): boolean {
  const unreadable = (o: LintOutcome): number => o.model.file.lines.filter((l) => l.problems.length > 0).length;
  if (unreadable(after) > unreadable(before)) return true;
  const problems = (o: LintOutcome): number => o.result.errorCount + o.result.warningCount;
  return problems(after) > problems(before);
}
