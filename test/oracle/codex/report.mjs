// The table of run.sh: one row per defect class (research/codex/defects), then the clean recordings. For each: what
// Codex 0.169.0 did on resume (the research's kind, and what our own runs measured), what we report, the fix, whether
// the real Codex resumed the fixed file against the strict stand-in clean, and whether export equals what Codex sent.
// usage: node report.mjs OUT  (reads OUT/runs/*/verdict.json; the research's TABLE.md for each class's kind)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const out = process.argv[2];
const research = process.env.RESEARCH ?? path.resolve(import.meta.dirname, '../../../../research/codex');
const kinds = new Map();
if (existsSync(path.join(research, 'TABLE.md')))
  for (const line of readFileSync(path.join(research, 'TABLE.md'), 'utf8').split('\n')) {
    const m = /^\| (.*?) \(`([a-z0-9_]+)`\) \| \*\*(\w+)\*\*/.exec(line);
    if (m) kinds.set(m[2], { class: m[1], kind: m[3] });
  }
const KIND = {
  F: 'fails',
  B: 'rejected',
  G: 'rejected by the real API',
  L: 'loses history',
  R: 'repairs in the request',
  ok: 'fine',
};
const cut = (s, n = 110) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : (s ?? ''));
const esc = (s) => String(s).replaceAll('|', '\\|').replaceAll('\n', ' ');

const runs = [];
const walk = (dir, prefix = '') => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const v = path.join(dir, e.name, 'verdict.json');
    if (existsSync(v)) runs.push({ id: prefix + e.name, v: JSON.parse(readFileSync(v, 'utf8')) });
    else if (e.name === 'recordings') walk(path.join(dir, e.name), 'recordings/');
  }
};
walk(path.join(out, 'runs'));
runs.sort((a, b) => a.id.localeCompare(b.id));

function codexCell(id, v) {
  const k = kinds.get(id);
  const b = v.codex.broken ?? {};
  const s = v.codex.strict ?? {};
  const parts = [];
  if (k) parts.push(`**${k.kind}** ${KIND[k.kind] ?? ''}`);
  parts.push(`rc ${b.rc}/${s.rc}`);
  if (b.fatal) parts.push(`"${cut(b.fatal.replace(/^Error: thread\/resume: /, ''), 120)}"`);
  if (s.rejected) parts.push(`strict 400: "${cut(s.rejected, 100)}"`);
  if (b.abortedAdded > 0) parts.push(`adds ${b.abortedAdded} "aborted" output(s)`);
  if (b.orphansDropped > 0) parts.push(`drops ${b.orphansDropped} orphan output(s)`);
  if (b.skipped > 0) parts.push(`skips ${b.skipped} line(s)`);
  return parts.join('; ');
}

function reportedCell(v) {
  const seen = new Map();
  for (const d of v.reported) {
    const key = `${d.rule.replace(/^codex\//, '')}/${d.id} (${d.severity})`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(', ') || 'nothing';
}

function fixCell(v) {
  const fixes = new Set(v.reported.filter((d) => d.fix).map((d) => `${d.fix.applicability}: ${d.fix.description}`));
  return [...fixes].map((f) => cut(f, 90)).join('; ') || 'none';
}

function fixedCell(v) {
  const r = v.fixedRun ?? {};
  const why = [];
  if (r.rc !== '0' && !r.standInFalsePositive) why.push(`rc ${r.rc}${r.fatal ? `: ${cut(r.fatal, 80)}` : ''}`);
  if (r.rejected) why.push(`rejected: ${cut(r.rejected, 80)}`);
  if (v.lostCalls.length > 0) why.push(`calls not sent: ${v.lostCalls.join(', ')}`);
  if (v.removedCalls?.length > 0) why.push(`calls gone from the file: ${v.removedCalls.join(', ')}`);
  if (r.abortedByCodex > 0) why.push(`Codex still adds ${r.abortedByCodex} "aborted"`);
  if (r.orphansDropped > 0) why.push(`Codex still drops ${r.orphansDropped} orphan(s)`);
  for (const p of v.fixedFileProblems) why.push(p);
  const state =
    (v.changed ? '' : ' (file unchanged)') +
    (r.standInFalsePositive ? ' (the stand-in’s false positive on tool_search_output discounted)' : '');
  return v.resumesClean ? `yes${state}` : `**no**${state}: ${cut(why.join('; '), 160)}`;
}

const exportCell = (v) => `${v.exportBroken.equal ? 'yes' : '**no**'} / ${v.exportFixed.equal ? 'yes' : '**no**'}`;

const defects = runs.filter((r) => !r.id.startsWith('recordings/') && r.id !== 'fresh' && !r.id.startsWith('probe_'));
const probes = runs.filter((r) => r.id.startsWith('probe_'));
const recordings = runs.filter((r) => r.id.startsWith('recordings/') || r.id === 'fresh');
const lines = [];
lines.push('# codex-rollout against the real Codex CLI 0.169.0');
lines.push('');
lines.push(
  'Made by `test/oracle/codex/run.sh` (Codex resumed offline against `shared/oracle/codex`, plain and `MOCK_STRICT=1`). ' +
    'Kinds (from research/codex/TABLE.md): **F** resume fails before any request, **B** a request the strict stand-in rejects, ' +
    '**G** one the real API rejects (the stand-in does not check it), **L** history silently lost, **R** repaired in the request only, **ok** fine. ' +
    '"rc" is normal/strict. "Fixed file resumed clean": `--fix --unsafe-fixes`, then the real Codex against the strict stand-in: rc 0, nothing rejected, ' +
    'every call of the file sent, nothing Codex still repairs, and the file valid on its own (one session_meta first, consecutive ordinals, ' +
    'every call answered after it, no item twice). "export = Codex": `transcript-lint export` equals the first request Codex sent, for the broken / the fixed file.',
);
const table = (rows) => {
  lines.push('');
  lines.push('| defect class (case) | Codex on resume | we report | fix | fixed file resumed clean | export = Codex |');
  lines.push('|---|---|---|---|---|---|');
  for (const { id, v } of rows)
    lines.push(
      `| ${esc(kinds.get(id)?.class ?? v.meta?.class ?? id)} (\`${id}\`) | ${esc(codexCell(id, v))} | ${esc(reportedCell(v))} | ${esc(fixCell(v))} | ${esc(fixedCell(v))} | ${exportCell(v)} |`,
    );
};
const count = (rows, f) => rows.filter(({ v }) => f(v)).length;
lines.push('');
lines.push(
  `Defect classes: ${defects.length}; fixed file resumed clean: ${count(defects, (v) => v.resumesClean)}; ` +
    `export = Codex for the broken file: ${count(defects, (v) => v.exportBroken.equal)}, for the fixed file: ${count(defects, (v) => v.exportFixed.equal)}.`,
);
table(defects);
lines.push('');
lines.push('## Probes (single-field mutations that make the decoder name its rules)');
table(probes);
lines.push('');
lines.push('## Clean recordings');
lines.push('');
lines.push('| recording | we report | export = Codex (resumed as recorded) | resumed clean after --fix |');
lines.push('|---|---|---|---|');
for (const { id, v } of recordings)
  lines.push(
    `| \`${id}\` | ${esc(reportedCell(v))} | ${v.exportBroken.equal ? 'yes' : `**no**: ${esc(cut(v.exportBroken.why, 120))}`} | ${esc(fixedCell(v))} |`,
  );
lines.push('');
console.log(lines.join('\n'));
