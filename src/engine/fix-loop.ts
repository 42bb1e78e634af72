// The fix loop: lint, apply what does not conflict, lint the result again, up to MAX_PASSES. It stops early when
// nothing applies or when the text returns to what it was two passes before (two rules undoing each other). A
// final safety net compares the fixed file with the original and keeps the original when fixing made it worse.
import type { Fix } from '../fixer/edits.js';
import { byteLengthOf, type Bytes, inMemory, joinBytes, sameBytes, type Spliced } from '../loader/bytes.js';
import { KEPT_LINE_TYPE } from '../fixer/kept-bytes.js';
import { ParsedLines } from '../loader/parsed-lines.js';
import { isUnreadByLimit, lineByteLength } from '../loader/source-line.js';
import { collectForLargeInput } from './memory.js';
import type { Linter, LintOptions, LintOutcome } from './lint.js';
import type { Finding } from './run-rules.js';
import { pushAll } from '../model/arrays.js';

export const MAX_PASSES = 10;

export interface FixOptions extends LintOptions {
  /** Also apply unsafe fixes. */
  unsafe?: boolean;
}

export type FixStatus = 'unchanged' | 'fixed' | 'worse' | 'circular' | 'pass-cap' | 'unread-line';

export interface FixOutcome {
  status: FixStatus;
  /** The fixed bytes; equal to the input unless status is 'fixed', 'circular' or 'pass-cap'. Joined when read. */
  readonly output: Uint8Array;
  /** The same, in pieces that share the input's memory: what a writer should take (see loader/bytes.ts). */
  outputPieces: Bytes;
  changed: boolean;
  applied: Fix[];
  passes: number;
  /** The lint of the output (of the input when nothing was written). */
  final: LintOutcome;
  /** For 'worse': the rules whose fixes were applied. For 'circular'/'pass-cap': the rules still fixing. */
  rulesInvolved: string[];
  /** Fixes that could not be applied (a rule bug): reason per fix. */
  failed: { fix: Fix; reason: string }[];
  /** For 'unread-line': the first line over --max-line-bytes, which was not read, so nothing was fixed. */
  unreadLine?: { line: number; bytes: number; limit: number };
}

export function fixableBy(findings: readonly Finding[], unsafe: boolean): Fix[] {
  const fixes: Fix[] = [];
  for (const f of findings) {
    if (!f.fix || (f.fix.applicability === 'unsafe' && !unsafe)) continue;
    fixes.push(
      f.part === undefined
        ? { ruleId: f.diagnostic.ruleId, ...f.fix }
        : { ruleId: f.diagnostic.ruleId, ...f.fix, part: f.part },
    );
  }
  return fixes;
}

export function fixBytes(linter: Linter, filePath: string, input: Uint8Array, options: FixOptions = {}): FixOutcome {
  let pinned: LintOptions = options;
  const store: PassStore<Bytes> = {
    first() {
      const first = linter.lintBytes(filePath, input, options);
      pinned = pinnedOptions(options, first);
      return first;
    },
    keep: inMemory,
    lint: (bytes, previous) => linter.lintBytes(filePath, bytes, { ...pinned, previous }),
    relint: () => linter.lintBytes(filePath, input, options),
    same: sameBytes,
    length: byteLengthOf,
  };
  return outcome(runFixLoop(input, store, options.unsafe ?? false));
}

/** Every pass reads the file as the first did, whatever the fixes do to what detection would see. */
export function pinnedOptions(options: LintOptions, first: LintOutcome): LintOptions {
  return { ...options, inputFormat: first.result.inputFormat, target: first.result.target };
}

/** Where the passes of a fix keep what they write: in memory (fixBytes), or in temp files (fix-on-disk.ts). */
export interface PassStore<T> {
  /**
   * The first lint, of the input. Only the loop holds what it returns, so that its model can be let go after the
   * first pass (a large file would otherwise be held twice).
   */
  first(): LintOutcome;
  /** Keeps a pass's output, made of the pieces a format's writeBack gave. */
  keep(pieces: Spliced): T;
  /** Lints a pass's output; `previous` holds what the pass before parsed (LoadOptions.previous). */
  lint(output: T, previous: ParsedLines): LintOutcome;
  /** The input linted again, for the rare outcome where the fixes made it worse. */
  relint(): LintOutcome;
  same(a: T, b: T): boolean;
  length(output: T): number;
}

/** What the loop did: a FixOutcome, with the output as the store keeps it. */
export interface LoopOutcome<T> extends Omit<FixOutcome, 'output' | 'outputPieces'> {
  output: T;
}

/** The loop itself, on `input` (what store.first() lints). */
export function runFixLoop<T>(input: T, store: PassStore<T>, unsafe: boolean): LoopOutcome<T> {
  let current: LintOutcome | undefined = store.first();
  // Only the counts of the first lint are kept (see PassStore.first).
  const before = harm(current);
  let output = input;
  // The output of every pass (references, not copies) for spotting two rules undoing each other.
  const history: T[] = [input];
  const applied: Fix[] = [];
  const failed: FixOutcome['failed'] = [];
  let passes = 0;
  let status: FixStatus = 'unchanged';

  // A line over --max-line-bytes was not read, but the agent reads it: fixes made as if it were not there (a
  // missing parent, a leaf that names no entry) could cut the history it holds.
  const unreadLine = lineOverTheLimit(current);
  if (unreadLine && fixableBy(current.findings, unsafe).length > 0) {
    return {
      status: 'unread-line',
      output: input,
      changed: false,
      applied: [],
      passes: 0,
      final: current,
      rulesInvolved: [...new Set(fixableBy(current.findings, unsafe).map((f) => f.ruleId))].sort(),
      failed: [],
      unreadLine,
    };
  }

  while (true) {
    const fixes = fixesForPass(current, unsafe);
    if (fixes.length === 0) break;
    if (passes === MAX_PASSES) {
      status = 'pass-cap';
      break;
    }
    const result = current.format.writeBack(current.model, fixes);
    pushAll(failed, result.failed);
    if (result.applied.length === 0) break;
    passes++;
    pushAll(applied, result.applied);
    output = store.keep(result.pieces);
    // The next pass takes over the parse of every line this one left as it was; the rest of this pass's model is
    // dropped (and, for a large file, collected) before the next is built.
    const previous = new ParsedLines(current.model.file.lines, result.pieces);
    current = undefined;
    collectForLargeInput(store.length(output));
    current = store.lint(output, previous);
    history.push(output);
    // Only the pass two back is ever compared with: older outputs are let go.
    if (history.length > 3) history.shift();
    if (history.length >= 3 && store.same(history[history.length - 1]!, history[history.length - 3]!)) {
      status = 'circular';
      break;
    }
    status = 'fixed';
  }

  const rulesApplied = [...new Set(applied.map((f) => f.ruleId))].sort();
  if (applied.length > 0 && isWorse(before, harm(current))) {
    current = undefined;
    return {
      status: 'worse',
      output: input,
      changed: false,
      applied: [],
      passes,
      final: store.relint(),
      rulesInvolved: rulesApplied,
      failed,
    };
  }
  const stillFixing = [...new Set(fixableBy(current.findings, unsafe).map((f) => f.ruleId))].sort();
  return {
    status,
    output,
    changed: applied.length > 0,
    applied,
    passes,
    final: current,
    rulesInvolved: status === 'circular' || status === 'pass-cap' ? stillFixing : rulesApplied,
    failed,
  };
}

function outcome(o: LoopOutcome<Bytes>): FixOutcome {
  const { output: pieces, ...rest } = o;
  let joined: Uint8Array | undefined;
  return {
    ...rest,
    outputPieces: pieces,
    get output() {
      return (joined ??= joinBytes(pieces));
    },
  };
}

/**
 * The fixes one pass applies: those the findings carry (fixableBy), except that a pass that makes unreadable lines
 * readable again (a NUL byte stripped, a line decoded) applies only those fixes. They bring entries back, and the
 * other fixes of the same lint were planned without them (an "orphan" result whose call is on the mended line
 * deleted, an "interrupted" result added for a call whose real one it holds); the next lint plans those with the
 * entries there. A fix of a file's part is left as it is (its lines are the part's).
 */
export function fixesForPass(o: LintOutcome, unsafe: boolean): Fix[] {
  const fixes = fixableBy(o.findings, unsafe);
  const { lines } = o.model.file;
  const unreadable = (n: number): boolean => {
    const line = lines[n - 1]?.lineNo === n ? lines[n - 1] : lines.find((l) => l.lineNo === n);
    return line === undefined || line.json === undefined || line.problems.length > 0;
  };
  const restoring = fixes.filter(
    (f) =>
      f.part === undefined && f.edits.some((e) => e.kind === 'replaceText' && unreadable(e.line) && !keptLine(e.text)),
  );
  return restoring.length > 0 ? restoring : fixes;
}

/**
 * Whether a line's new text is only the line kept in an object the agent skips (fixer/kept-bytes.ts keptLineObject:
 * `type`, `reason`, `text`, maybe `base64`, nothing else: no id, no parent, no session's head). That brings back no
 * entry, so the other fixes, planned without the line, stay right beside it and go in the same pass. A kept record
 * with more (a Copilot event hung in the chain by its parentId, a Qwen head) is restoring: the others wait for it.
 * The bench's 200 MB fix (a torn last line kept, a repeated entry deleted) was three lints; it is two.
 */
function keptLine(text: string): boolean {
  if (!text.startsWith(KEPT_LINE_START)) return false;
  const afterReason = stringEnd(text, KEPT_LINE_START.length);
  if (!text.startsWith(',"text":"', afterReason)) return false;
  let at = stringEnd(text, afterReason + ',"text":"'.length);
  if (text.startsWith(',"base64":"', at)) at = stringEnd(text, at + ',"base64":"'.length);
  // The object's end, then at most the line break closing an unterminated last line: one line, one object.
  const rest = text.slice(at);
  return rest === '}' || rest === '}\n' || rest === '}\r\n';
}

const KEPT_LINE_START = `{"type":${JSON.stringify(KEPT_LINE_TYPE)},"reason":"`;

/** Where the JSON string whose characters start at `from` ends: just past its closing quote. */
function stringEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** The first line left unread for being over --max-line-bytes that an agent reads (see isUnreadByLimit). */
function lineOverTheLimit(o: LintOutcome): FixOutcome['unreadLine'] {
  const l = o.model.file.lines.find(isUnreadByLimit);
  const limit = l?.problems.find((p) => p.kind === 'too-long')?.limit?.bytes;
  return l && limit !== undefined ? { line: l.lineNo, bytes: lineByteLength(l), limit } : undefined;
}

/** What the safety net compares: lines that are not readable entries, and problems. */
interface Harm {
  unreadable: number;
  problems: number;
}

function harm(o: LintOutcome): Harm {
  return {
    unreadable: o.model.file.lines.filter((l) => l.problems.length > 0).length,
    problems: o.result.errorCount + o.result.warningCount,
  };
}

/** New lines that are not JSON, or more problems than before, mean the fixes did harm (ruff's safety net). */
function isWorse(before: Harm, after: Harm): boolean {
  return after.unreadable > before.unreadable || after.problems > before.problems;
}
