// Runs the rules over one model and turns their reports into diagnostics. A report that breaks the rule's own
// contract (unknown message, a fix from a rule that declares none) is a bug in the rule and throws.
import type { TranscriptModel } from '../model/index.js';
import {
  docsUrl,
  type Fixability,
  interpolate,
  type RelatedLine,
  type ReportDescriptor,
  type Rule,
  type Severity,
  severityFor,
  type Target,
  type FixDescriptor,
} from '../sdk/rule-api.js';

export interface Diagnostic {
  ruleId: string;
  severity: 'error' | 'warn';
  messageId: string;
  message: string;
  line: number;
  endLine?: number;
  blockIndex?: number;
  uuid?: string;
  pointer?: string;
  related: RelatedLine[];
  fix?: { applicability: Fixability; description: string };
  docsUrl: string;
}

/** A diagnostic together with the edits of its fix, kept apart from the report that is printed. */
export interface Finding {
  diagnostic: Diagnostic;
  fix?: FixDescriptor;
}

export interface RunOptions {
  target: Target;
  /** Configured severities by rule id; they win over the catalogue and over per-report severities. */
  severities?: ReadonlyMap<string, Severity>;
}

export function runRules(model: TranscriptModel, rules: readonly Rule[], options: RunOptions): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    const configured = options.severities?.get(rule.meta.id);
    const base = configured ?? severityFor(rule.meta, options.target);
    if (base === 'off') continue;
    rule.check({
      model,
      target: options.target,
      report: (d) => findings.push(toFinding(rule, d, configured ?? d.severity ?? base)),
    });
  }
  return findings.sort(
    (a, b) => a.diagnostic.line - b.diagnostic.line || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId),
  );
}

function toFinding(rule: Rule, d: ReportDescriptor, severity: Severity): Finding {
  const { meta } = rule;
  const template = (meta.messages as Record<string, string>)[d.messageId];
  if (template === undefined) {
    throw new Error(`rule ${meta.id} reported unknown messageId "${d.messageId}"`);
  }
  if (d.fix && !meta.fixable) throw new Error(`rule ${meta.id} reported a fix but declares no fixable`);
  const diagnostic: Diagnostic = {
    ruleId: meta.id,
    severity: severity === 'off' ? 'warn' : severity,
    messageId: d.messageId,
    message: interpolate(template, d.data),
    line: d.line,
    related: d.related ?? [],
    docsUrl: docsUrl(meta.id),
  };
  if (d.endLine !== undefined) diagnostic.endLine = d.endLine;
  if (d.blockIndex !== undefined) diagnostic.blockIndex = d.blockIndex;
  if (d.uuid !== undefined) diagnostic.uuid = d.uuid;
  if (d.pointer !== undefined) diagnostic.pointer = d.pointer;
  if (d.fix) diagnostic.fix = { applicability: d.fix.applicability, description: d.fix.description };
  return { diagnostic, fix: d.fix };
}
