// Documentation made from the code's own declarations, so that it cannot drift: the README's option tables (from the
// CLI's option list), its rule table and each rule page's header (from the rules' meta), and the JSON Schema of the
// config file (from the rule ids, targets and input formats). `npm run gen:docs` writes them; test/docs.test.ts fails
// when a committed copy is stale.
import { CONFIG_FILE_NAME, SEVERITIES } from '../engine/config-names.js';
import { docNameOf, type OptionGroup, type OptionSpec } from '../cli/options.js';
import type { RuleMeta } from '../sdk/rule-api.js';

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

export const CONFIG_SCHEMA_ID = 'https://raw.githubusercontent.com/transcript-lint/transcript-lint/main/schema/config.schema.json';

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
        type: 'object',
        description: 'Severity per rule id, over the catalogue\'s default for the target.',
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
      ignores: {
        type: 'array',
        description: "Glob patterns, relative to the config's folder, of files to skip; a leading ! un-ignores.",
        items: { type: 'string', minLength: 1 },
      },
    },
    $defs: { severity: { enum: [...SEVERITIES] } },
  };
}
