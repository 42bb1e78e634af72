// Runs the rules over one model and turns their reports into diagnostics, each placed in the file by the model's
// format. A report that breaks the rule's own contract (unknown message, a fix from a rule that declares none, a
// storage rule reading the request) is a bug in the rule and throws.
import type { Format, FormatModel, TargetSpec } from '../formats/types.js';
import type { TranscriptModel } from '../model/index.js';
import {
  docsUrl,
  type Fixability,
  type FixDescriptor,
  interpolate,
  type RelatedLine,
  type ReportDescriptor,
  type Rule,
  type RuleContext,
  type RuleMeta,
  type Severity,
  severityFor,
  type StorageView,
  type Target,
} from '../sdk/rule-api.js';

export interface Diagnostic {
  ruleId: string;
  severity: 'error' | 'warn';
  messageId: string;
  message: string;
  line: number;
  column?: number;
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
  /** For a finding in a part of the file (Format.parts): which part. */
  part?: number;
}

export interface RunOptions {
  target: Target;
  /** Every known target, for severities that follow a target's `extends`. */
  targets: readonly TargetSpec[];
  /** Configured severities by rule id; they win over the catalogue and over per-report severities. */
  severities?: ReadonlyMap<string, Severity>;
}

/**
 * Whether a rule runs on files of this format: the formats it names (or one this format's files are a kind of, see
 * Format.rulesOf), else (request-view rules) the formats whose requests are in a dialect it names. A rule that names
 * neither is an error: no format is picked for it by default.
 */
export function appliesTo(
  meta: Pick<RuleMeta, 'id' | 'formats' | 'dialects' | 'view'>,
  format: Pick<Format, 'id' | 'dialect' | 'rulesOf'>,
): boolean {
  if (meta.formats) {
    const named = meta.formats;
    return named.includes(format.id) || (format.rulesOf?.some((id) => named.includes(id)) ?? false);
  }
  if (meta.view === 'request' && meta.dialects)
    return format.dialect !== undefined && meta.dialects.includes(format.dialect);
  throw new Error(
    `rule ${meta.id} names no formats (meta.formats)${meta.view === 'request' ? ' and no dialects (meta.dialects)' : ''}: a rule says which inputs it reads`,
  );
}

export function runRules(format: Format, model: FormatModel, rules: readonly Rule[], options: RunOptions): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    const configured = options.severities?.get(rule.meta.id);
    const base = configured ?? severityFor(rule.meta, options.target, options.targets);
    if (base === 'off') continue;
    const ctx = {
      model: rule.meta.view === 'storage' ? storageView(model as TranscriptModel, rule.meta.id) : model,
      target: options.target,
      report: (d: ReportDescriptor) =>
        findings.push(toFinding(format, model, rule, d, configured ?? d.severity ?? base)),
    } as unknown as RuleContext;
    rule.check(ctx);
  }
  return findings.sort(
    (a, b) => a.diagnostic.line - b.diagnostic.line || a.diagnostic.ruleId.localeCompare(b.diagnostic.ruleId),
  );
}

function toFinding(format: Format, model: FormatModel, rule: Rule, d: ReportDescriptor, severity: Severity): Finding {
  const { meta } = rule;
  const template = (meta.messages as Record<string, string>)[d.messageId];
  if (template === undefined) {
    throw new Error(`rule ${meta.id} reported unknown messageId "${d.messageId}"`);
  }
  if (d.fix && !meta.fixable) throw new Error(`rule ${meta.id} reported a fix but declares no fixable`);
  const at = format.locate(model, d.at);
  const diagnostic: Diagnostic = {
    ruleId: meta.id,
    severity: severity === 'off' ? 'warn' : severity,
    messageId: d.messageId,
    message: interpolate(template, d.data),
    line: at.line,
    related: (d.related ?? []).map((r) => ({ ...r, line: format.locateLine(model, r.line) })),
    docsUrl: docsUrl(meta.id),
  };
  if (at.column !== undefined) diagnostic.column = at.column;
  if (at.blockIndex !== undefined) diagnostic.blockIndex = at.blockIndex;
  if (at.uuid !== undefined) diagnostic.uuid = at.uuid;
  if (at.pointer !== undefined) diagnostic.pointer = at.pointer;
  if (d.fix) diagnostic.fix = { applicability: d.fix.applicability, description: d.fix.description };
  return { diagnostic, fix: d.fix };
}

/** The model as a storage-view rule may see it: reading the compiled request is a bug in such a rule. */
function storageView(model: TranscriptModel, ruleId: string): StorageView {
  // Each method is bound once per rule run, not on every call (rules call some once per entry).
  const bound = new Map<PropertyKey, { fn: unknown; bound: unknown }>();
  return new Proxy(model, {
    get(target, key) {
      if (key === 'apiView') {
        return () => {
          throw new Error(`rule ${ruleId} declares the storage view but reads the compiled request (apiView)`);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      const known = bound.get(key);
      if (known?.fn === value) return known.bound;
      const fn = (value as (...args: unknown[]) => unknown).bind(target);
      bound.set(key, { fn: value, bound: fn });
      return fn;
    },
  });
}
