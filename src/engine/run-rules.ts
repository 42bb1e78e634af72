// Runs the rules over one model and turns their reports into diagnostics. A report that breaks the rule's own
// contract (unknown message, a fix from a rule that declares none, a storage rule reading the request) is a bug in
// the rule and throws.
import { SHELL_LINE } from '../loader/input.js';
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
  type Severity,
  severityFor,
  type Site,
  type StorageView,
  type Target,
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
    const ctx: RuleContext = {
      model: rule.meta.view === 'storage' ? storageView(model, rule.meta.id) : model,
      target: options.target,
      report: (d) => findings.push(toFinding(rule, d, configured ?? d.severity ?? base)),
    };
    rule.check(ctx);
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
    line: 0,
    related: d.related ?? [],
    docsUrl: docsUrl(meta.id),
  };
  place(diagnostic, d.at);
  if (d.fix) diagnostic.fix = { applicability: d.fix.applicability, description: d.fix.description };
  return { diagnostic, fix: d.fix };
}

/** The diagnostic's place (line, block, uuid, pointer) from the site a rule gave. */
function place(d: Diagnostic, site: Site): void {
  if ('line' in site) {
    d.line = site.line;
    if (site.pointer !== undefined) d.pointer = site.pointer;
  } else if ('entry' in site) {
    d.line = site.entry.line;
    if (site.block !== undefined) d.blockIndex = site.block;
    if (site.entry.uuid !== undefined) d.uuid = site.entry.uuid;
    if (site.pointer !== undefined) d.pointer = site.pointer;
  } else if ('request' in site) {
    d.line = site.request.origin.line;
    if (site.request.origin.blockIndex !== undefined) d.blockIndex = site.request.origin.blockIndex;
    if (site.pointer !== undefined) d.pointer = site.pointer;
  } else {
    d.line = SHELL_LINE;
    d.pointer = site.requestField;
  }
}

/** The model as a storage-view rule may see it: reading the compiled request is a bug in such a rule. */
function storageView(model: TranscriptModel, ruleId: string): StorageView {
  return new Proxy(model, {
    get(target, key) {
      if (key === 'apiView') {
        return () => {
          throw new Error(`rule ${ruleId} declares the storage view but reads the compiled request (apiView)`);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
