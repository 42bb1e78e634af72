// `transcript-lint rules` lists the rules; `transcript-lint explain <rule>` prints one rule's page from docs/rules/.
// The tool documents itself, like ruff's `rule` command.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { rules as registry } from '../../rules/index.js';
import { didYouMean } from '../engine/config-core.js';
import { INPUT_FORMATS } from '../engine/lint.js';
import { appliesToInput, docsUrl, type RuleMeta, severityFor, TARGETS } from '../sdk/rule-api.js';
import type { Command } from './args.js';
import { type CliIO, warn } from './io.js';
import { packageRoot } from './package-root.js';

export const RULES_JSON_VERSION = 1;

export function runRules(cmd: Extract<Command, { kind: 'rules' }>, io: CliIO, rules = registry.map((r) => r.meta)): number {
  io.stdout.write(cmd.format === 'json' ? rulesJson(rules) : rulesTable(rules));
  return 0;
}

export function rulesJson(metas: readonly RuleMeta[]): string {
  return `${JSON.stringify(
    {
      version: RULES_JSON_VERSION,
      rules: metas.map((m) => ({
        id: m.id,
        description: m.description,
        type: m.type,
        view: m.view,
        fixable: m.fixable ?? null,
        severity: Object.fromEntries(TARGETS.map((t) => [t, severityFor(m, t)])),
        inputs: INPUT_FORMATS.filter((f) => appliesToInput(m, f)),
        docsUrl: docsUrl(m.id),
      })),
    },
    null,
    2,
  )}\n`;
}

/** One aligned row per rule: id, fix, severity per target, description. */
export function rulesTable(metas: readonly RuleMeta[]): string {
  const header = ['rule', 'fix', ...TARGETS, 'description'];
  const rows = metas.map((m) => [m.id, m.fixable ?? '-', ...TARGETS.map((t) => severityFor(m, t)), m.description]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return `${[header, ...rows].map(line).join('\n')}\n\n${metas.length} rules. \`transcript-lint explain <rule>\` prints one rule's documentation.\n`;
}

export async function runExplain(cmd: Extract<Command, { kind: 'explain' }>, io: CliIO): Promise<number> {
  const ids = registry.map((r) => r.meta.id);
  if (!ids.includes(cmd.rule)) {
    const guess = didYouMean(cmd.rule, ids);
    warn(io, `unknown rule "${cmd.rule}"${guess ? `; did you mean "${guess}"?` : ''} ('transcript-lint rules' lists them all)`);
    return 2;
  }
  const root = packageRoot();
  const file = root && path.join(root, 'docs', 'rules', `${cmd.rule}.md`);
  let text: string;
  try {
    if (!file) throw new Error('package root not found');
    text = await readFile(file, 'utf8');
  } catch {
    warn(io, `the documentation of ${cmd.rule} is not installed; read it at ${docsUrl(cmd.rule)}`);
    return 2;
  }
  io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
