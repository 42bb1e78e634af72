// The contract between the engine and the rules: what a rule declares about itself, and how it reports. Messages are
// typed: each messageId's template names its placeholders, and report() takes exactly that data. Where a finding is
// is one typed Site, which the input's format turns into a position in the file.
import type { FixDescriptor } from '../fixer/edits.js';
import type { InputFormat } from '../loader/input.js';
import type { TranscriptModel, TranscriptStorage } from '../model/index.js';
import type { ApiBlock, Entry } from '../model/types.js';

export type Target = 'claude-code' | 'api' | 'bedrock';
export const TARGETS: readonly Target[] = ['claude-code', 'api', 'bedrock'];

export type { Fixability, FixDescriptor } from '../fixer/edits.js';
import type { Fixability } from '../fixer/edits.js';

export type Severity = 'error' | 'warn' | 'off';

export const DOCS_BASE = 'https://github.com/transcript-lint/transcript-lint/blob/main/docs/rules/';

/** A rule's message templates by messageId; `{{name}}` is replaced from the report's data. */
export type Messages = Record<string, string>;

/** The placeholder names of a template: 'id' | 'name' for "tool_use {{id}} ({{name}})". */
export type Placeholders<S extends string> = S extends `${string}{{${infer K}}}${infer Rest}` ? K | Placeholders<Rest> : never;

/** The data a template needs: its placeholders, each a string or a number; none for a template without any. */
export type MessageData<S extends string> = string extends S
  ? { data?: Record<string, string | number> }
  : [Placeholders<S>] extends [never]
    ? { data?: Record<string, never> }
    : { data: Record<Placeholders<S>, string | number> };

/** Which view of the input a rule reads: the storage (lines, entries, the uuid tree), or the compiled request. */
export type View = 'storage' | 'request';

export interface RuleMeta<Ms extends Messages = Messages> {
  /** kebab-case, equal to the file name under rules/. */
  id: string;
  /** problem: the transcript breaks or loses data; suggestion: it works but surprises. */
  type: 'problem' | 'suggestion';
  /** Which view of the transcript the rule reads; the rule gets only that view (see StorageView). */
  view: View;
  description: string;
  /** Severity per target; `bedrock` falls back to `api` when absent. */
  severity: { 'claude-code': Severity; api: Severity; bedrock?: Severity };
  fixable?: Fixability;
  /**
   * The input formats the rule runs on. Default: every format for request-view rules (they read the compiled
   * request, which plain inputs have too), only Claude Code sessions for storage-view rules.
   */
  inputs?: readonly InputFormat[];
  messages: Ms;
}

/**
 * Where a finding is. The format turns a site into a place in the file (line, and for a JSON document the pointer
 * into it), so a rule never works out positions itself.
 * - `{ line }`: a line as such (one that is not an entry: not JSON, too long...), or with `pointer` a value in it;
 * - `{ entry }`: an entry, or with `pointer` a value in it, or with `block` a block of its message content;
 * - `{ request }`: a block of the compiled request, where it is stored (its origin), or with `pointer` a value in it;
 * - `{ requestField }`: a field of the request itself (`/tools/2/name`), for inputs that are requests.
 */
export type Site =
  | { line: number; pointer?: string }
  | { entry: Entry; pointer?: string; block?: number }
  | { request: ApiBlock; pointer?: string }
  | { requestField: string };

export interface RelatedLine {
  line: number;
  message: string;
}

interface ReportCommon {
  at: Site;
  related?: RelatedLine[];
  /**
   * A finer severity for this one report, for rules whose catalogue row splits (e.g. "error (prompt) / warn").
   * It applies only where the rule is on for the target, and a configured severity overrides it.
   */
  severity?: Exclude<Severity, 'off'>;
  /** The repair, for fixable rules: edits applied all or nothing. */
  fix?: FixDescriptor;
}

/** One report: a messageId of the rule with the data its template needs, where, and the fix. */
export type ReportDescriptor<Ms extends Messages = Messages> = {
  [K in keyof Ms & string]: ReportCommon & { messageId: K } & MessageData<Ms[K]>;
}[keyof Ms & string];

/**
 * What a storage-view rule sees of the model: the file, its entries and the uuid chain, not the compiled request
 * (a rule that declares the storage view and reads the request would hide a dependency the engine plans around).
 */
export type StorageView = TranscriptStorage;

export type ModelFor<V extends View> = V extends 'storage' ? StorageView : TranscriptModel;

export interface RuleContext<Ms extends Messages = Messages, V extends View = View> {
  model: ModelFor<V>;
  target: Target;
  report(descriptor: ReportDescriptor<Ms>): void;
}

export interface Rule<Ms extends Messages = Messages, V extends View = View> {
  meta: RuleMeta<Ms> & { view: V };
  check(ctx: RuleContext<Ms, V>): void;
}

/** Declares a rule; the messages' placeholders type the data of every report. */
export function defineRule<const Ms extends Messages, V extends View>(rule: Rule<Ms, V>): Rule {
  return rule as unknown as Rule;
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
