// Documentation made from the code's own declarations, so that it cannot drift: the README's option tables (from the
// CLI's option list), its rule table and each rule page's header (from the rules' meta), and the JSON Schema of the
// config file (from the rule ids, targets and input formats). `npm run gen:docs` writes them; test/docs.test.ts fails
// when a committed copy is stale.
import { CONFIG_FILE_NAME, SEVERITIES } from '../engine/config-names.js';
import { docNameOf, type OptionGroup, type OptionSpec } from '../cli/options.js';
import { appliesTo } from '../engine/run-rules.js';
import type { Format, TargetSpec } from '../formats/types.js';
import { type RuleMeta, severityFor } from '../sdk/rule-api.js';

/** Replaces what lies between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->` (markers kept). */
export function replaceGenerated(text: string, name: string, content: string): string {
  const open = `<!-- generated:${name} -->`;
  const close = `<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start === -1 || end === -1 || end < start) throw new Error(`no ${open} ... ${close} markers`);
  return `${text.slice(0, start + open.length)}\n${content.trimEnd()}\n${text.slice(end)}`;
}

/** One option group's table for the README. */
export function optionsTable(options: readonly OptionSpec[], group: OptionGroup): string {
  const rows = options.filter((o) => o.group === group).map((o) => `| ${docNameOf(o)} | ${o.doc ?? o.help} |`);
  return ['| Option | Meaning |', '|---|---|', ...rows].join('\n');
}

export interface ConfigSchemaInputs {
  rules: readonly RuleMeta[];
  targets: readonly string[];
  inputFormats: readonly string[];
}

export const CONFIG_SCHEMA_ID =
  'https://raw.githubusercontent.com/transcript-lint/transcript-lint/main/schema/config.schema.json';

/** The JSON Schema (2020-12) of transcript-lint.config.json: exactly what config-file.ts accepts. */
export function configSchema({ rules, targets, inputFormats }: ConfigSchemaInputs): Record<string, unknown> {
  const severity = { $ref: '#/$defs/severity' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: CONFIG_SCHEMA_ID,
    title: CONFIG_FILE_NAME,
    description: 'The transcript-lint config file. It applies to the files below its own folder.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'For editors: where this schema is. Ignored by transcript-lint.' },
      target: { enum: [...targets], description: 'The reader the files are judged for (default: by input format).' },
      inputFormat: { enum: [...inputFormats], description: 'What the files hold (default: detected per file).' },
      rules: {
        $ref: '#/$defs/rules',
        description: "Severity per rule id, over the catalogue's default for the target.",
      },
      ignores: {
        type: 'array',
        description: "Glob patterns, relative to the config's folder, of files to skip; a leading ! un-ignores.",
        items: { type: 'string', minLength: 1 },
      },
      overrides: {
        type: 'array',
        description:
          'Rule settings for some files only, applied in order over `rules` (a later matching entry wins; flags win over all).',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['files'],
          properties: {
            files: {
              type: 'array',
              description:
                "Glob patterns, relative to the config's folder, of the files this entry applies to; a leading ! excludes.",
              items: { type: 'string', minLength: 1 },
              minItems: 1,
            },
            rules: { $ref: '#/$defs/rules', description: 'Severity per rule id for these files.' },
          },
        },
      },
    },
    $defs: {
      severity: { enum: [...SEVERITIES, 0, 1, 2] },
      rules: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          rules.map((m) => [
            m.id,
            {
              description: m.description,
              oneOf: [severity, { type: 'array', prefixItems: [severity], minItems: 1, maxItems: 1 }],
            },
          ]),
        ),
      },
    },
  };
}

/** A severity as the tables show it: `—` for off; the rule's finer words when it has them. */
function severityCell(meta: RuleMeta, target: string, targets: readonly TargetSpec[]): string {
  const words = meta.docs.severity?.[target];
  if (words !== undefined) return words;
  const s = severityFor(meta, target, targets);
  return s === 'off' ? '—' : s;
}

/** The api cell, with Bedrock's severity when it differs (bedrock extends api). */
function apiCell(meta: RuleMeta, targets: readonly TargetSpec[]): string {
  const api = severityCell(meta, 'api', targets);
  const bedrock = severityFor(meta, 'bedrock', targets);
  return bedrock !== severityFor(meta, 'api', targets) ? `${api} (bedrock: ${bedrock})` : api;
}

const fixCell = (meta: RuleMeta): string => meta.docs.fix ?? meta.fixable ?? '—';

/** The README's rule table: one row per rule of the Claude Code and Messages API formats. */
export function rulesTable(metas: readonly RuleMeta[], targets: readonly TargetSpec[]): string {
  const rows = metas.map(
    (m) =>
      `| \`${m.id}\` | ${m.docs.detects} | ${severityCell(m, 'claude-code', targets)} | ${apiCell(m, targets)} | ${fixCell(m)} |`,
  );
  return ['| Rule | Detects | claude-code | api | Fix |', '|---|---|---|---|---|', ...rows].join('\n');
}

const VIEW_WORDS: Record<RuleMeta['view'], string> = {
  storage: 'storage (the lines, entries and uuid tree as written)',
  request: 'request (what the agent sends on resume, or the request the file is)',
  file: 'the file as a whole',
  codex: 'codex (the rollout as Codex CLI reads it: its records, and the history `codex exec resume` rebuilds)',
  'task-history':
    'task-history (a Cline or Roo Code history: what the tool sends of it, and what it repaired on the way)',
  'openai-chat': 'openai-chat (the conversations of an OpenAI input: messages, tool calls, the tools declared)',
  batch: 'batch (the records of a batch file: one request or result each)',
  copilot: 'copilot (the session file as Copilot CLI reads it: its lines, events and the files beside it)',
  gemini: 'gemini (the session file as Gemini CLI loads it, and the contents it sends on resume)',
  qwen: 'qwen (the session as Qwen Code reads it: its records, the uuid chain it resumes and the messages it sends)',
};

/** The header of a rule's page: what holds, its severity per target, its view, where it runs, its fix. */
export function ruleHeader(meta: RuleMeta, formats: readonly Format[], targets: readonly TargetSpec[]): string {
  const rows = targets.map((t) => `| \`${t.id}\` | ${severityCell(meta, t.id, targets)} |`);
  const on = formats.filter((f) => appliesTo(meta, f)).map((f) => f.title);
  const fix = meta.fixable
    ? `${fixCell(meta)} (${meta.fixable === 'safe' ? 'applied by `--fix`' : 'applied by `--fix --unsafe-fixes`'})`
    : 'none';
  return [
    meta.description,
    '',
    '| target | severity |',
    '|---|---|',
    ...rows,
    '',
    `**View:** ${VIEW_WORDS[meta.view]} · **Runs on:** ${on.length > 0 ? on.join(', ') : 'files of no supported format'} · **Fix:** ${fix}`,
  ].join('\n');
}

/** A rule page with its generated header: after the title, before the first section (markers added when absent). */
export function withRuleHeader(page: string, header: string): string {
  if (page.includes('<!-- generated:header -->')) return replaceGenerated(page, 'header', header);
  const title = page.indexOf('\n') + 1;
  const firstSection = page.indexOf('\n## ', title);
  const rest = firstSection === -1 ? '' : page.slice(firstSection + 1);
  return `${page.slice(0, title)}\n<!-- generated:header -->\n${header}\n<!-- /generated:header -->\n\n${rest}`;
}
