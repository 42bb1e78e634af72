// SARIF 2.1.0 for GitHub code scanning (and any other SARIF viewer): one run, a driver that describes every rule of
// the linter (its context's rulesMeta), and one result per problem. Modelled on markdownlint-cli2's formatter-sarif and ruff's sarif.rs, with
// what GitHub needs to keep alerts stable across runs (pitfall 13):
// - ruleId is the rule id, and the driver lists every rule in the linter's order, so ruleIndex never shifts between runs
//   that find different problems;
// - artifact URIs are relative to cwd (the checkout root in a workflow) under the `%SRCROOT%` base, which
//   originalUriBaseIds resolves to cwd's file URL; a file outside cwd gets an absolute file:// URI instead;
// - regions are whole lines (`startLine`, plus `endLine` for a span), since transcripts have no useful columns.
//
// Limits. GitHub rejects an upload whose run holds more than 25,000 results. Past that many, the log keeps the first
// 25,000 (errors before warnings, otherwise in report order) and says so in a warning notification under
// run.invocations[0].toolExecutionNotifications: an upload that goes through with a stated gap beats one that is
// refused whole. `-f json` always carries everything.
//
// Text. Messages quote transcript content, so control characters (but newline and tab) are shown as visible escapes,
// as in the other formats. `{` and `}` are not doubled: SARIF 3.11.5 reserves `{n}` for placeholders, but this log
// never sets message.arguments, and viewers (GitHub, the sarif-sdk) substitute placeholders only when it is set, so
// doubling would only show up as `{{`. Related lines are relatedLocations, and they are also linked from the message
// text (`[line 88](1)`, SARIF 3.11.6), which is how GitHub shows them.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// The reader of package.json lives with the CLI (--version); it has no CLI dependencies, and its result is read once.
import { packageVersion } from '../version.js';
import type { Diagnostic } from '../engine/run-rules.js';
import { docsUrl, type RuleMeta, type Severity, severityFor } from '../sdk/rule-api.js';
import { repoRelativeSegments } from './display-path.js';
import { neutralize } from './neutralize.js';
import type { Formatter } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The project page; DOCS_BASE (rule-api.ts) points below it. */
export const INFORMATION_URI = 'https://github.com/transcript-lint/transcript-lint';
/** GitHub code scanning refuses a run with more results than this ("SARIF results exceed limit"). */
export const MAX_RESULTS = 25_000;
export const SRCROOT = '%SRCROOT%';

type Level = 'error' | 'warning';

interface Region {
  startLine: number;
  endLine?: number;
}

interface Location {
  id?: number;
  physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: Region };
  message?: { text: string };
}

interface ReportingDescriptor {
  id: string;
  name?: string;
  shortDescription?: { text: string };
  fullDescription?: { text: string };
  help?: { text: string; markdown: string };
  helpUri: string;
  defaultConfiguration?: { enabled?: boolean; level: Level };
  properties?: Record<string, unknown>;
}

interface Result {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: Location[];
  relatedLocations?: Location[];
}

let version: string | undefined;

export const sarif: Formatter = (results, ctx) => {
  const metas = ctx.rulesMeta ?? [];
  const target = ctx.target ?? 'claude-code';
  const descriptors = metas.map((meta) => describeRule(meta, severityFor(meta, target, ctx.targets)));
  const ruleIndex = new Map(descriptors.map((d, i) => [d.id, i]));

  const all: Result[] = [];
  for (const result of results) {
    const artifact = artifactLocation(result.filePath, ctx.cwd);
    for (const d of result.diagnostics) {
      let index = ruleIndex.get(d.ruleId);
      if (index === undefined) {
        // A rule the context does not list (a library caller's own): describe it from the diagnostic, so that every
        // result still points at a driver rule.
        index = descriptors.push({ id: d.ruleId, helpUri: d.docsUrl }) - 1;
        ruleIndex.set(d.ruleId, index);
      }
      all.push(toResult(d, index, artifact));
    }
  }

  const kept = all.length > MAX_RESULTS ? capResults(all) : all;
  const run: Record<string, unknown> = {
    tool: {
      driver: {
        name: 'transcript-lint',
        version: (version ??= packageVersion()),
        informationUri: INFORMATION_URI,
        rules: descriptors,
      },
    },
    originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(ctx.cwd) } },
    results: kept,
  };
  const notifications: Record<string, unknown>[] = [];
  if (kept.length < all.length) {
    notifications.push({
      level: 'warning',
      message: {
        text:
          `Found ${all.length} problems; this log keeps the first ${MAX_RESULTS} (errors first), GitHub code ` +
          `scanning's limit per run. Run with --format json for all of them.`,
      },
    });
  }
  // An input that could not be linted is a failed execution, not a clean file.
  for (const f of ctx.failures ?? []) {
    notifications.push({
      level: 'error',
      message: { text: neutralize(f.message) },
      locations: [{ physicalLocation: { artifactLocation: artifactLocation(f.filePath, ctx.cwd) } }],
    });
  }
  if (notifications.length > 0) {
    run.invocations = [
      { executionSuccessful: (ctx.failures ?? []).length === 0, toolExecutionNotifications: notifications },
    ];
  }
  // SARIF 3.13.2: `version` SHOULD come first, so that a reader can pick a parser before reading on.
  return `${JSON.stringify({ version: '2.1.0', $schema: SARIF_SCHEMA, runs: [run] }, null, 2)}\n`;
};

function describeRule(meta: RuleMeta, severity: Severity): ReportingDescriptor {
  const url = docsUrl(meta.id);
  const description = neutralize(meta.description);
  const targets = Object.entries(meta.severity)
    .map(([t, s]) => `${t} ${s}`)
    .join(', ');
  const fix = meta.fixable ? `${meta.fixable} fix` : 'no automatic fix';
  return {
    id: meta.id,
    // SARIF viewers show `name` as the rule's readable identifier; the SARIF validator wants it in PascalCase.
    // A format's rules are named `<prefix>/<name>`: `openai/tool-calls-answered` is OpenaiToolCallsAnswered.
    name: meta.id.replace(/(^|[-/])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: description },
    fullDescription: { text: `${description} Severity by target: ${targets}; ${fix}.` },
    help: { text: `${description} See ${url}`, markdown: `${description} [Documentation](${url})` },
    helpUri: url,
    defaultConfiguration: severity === 'off' ? { enabled: false, level: 'warning' } : { level: toLevel(severity) },
    properties: {
      tags: [meta.type, `${meta.view}-view`],
      type: meta.type,
      view: meta.view,
      severity: meta.severity,
      ...(meta.fixable ? { fixable: meta.fixable } : {}),
    },
  };
}

function toResult(
  d: Diagnostic,
  ruleIndex: number,
  artifact: Location['physicalLocation']['artifactLocation'],
): Result {
  const related = d.related.map(
    (r, i): Location => ({
      id: i + 1,
      physicalLocation: { artifactLocation: artifact, ...regionOf(r.line) },
      message: { text: neutralize(r.message) },
    }),
  );
  let text = neutralize(d.message);
  for (const [i, r] of d.related.entries()) text += `\n[line ${r.line}](${i + 1}): ${neutralize(r.message)}`;
  return {
    ruleId: d.ruleId,
    ruleIndex,
    level: toLevel(d.severity),
    message: { text },
    locations: [{ physicalLocation: { artifactLocation: artifact, ...regionOf(d.line, d.endLine) } }],
    ...(related.length > 0 ? { relatedLocations: related } : {}),
  };
}

/** A region of whole lines; none at all (the whole file) for a problem that has no line. */
function regionOf(line: number, endLine?: number): { region?: Region } {
  if (!(line >= 1)) return {};
  return { region: endLine !== undefined && endLine > line ? { startLine: line, endLine } : { startLine: line } };
}

function toLevel(severity: Severity | Diagnostic['severity']): Level {
  return severity === 'error' ? 'error' : 'warning';
}

/** Errors before warnings, each group in report order, cut at MAX_RESULTS. */
function capResults(all: Result[]): Result[] {
  return [...all.filter((r) => r.level === 'error'), ...all.filter((r) => r.level !== 'error')].slice(0, MAX_RESULTS);
}

function artifactLocation(filePath: string, cwd: string): { uri: string; uriBaseId?: string } {
  const segments = repoRelativeSegments(filePath, cwd);
  if (segments) return { uri: segments.map(encodeSegment).join('/'), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(path.resolve(cwd, filePath)).href };
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(path.resolve(dir)).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * One path segment as an RFC 3986 `segment`: unreserved characters and sub-delims stay, everything else (space, `%`,
 * `#`, `?`, `:`, non-ASCII as UTF-8) is percent-encoded. Encoding `:` also keeps a first segment like `a:b` from
 * reading as a URI scheme.
 */
function encodeSegment(segment: string): string {
  return [...segment].map((ch) => (/^[A-Za-z0-9\-._~!$&'()*+,;=@]$/.test(ch) ? ch : percentEncode(ch))).join('');
}

function percentEncode(ch: string): string {
  return [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}
