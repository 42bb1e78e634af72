// `transcript-lint rules` lists the rules; `transcript-lint explain <rule>` prints one rule's page from docs/rules/.
// The tool documents itself, like ruff's `rule` command (rendered for reading on a terminal: markdown-view.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { didYouMean } from '../engine/did-you-mean.js';
import type { Linter } from '../engine/lint.js';
import { appliesTo } from '../engine/run-rules.js';
import { docsUrl, type RuleMeta, severityFor, type Target } from '../sdk/rule-api.js';
import type { Command } from './args.js';
import { wrapText } from '../formatters/wrap-text.js';
import { useColor } from './colors.js';
import { type CliIO, terminalWidth, warn } from './io.js';
import { renderMarkdown } from './markdown-view.js';
import { packageRoot } from './package-root.js';

export const RULES_JSON_VERSION = 1;

export function runRules(cmd: Extract<Command, { kind: 'rules' }>, io: CliIO, { linter }: { linter: Linter }): number {
  const metas = linter.rules.map((r) => r.meta);
  // The table fits a terminal; piped, each rule stays one row, however long, for grep.
  const width = io.stdoutIsTTY ? terminalWidth(io) : undefined;
  io.stdout.write(
    cmd.format === 'json' ? rulesJson(metas, linter) : rulesTable(metas, linter, { target: cmd.target, width }),
  );
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

/** How the table is laid out: for one target only, and to fit a terminal this wide (undefined: no limit). */
export interface TableOptions {
  target?: Target;
  width?: number;
}

/**
 * The rules grouped by the files they judge (a format's rules share their id's prefix: `codex/`, `batch/`), one
 * aligned table per group: id, fix, the severity for each target that group's rules use, description. With `target`,
 * only the rules on for it, and its severity column alone. When the table is wider than `width`, the description
 * wraps under its column while that leaves it MIN_DESCRIPTION columns; otherwise each rule gets lines of its own.
 */
export function rulesTable(metas: readonly RuleMeta[], linter: Linter, options: TableOptions = {}): string {
  const width = options.width ?? Infinity;
  const wrap = (text: string) => wrapText(text, width, '').join('\n');
  const target = options.target;
  const shown = target === undefined ? metas : metas.filter((m) => severityFor(m, target, linter.targets) !== 'off');
  const sections = groupByPrefix(shown).map((group) => {
    const formats = linter.formats.filter((f) => group.some((m) => appliesTo(m, f)));
    const targets =
      target !== undefined
        ? [target]
        : targetIds(linter).filter((t) => group.some((m) => severityFor(m, t, linter.targets) !== 'off'));
    const title = wrap(`${formats.map((f) => f.title).join(', ') || 'files of no supported format'}:`);
    const header = ['rule', 'fix', ...targets, 'description'];
    const rows = group.map((m) => [
      m.id,
      m.fixable ?? '-',
      ...targets.map((t) => shownSeverity(m, t, linter)),
      m.description,
    ]);
    const table = [header, ...rows];
    const widths = columnWidths(table);
    const descriptionAt = widths.slice(0, -1).reduce((n, w) => n + w + 2, 0);
    const fits = descriptionAt + widths.at(-1)! <= width;
    if (fits || descriptionAt + MIN_DESCRIPTION <= width) return `${title}\n${alignRows(table, width)}`;
    return `${title}\n${group.map((m) => ruleLines(m, targets, linter, width)).join('\n')}`;
  });
  const off = metas.length - shown.length;
  const footer = [
    `${metas.length} rules${off > 0 ? `; the ${off} that are off for ${target} are not shown` : ''}.`,
    'A severity such as error/warn depends on the case (an error where the request fails, a warning otherwise).',
    "`transcript-lint explain <rule>` prints one rule's documentation.",
  ].join(' ');
  return `${sections.join('\n\n')}\n\n${wrap(footer)}\n`;
}

/** The narrowest description column the table wraps into before it gives each rule lines of its own. */
const MIN_DESCRIPTION = 30;

/**
 * One rule in lines of its own, for a terminal too narrow for the table: the id and its fix, then under it the
 * description and the targets by severity (`error: api, bedrock; warn/error: claude-code`), wrapped to `width`.
 */
function ruleLines(m: RuleMeta, targets: readonly string[], linter: Linter, width: number): string {
  const indent = '    ';
  const bySeverity = new Map<string, string[]>();
  for (const t of targets) {
    const level = shownSeverity(m, t, linter);
    if (level !== 'off') bySeverity.set(level, [...(bySeverity.get(level) ?? []), t]);
  }
  const levels =
    bySeverity.size === 0
      ? `off for ${targets.join(', ')}`
      : [...bySeverity].map(([level, ts]) => `${level}: ${ts.join(', ')}`).join('; ');
  const under = (text: string) => indent + wrapText(text, width, indent).join('\n');
  return [`  ${m.id}${m.fixable ? `  fix: ${m.fixable}` : ''}`, under(m.description), under(levels)].join('\n');
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

/** Each column's width: its widest cell. */
function columnWidths(rows: readonly string[][]): number[] {
  return rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
}

/**
 * Rows as lines, each column padded to its widest cell (the last column is not); a last cell that would pass `width`
 * wraps under its column.
 */
function alignRows(rows: readonly string[][], width = Infinity): string {
  const widths = columnWidths(rows);
  const hang = ' '.repeat(widths.slice(0, -1).reduce((n, w) => n + w + 2, 0));
  return rows
    .map((cells) => {
      const lead = cells.slice(0, -1).map((c, i) => `${c.padEnd(widths[i]!)}  `);
      return `${lead.join('')}${wrapText(cells.at(-1)!, width, hang).join('\n')}`.trimEnd();
    })
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
  const page = text.replace(/^<!-- \/?generated:[\w-]+ -->\n/gm, '');
  // On a terminal, rendered for reading; piped, the Markdown as it is.
  const shown = io.stdoutIsTTY
    ? renderMarkdown(page, {
        width: Math.min(terminalWidth(io) ?? 80, 100),
        color: useColor({ env: io.env, isTTY: true }),
      })
    : page;
  io.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
  return 0;
}
