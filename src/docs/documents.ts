// Every generated document, with its text as it should be: the gen:docs script writes them, the docs test compares.
import { LINT_OPTIONS, OPTION_GROUPS } from '../cli/options.js';
import { FORMAT_IDS, TARGET_IDS } from '../formats/catalog.js';
import type { RuleMeta } from '../sdk/rule-api.js';
import { configSchema, optionsTable, replaceGenerated } from './generate.js';

export interface GeneratedDocument {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface DocumentInputs {
  rules: readonly RuleMeta[];
  /** Reads a committed file (relative path): the generated parts are replaced in it, the rest kept. */
  read(path: string): string;
}

/** The positional argument, which the README's Input table lists before the options. */
const PATHS_ROW = '| `[paths..]` | Files, folders or globs, as above. |';

export function documents({ rules, read }: DocumentInputs): GeneratedDocument[] {
  let readme = read('README.md');
  for (const group of OPTION_GROUPS) {
    let table = optionsTable(LINT_OPTIONS, group);
    if (group === 'Input') table = table.replace('|---|---|\n', `|---|---|\n${PATHS_ROW}\n`);
    readme = replaceGenerated(readme, `options-${group.toLowerCase().replaceAll(' ', '-')}`, table);
  }
  const schema = configSchema({ rules, targets: TARGET_IDS, inputFormats: FORMAT_IDS });
  return [
    { path: 'README.md', text: readme },
    { path: 'schema/config.schema.json', text: `${JSON.stringify(schema, null, 2)}\n` },
  ];
}
