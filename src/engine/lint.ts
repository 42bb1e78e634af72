// The library's lint entry points: bytes or text in, a LintResult out. No filesystem access here except
// through lintFile, which only reads.
import { rules as allRules } from '../../rules/index.js';
import type { Bytes } from '../loader/bytes.js';
import { type InputFormat, type InputOptions, loadInput } from '../loader/input.js';
import { modelOf } from '../formats/load.js';
import type { TranscriptModel } from '../model/index.js';
import { appliesToInput, type Rule, type Severity, type Target } from '../sdk/rule-api.js';
import { readRegularSync } from './read-regular.js';
import { type Diagnostic, type Finding, runRules } from './run-rules.js';

export { detectInputFormat, INPUT_FORMATS, type InputFormat } from '../loader/input.js';

export interface LintOptions extends InputOptions {
  /** Default: 'claude-code' for Claude Code sessions, 'api' for requests and message lists. */
  target?: Target;
  rules?: readonly Rule[];
  severities?: ReadonlyMap<string, Severity>;
}

export interface LintResult {
  filePath: string;
  diagnostics: Diagnostic[];
  errorCount: number;
  warningCount: number;
  fixableCount: number;
  unsafeFixableCount: number;
  /** The input format the file was read as (given or detected). */
  inputFormat: InputFormat;
  /** The target the rules were judged against (given, or the format's default). */
  target: Target;
  /** The fixed text, set only by --fix-dry-run when fixing changed the file (as ESLint does). */
  output?: string;
}

export interface LintOutcome {
  result: LintResult;
  findings: Finding[];
  model: TranscriptModel;
}

/** The target a format is judged against when none is given. */
export function defaultTarget(format: InputFormat): Target {
  return format === 'claude-code' ? 'claude-code' : 'api';
}

/** Lints a file's bytes, whole or in pieces (see loader/bytes.ts). */
export function lintBytes(filePath: string, data: Bytes, options: LintOptions = {}): LintOutcome {
  const model = modelOf(loadInput(filePath, data, options));
  // The format ids of today's three inputs; formats as plug-ins make this a plain string.
  const inputFormat = model.inputFormat as InputFormat;
  const target = options.target ?? defaultTarget(inputFormat);
  const rules = (options.rules ?? allRules).filter((r) => appliesToInput(r.meta, inputFormat));
  const findings = runRules(model, rules, { target, severities: options.severities });
  const located = model.plain ? locateFindings(model, findings) : findings;
  return { result: summarize(filePath, located, inputFormat, target), findings: located, model };
}

export function lintText(text: string, options: LintOptions & { filePath?: string } = {}): LintResult {
  return lintBytes(options.filePath ?? '<text>', new TextEncoder().encode(text), options).result;
}

export async function lintFile(filePath: string, options: LintOptions = {}): Promise<LintResult> {
  return lintBytes(filePath, readRegularSync(filePath), options).result;
}

/**
 * Rules report on the model's lines; for a plain input those are keys (one per message, see loader/input.ts).
 * Each diagnostic is moved to the line of the file where the message, block or field starts, its pointer made a
 * pointer into the file's JSON, and its stand-in uuid dropped. The fix edits stay on the model's lines: the fix
 * engine maps them itself.
 */
function locateFindings(model: TranscriptModel, findings: readonly Finding[]): Finding[] {
  const located = findings.map((f): Finding => {
    const d = f.diagnostic;
    // The line is where the block (or, without one, the message) starts; the pointer names the value exactly.
    const blockPointer = d.blockIndex !== undefined ? `/message/content/${d.blockIndex}` : undefined;
    const at = model.locate(d.line, d.pointer ?? blockPointer);
    if (model.messageIndexAt(d.line) !== undefined) at.line = model.locate(d.line, blockPointer).line;
    const diagnostic: Diagnostic = { ruleId: d.ruleId, severity: d.severity, messageId: d.messageId, message: d.message, line: at.line } as Diagnostic;
    if (d.endLine !== undefined) diagnostic.endLine = model.displayLine(d.endLine);
    if (d.blockIndex !== undefined) diagnostic.blockIndex = d.blockIndex;
    if (at.pointer !== undefined) diagnostic.pointer = at.pointer;
    diagnostic.related = d.related.map((r) => ({ ...r, line: model.displayLine(r.line) }));
    if (d.fix) diagnostic.fix = d.fix;
    diagnostic.docsUrl = d.docsUrl;
    return { ...f, diagnostic };
  });
  return located.sort((a, b) => a.diagnostic.line - b.diagnostic.line || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId));
}

function summarize(filePath: string, findings: Finding[], inputFormat: InputFormat, target: Target): LintResult {
  const diagnostics = findings.map((f) => f.diagnostic);
  return {
    filePath,
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warn').length,
    fixableCount: findings.filter((f) => f.fix?.applicability === 'safe').length,
    unsafeFixableCount: findings.filter((f) => f.fix?.applicability === 'unsafe').length,
    inputFormat,
    target,
  };
}
