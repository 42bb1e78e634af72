// The contract between the engine and the rules: what a rule declares about itself, and how it reports. Messages are
// typed: each messageId's template names its placeholders, and report() takes exactly that data. Where a finding is
// is one typed Site, which the input's format turns into a position in the file.
import type { FixDescriptor } from '../fixer/edits.js';
import type { Dialect, Site, TargetSpec } from '../formats/types.js';
import type { ViewModels } from './views.js';

/** A target's id (see formats/targets.ts): each format lists the targets its files can be judged for. */
export type Target = string;

import { packageVersion } from '../version.js';
export type { Fixability, FixDescriptor } from '../fixer/edits.js';
import type { Fixability } from '../fixer/edits.js';

export type Severity = 'error' | 'warn' | 'off';

/**
 * The rule pages of the version that wrote a report (its tag, as the pre-commit `rev` names it), so a link in an old
 * report still says what that version did; main when the version is not known.
 */
const VERSION = packageVersion();
export const DOCS_BASE = `https://github.com/transcript-lint/transcript-lint/blob/${VERSION === 'unknown' ? 'main' : `v${VERSION}`}/docs/rules/`;

/** A rule's message templates by messageId; `{{name}}` is replaced from the report's data. */
export type Messages = Record<string, string>;

/** The placeholder names of a template: 'id' | 'name' for "tool_use {{id}} ({{name}})". */
export type Placeholders<S extends string> = S extends `${string}{{${infer K}}}${infer Rest}`
  ? K | Placeholders<Rest>
  : never;

/** The data a template needs: its placeholders, each a string or a number; none for a template without any. */
export type MessageData<S extends string> = string extends S
  ? { data?: Record<string, string | number> }
  : [Placeholders<S>] extends [never]
    ? { data?: Record<string, never> }
    : { data: Record<Placeholders<S>, string | number> };

/** Which view of the input a rule reads (see views.ts): the storage, the compiled request, or a format's own. */
export type View = keyof ViewModels;

export interface RuleDocs {
  /** What a finding is, in a phrase (the rule table's "Detects"). */
  detects: string;
  /** The fix in a phrase, when it says more than its safety ("safe (text placeholder)"). */
  fix?: string;
  /** Per target, a severity that splits by case ("error (on a prompt) / warn"). */
  severity?: Readonly<Record<string, string>>;
}

export interface RuleMeta<Ms extends Messages = Messages> {
  /** kebab-case, equal to the file name under rules/. */
  id: string;
  /** problem: the transcript breaks or loses data; suggestion: it works but surprises. */
  type: 'problem' | 'suggestion';
  /** Which view of the transcript the rule reads; the rule gets only that view (see StorageView). */
  view: View;
  /** One sentence: what holds when the rule is satisfied. */
  description: string;
  /** For the rule tables (README, docs pages): what a finding is, and finer words than the meta says. */
  docs: RuleDocs;
  /**
   * Severity per target id. A target the table does not name takes the severity of the target it extends
   * (`bedrock` extends `api`), else `default`, else off.
   */
  severity: Readonly<Record<string, Severity>> & { default?: Severity };
  fixable?: Fixability;
  /**
   * The formats (ids) the rule runs on. Every rule names them, or, for a request-view rule, the `dialects` whose
   * requests it reads: there is no default (engine/run-rules.ts appliesTo throws for a rule that names neither).
   */
  formats?: readonly string[];
  /** For request-view rules without `formats`: the request dialects the rule is written for. */
  dialects?: readonly Dialect[];
  messages: Ms;
}

export type { Site } from '../formats/types.js';

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
export type StorageView = ViewModels['storage'];

export type ModelFor<V extends View> = ViewModels[V];

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

/** A rule's severity for a target, following the targets' `extends` links (see RuleMeta.severity). */
export function severityFor(
  meta: Pick<RuleMeta, 'severity'>,
  target: Target,
  targets: readonly TargetSpec[] = [],
): Severity {
  const seen = new Set<string>();
  for (
    let t: string | undefined = target;
    t !== undefined && !seen.has(t);
    t = targets.find((x) => x.id === t)?.extends
  ) {
    seen.add(t);
    const s = Object.hasOwn(meta.severity, t) ? meta.severity[t] : undefined;
    if (s !== undefined) return s;
  }
  return meta.severity.default ?? 'off';
}

export function interpolate(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(data, key) ? String(data[key]) : whole,
  );
}
