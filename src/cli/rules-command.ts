// `transcript-lint rules` lists the rules; `transcript-lint explain <rule>` prints one rule's page from docs/rules/.
// The tool documents itself, like ruff's `rule` command.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { didYouMean } from '../engine/did-you-mean.js';
import type { Linter } from '../engine/lint.js';
import { appliesTo } from '../engine/run-rules.js';
import { docsUrl, type RuleMeta, severityFor } from '../sdk/rule-api.js';
import type { Command } from './args.js';
import { type CliIO, warn } from './io.js';
import { packageRoot } from './package-root.js';

export const RULES_JSON_VERSION = 1;

export function runRules(cmd: Extract<Command, { kind: 'rules' }>, io: CliIO, { linter }: { linter: Linter }): number {
  const metas = linter.rules.map((r) => r.meta);
  io.stdout.write(cmd.format === 'json' ? rulesJson(metas, linter) : rulesTable(metas, linter));
  return 0;
}

/** The ids of the targets the formats list, in order. */
const targetIds = (linter: Linter): string[] => linter.targets.map((t) => t.id);

export function rulesJson(metas: readonly RuleMeta[], linter: Linter): string {
  return `${JSON.stringify(
    {
      version: RULES_JSON_VERSION,
      rules: metas.map((m) => ({
        id: m.id,
        description: m.description,
        type: m.type,
        view: m.view,
        fixable: m.fixable ?? null,
        severity: Object.fromEntries(targetIds(linter).map((t) => [t, severityFor(m, t, linter.targets)])),
        // Where the level depends on the case (the table's error/warn): the levels, and the documentation's words.
        severityByCase: Object.fromEntries(
          targetIds(linter).flatMap((t) => {
            const levels = caseLevels(m, t, linter);
            return levels ? [[t, { levels, text: m.docs.severity![t] }]] : [];
          }),
        ),
        inputs: linter.formats.filter((f) => appliesTo(m, f)).map((f) => f.id),
        docsUrl: docsUrl(m.id),
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * The rules grouped by the files they judge (a format's rules share their id's prefix: `codex/`, `batch/`), one
 * aligned table per group: id, fix, the severity for each target that group's rules use, description.
 */
export function rulesTable(metas: readonly RuleMeta[], linter: Linter): string {
  const sections = groupByPrefix(metas).map((group) => {
    const formats = linter.formats.filter((f) => group.some((m) => appliesTo(m, f)));
    const targets = targetIds(linter).filter((t) => group.some((m) => severityFor(m, t, linter.targets) !== 'off'));
    const title = `${formats.map((f) => f.title).join(', ') || 'files of no supported format'}:`;
    const header = ['rule', 'fix', ...targets, 'description'];
    const rows = group.map((m) => [
      m.id,
      m.fixable ?? '-',
      ...targets.map((t) => shownSeverity(m, t, linter)),
      m.description,
    ]);
    return `${title}\n${alignRows([header, ...rows])}`;
  });
  return `${sections.join('\n\n')}\n\n${metas.length} rules. A severity such as error/warn depends on the case (an error where the request fails, a warning otherwise). \`transcript-lint explain <rule>\` prints one rule's documentation.\n`;
}

/** The severity for a target; one that splits by case ("error (sent in one message) / warn") as error/warn. */
function shownSeverity(m: RuleMeta, target: string, linter: Linter): string {
  return caseLevels(m, target, linter)?.join('/') ?? severityFor(m, target, linter.targets);
}

/** The levels a rule reports at for a target when they depend on the case (its documentation names two), in order. */
function caseLevels(m: RuleMeta, target: string, linter: Linter): string[] | undefined {
  const split = m.docs.severity?.[target];
  if (severityFor(m, target, linter.targets) === 'off' || split === undefined) return undefined;
  const words = [...new Set(split.match(/\b(error|warn)\b/g) ?? [])];
  return words.length > 1 ? words : undefined;
}

/** Rules grouped by their id's prefix (none for the Claude Code and Messages API rules), in registry order. */
function groupByPrefix(metas: readonly RuleMeta[]): RuleMeta[][] {
  const groups = new Map<string, RuleMeta[]>();
  for (const m of metas) {
    const prefix = m.id.includes('/') ? m.id.slice(0, m.id.indexOf('/')) : '';
    groups.set(prefix, [...(groups.get(prefix) ?? []), m]);
  }
  return [...groups.values()];
}

/** Rows as lines, each column padded to its widest cell (the last column is not). */
function alignRows(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((cells) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function runExplain(
  cmd: Extract<Command, { kind: 'explain' }>,
  io: CliIO,
  { linter }: { linter: Linter },
): Promise<number> {
  const ids = linter.rules.map((r) => r.meta.id);
  if (!ids.includes(cmd.rule)) {
    const guess = didYouMean(cmd.rule, ids);
    warn(
      io,
      `unknown rule "${cmd.rule}"${guess ? `; did you mean "${guess}"?` : ''} ('transcript-lint rules' lists them all)`,
    );
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
  // The page's generator markers are for the docs build, not for a reader.
  const shown = text.replace(/^<!-- \/?generated:[\w-]+ -->\n/gm, '');
  io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
  return 0;
}
