// Summarises the runs of check-fixed.sh as a markdown table (stdout).
// usage: node check-fixed.mjs OUT CASES_JSON CASE...
// Reads OUT/runs/<case>/: lint-before.json, fix1.json, lint-after.json, idempotent.txt, export.json, fixed1.jsonl,
// oracle/{claude.rc,requests.jsonl}. The fixes applied are recomputed with the library (the CLI does not list them),
// and the library's output is checked to be the bytes the CLI wrote.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const { fixBytes } = await import(`${repo}dist/src/engine/fix-loop.js`);
const { linter } = await import(`${repo}dist/src/composition.js`);
const { loadBytes } = await import(`${repo}dist/src/loader/read-jsonl.js`);
const { claudeCodeModel } = await import(`${repo}dist/src/formats/claude-code/model.js`);
const { rules } = await import(`${repo}dist/rules/index.js`);

const [out, casesJson, ...names] = process.argv.slice(2);
const cases = new Map(JSON.parse(readFileSync(casesJson, 'utf8')).map((c) => [c.name, c]));
const NO_FIX = new Set(rules.filter((r) => !r.meta.fixable).map((r) => r.meta.id));

const read = (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined);
const json = (p) => {
  const t = read(p);
  try {
    return t === undefined ? undefined : JSON.parse(t);
  } catch {
    return undefined;
  }
};
const diagsOf = (doc) => doc?.results?.[0]?.diagnostics ?? [];
const uniq = (xs) => [...new Set(xs)];
const counted = (xs) => {
  const m = new Map();
  for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1);
  return [...m].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join(', ') || '—';
};

function toolUseIds(messages) {
  const ids = [];
  for (const m of messages ?? []) {
    if (!Array.isArray(m.content)) continue;
    for (const b of m.content) if (b && b.type === 'tool_use' && typeof b.id === 'string') ids.push(b.id);
  }
  return ids;
}

/** The first /v1/messages request Claude Code sent (count_tokens and other calls skipped), and the reject count. */
function oracleOf(dir) {
  const rc = read(`${dir}/claude.rc`)?.trim();
  const lines = (read(`${dir}/requests.jsonl`) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const requests = lines.filter(
    (l) => l.body && Array.isArray(l.body.messages) && !String(l.url).includes('count_tokens'),
  );
  const rejected = lines.filter((l) => l.strict_reject !== undefined);
  return {
    rc,
    requests: requests.length,
    rejected: rejected.length,
    rejects: rejected.map((r) => r.strict_reject),
    first: requests[0]?.body,
  };
}

const rows = [];
const failures = [];
for (const name of names) {
  const c = cases.get(name);
  const w = `${out}/runs/${name}`;
  const before = readFileSync(`${w}/before.jsonl`);
  const beforeDiags = diagsOf(json(`${w}/lint-before.json`));
  const afterDoc = json(`${w}/lint-after.json`);
  const afterDiags = diagsOf(afterDoc);

  // The library run that the CLI made, to list the fixes it applied.
  const lib = fixBytes(linter, `${w}/before.jsonl`, before, { unsafe: true });
  const cliBytes = readFileSync(`${w}/fixed1.jsonl`);
  const sameAsCli = Buffer.compare(Buffer.from(lib.output), cliBytes) === 0;
  const applied = lib.applied.map((f) => f.ruleId);

  const errorsLeft = afterDiags.filter((d) => d.severity === 'error');
  const fixableErrorsLeft = errorsLeft.filter((d) => !NO_FIX.has(d.ruleId));
  const idempotent = read(`${w}/idempotent.txt`)?.trim() === 'yes';

  const fixed = readFileSync(`${w}/${name}.jsonl`);
  const view = claudeCodeModel(loadBytes(`${w}/${name}.jsonl`, fixed)).apiView();
  const inFile = uniq(
    view.merged.flatMap((m) => m.blocks.filter((b) => b.block.type === 'tool_use').map((b) => b.block.id)),
  );
  const ours = uniq(toolUseIds(json(`${w}/export.json`)?.messages));
  // Every tool_use written on the main thread of the fixed file, on the resumed branch or not (forks, truncation).
  const model = claudeCodeModel(loadBytes(`${w}/${name}.jsonl`, fixed));
  const stored = uniq(
    model.entries
      .filter((e) => e.type === 'assistant' && !e.isSidechain && Array.isArray(e.raw.message?.content))
      .flatMap((e) => e.raw.message.content.filter((b) => b?.type === 'tool_use').map((b) => b.id)),
  );
  const oracle = oracleOf(`${w}/oracle`);
  const sentIds = new Set(toolUseIds(oracle.first?.messages));
  const sent = inFile.filter((id) => sentIds.has(id));
  const oursMissing = inFile.filter((id) => !ours.includes(id));
  const extra = [...sentIds].filter((id) => !inFile.includes(id));

  const why = [];
  // A step whose output is not JSON (e.g. dist was being rebuilt while it ran): the row cannot be trusted.
  for (const step of ['lint-before', 'fix1', 'lint-after', 'export']) {
    if (json(`${w}/${step}.json`) === undefined) why.push(`${step} gave no JSON (see ${step}.err)`);
  }
  if (lib.status === 'worse') why.push('fix made it worse (nothing written)');
  if (!sameAsCli) why.push('library and CLI outputs differ');
  if (fixableErrorsLeft.length)
    why.push(`errors left: ${uniq(fixableErrorsLeft.map((d) => `${d.ruleId}@${d.line}`)).join(', ')}`);
  if (!idempotent) why.push('second --fix changed the file');
  if (oracle.rc !== '0') why.push(`oracle rc=${oracle.rc ?? 'none'}`);
  if (oracle.rejected > 0) why.push(`rejected: ${uniq(oracle.rejects).join(' | ')}`);
  if (sent.length < inFile.length)
    why.push(`not sent by Claude Code: ${inFile.filter((id) => !sentIds.has(id)).join(', ')}`);
  if (oursMissing.length) why.push(`dropped by our own repairs: ${oursMissing.join(', ')}`);
  const noFixErrors = uniq(errorsLeft.filter((d) => NO_FIX.has(d.ruleId)).map((d) => d.ruleId));
  const notes = [];
  if (noFixErrors.length) notes.push(`error left: ${noFixErrors.join(', ')} (no fix)`);
  const fixableWarns = uniq(
    afterDiags.filter((d) => d.severity === 'warn' && !NO_FIX.has(d.ruleId)).map((d) => `${d.ruleId}@${d.line}`),
  );
  if (fixableWarns.length) notes.push(`warn left: ${fixableWarns.join(', ')}`);
  const verdict = why.length ? `**FAIL**: ${why.join('; ')}` : `pass${notes.length ? ` (${notes.join('; ')})` : ''}`;
  if (why.length) failures.push(name);

  rows.push(
    [
      `${name}${c?.probe ? ' (probe)' : ''}`,
      counted(beforeDiags.map((d) => `${d.severity === 'error' ? 'E' : 'w'}:${d.ruleId}`)),
      `${counted(applied)}${lib.status !== 'fixed' && lib.status !== 'unchanged' ? ` [${lib.status}]` : ''}`,
      errorsLeft.length ? uniq(errorsLeft.map((d) => `${d.ruleId}@${d.line}`)).join(', ') : '0',
      idempotent ? 'yes' : '**no**',
      `${oracle.rc ?? '?'} / ${oracle.requests} / ${oracle.rejected}`,
      `${sent.length} / ${inFile.length}${stored.some((id) => !inFile.includes(id)) ? ` (${uniq([...stored, ...inFile]).length} stored)` : ''}${extra.length ? ` (+${extra.join(', ')} added by CC)` : ''}`,
      verdict,
    ].map((s) => String(s).replaceAll('|', '\\|')),
  );
}

const head = [
  'class',
  'lint findings before',
  'fixes applied',
  'errors left',
  'idempotent',
  'oracle rc / requests / rejected',
  'tool calls sent / in file',
  'verdict',
];
const lines = [
  '# --fix --unsafe-fixes on the defect classes, checked against Claude Code 2.1.332',
  '',
  `Generated by \`test/oracle/check-fixed.sh\` (runs in \`${out}/runs/<class>/\`). Findings: E = error, w = warn (target claude-code).`,
  '"fixes applied" counts fixes per rule over all passes of the first `--fix --unsafe-fixes`. "errors left" = error',
  'diagnostics after it. "oracle" = `MOCK_STRICT=1 resume.sh` on the fixed file. "tool calls in file" = tool_use ids',
  'in the fixed file\'s compiled request before Claude Code\'s repairs (`apiView().merged`); "sent" = those of them in',
  'Claude Code\'s first request; "(N stored)" = distinct tool_use ids written in the fixed file\'s',
  'main-thread assistant entries, shown when some are not in the compiled request (a branch not resumed, history cut off).',
  '"warn left" in the verdict: warnings of rules that have a fix in rules.md, left after the fix.',
  '',
  `Rules without a fix (their errors do not fail a class): ${[...NO_FIX].join(', ')}.`,
  '',
  `Summary: ${rows.length - failures.length} pass, ${failures.length} fail${failures.length ? ` (${failures.join(', ')})` : ''}.`,
  '',
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---').join('|')}|`,
  ...rows.map((r) => `| ${r.join(' | ')} |`),
  '',
];
process.stdout.write(lines.join('\n'));
