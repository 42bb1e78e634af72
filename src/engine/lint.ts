// The library's lint entry points: bytes or text in, a LintResult out. No filesystem access here except
// through lintFile, which only reads.
import { readFile } from 'node:fs/promises';
import { rules as allRules } from '../../rules/index.js';
import { type LoadOptions, loadBytes } from '../loader/read-jsonl.js';
import { TranscriptModel } from '../model/index.js';
import type { Rule, Severity, Target } from '../rule-api.js';
import { type Diagnostic, type Finding, runRules } from './run-rules.js';

export interface LintOptions extends LoadOptions {
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
  /** The fixed text, set only by --fix-dry-run when fixing changed the file (as ESLint does). */
  output?: string;
}

export interface LintOutcome {
  result: LintResult;
  findings: Finding[];
  model: TranscriptModel;
}

export function lintBytes(filePath: string, data: Uint8Array, options: LintOptions = {}): LintOutcome {
  const model = new TranscriptModel(loadBytes(filePath, data, options));
  const findings = runRules(model, options.rules ?? allRules, {
    target: options.target ?? 'claude-code',
    severities: options.severities,
  });
  return { result: summarize(filePath, findings), findings, model };
}

export function lintText(text: string, options: LintOptions & { filePath?: string } = {}): LintResult {
  return lintBytes(options.filePath ?? '<text>', new TextEncoder().encode(text), options).result;
}

export async function lintFile(filePath: string, options: LintOptions = {}): Promise<LintResult> {
  return lintBytes(filePath, await readFile(filePath), options).result;
}

function summarize(filePath: string, findings: Finding[]): LintResult {
  const diagnostics = findings.map((f) => f.diagnostic);
  return {
    filePath,
    diagnostics,
    errorCount: diagnostics.filter((d) => d.severity === 'error').length,
    warningCount: diagnostics.filter((d) => d.severity === 'warn').length,
    fixableCount: findings.filter((f) => f.fix?.applicability === 'safe').length,
    unsafeFixableCount: findings.filter((f) => f.fix?.applicability === 'unsafe').length,
  };
}
