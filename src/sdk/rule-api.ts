// The contract between the engine and the rules: what a rule declares about itself, and how it reports.
import type { Edit } from '../fixer/edits.js';
import type { InputFormat } from '../loader/input.js';
import type { TranscriptModel } from '../model/index.js';

export type Target = 'claude-code' | 'api' | 'bedrock';
export const TARGETS: readonly Target[] = ['claude-code', 'api', 'bedrock'];

export type Severity = 'error' | 'warn' | 'off';
export type Fixability = 'safe' | 'unsafe';

export const DOCS_BASE = 'https://github.com/transcript-lint/transcript-lint/blob/main/docs/rules/';

export interface RuleMeta<M extends string = string> {
  /** kebab-case, equal to the file name under rules/. */
  id: string;
  /** problem: the transcript breaks or loses data; suggestion: it works but surprises. */
  type: 'problem' | 'suggestion';
  /** Which view of the transcript the rule reads. */
  view: 'storage' | 'request';
  description: string;
  /** Severity per target; `bedrock` falls back to `api` when absent. */
  severity: { 'claude-code': Severity; api: Severity; bedrock?: Severity };
  fixable?: Fixability;
  /**
   * The input formats the rule runs on. Default: every format for request-view rules (they read the compiled
   * request, which plain inputs have too), only Claude Code sessions for storage-view rules.
   */
  inputs?: readonly InputFormat[];
  /** Message templates; `{{name}}` is replaced from the report's data. */
  messages: Record<M, string>;
}

export interface RelatedLine {
  line: number;
  message: string;
}

export interface ReportDescriptor<M extends string = string> {
  messageId: M;
  data?: Record<string, string | number>;
  /** 1-based line the problem is on. */
  line: number;
  endLine?: number;
  /** Index of the offending block in the entry's message.content. */
  blockIndex?: number;
  uuid?: string;
  /** RFC 6901 pointer into the entry, when the problem is one field. */
  pointer?: string;
  related?: RelatedLine[];
  /**
   * A finer severity for this one report, for rules whose catalogue row splits (e.g. "error (prompt) / warn").
   * It applies only where the rule is on for the target, and a configured severity overrides it.
   */
  severity?: Exclude<Severity, 'off'>;
  /** The repair, for fixable rules: edits applied all or nothing. */
  fix?: FixDescriptor;
}

export interface FixDescriptor {
  applicability: Fixability;
  description: string;
  edits: Edit[];
}

export interface RuleContext<M extends string = string> {
  model: TranscriptModel;
  target: Target;
  report(descriptor: ReportDescriptor<M>): void;
}

export interface Rule<M extends string = string> {
  meta: RuleMeta<M>;
  check(ctx: RuleContext<M>): void;
}

export function defineRule<M extends string>(rule: Rule<M>): Rule<M> {
  return rule;
}

export function docsUrl(id: string): string {
  return `${DOCS_BASE}${id}.md`;
}

export function severityFor(meta: RuleMeta, target: Target): Severity {
  if (target === 'bedrock') return meta.severity.bedrock ?? meta.severity.api;
  return meta.severity[target];
}

/** Whether a rule runs on an input of this format (see RuleMeta.inputs). */
export function appliesToInput(meta: RuleMeta, format: InputFormat): boolean {
  if (meta.inputs) return meta.inputs.includes(format);
  return meta.view === 'request' || format === 'claude-code';
}

export function interpolate(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(data, key) ? String(data[key]) : whole,
  );
}
