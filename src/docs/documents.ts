// Every generated document, with its text as it should be: the gen:docs script writes them, the docs test compares.
import { LINT_OPTIONS, OPTION_GROUPS } from '../cli/options.js';
import type { Format, TargetSpec } from '../formats/types.js';
import type { RuleMeta } from '../sdk/rule-api.js';
import { catalogSource } from './catalog-source.js';
import { configSchema, optionsTable, replaceGenerated, ruleHeader, rulesTable, withRuleHeader } from './generate.js';

export interface GeneratedDocument {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface DocumentInputs {
  rules: readonly RuleMeta[];
  formats: readonly Format[];
  targets: readonly TargetSpec[];
  /** Reads a committed file (relative path): the generated parts are replaced in it, the rest kept. */
  read(path: string): string;
}

/** The positional argument, which the README's Input table lists before the options. */
const PATHS_ROW = '| `[paths..]` | Files, folders or globs, as above. |';

export function documents({ rules, formats, targets, read }: DocumentInputs): GeneratedDocument[] {
  let readme = read('README.md');
  for (const group of OPTION_GROUPS) {
    let table = optionsTable(LINT_OPTIONS, group);
    if (group === 'Input') table = table.replace('|---|---|\n', `|---|---|\n${PATHS_ROW}\n`);
    readme = replaceGenerated(readme, `options-${group.toLowerCase().replaceAll(' ', '-')}`, table);
  }
  // The README's table lists the rules of the Claude Code and Messages API formats; each format's own rules follow it.
  readme = replaceGenerated(
    readme,
    'rules',
    rulesTable(
      rules.filter((m) => !m.id.includes('/')),
      targets,
    ),
  );
  const targetIds = [...new Set(formats.flatMap((f) => f.targets.map((t) => t.id)))];
  const schema = configSchema({ rules, targets: targetIds, inputFormats: formats.map((f) => f.id) });
  const pages = rules.map((m) => {
    const page = `docs/rules/${m.id}.md`;
    return { path: page, text: withRuleHeader(read(page), ruleHeader(m, formats, targets)) };
  });
  return [
    { path: 'README.md', text: readme },
    { path: 'schema/config.schema.json', text: `${JSON.stringify(schema, null, 2)}\n` },
    { path: 'src/formats/catalog-data.ts', text: catalogSource(formats) },
    ...pages,
  ];
}
