// usage: node ours.mjs FILE  -> {"messages":[...], "lint":{errors:[..], warnings:[..]} | {"crash":...}}
import { readFileSync } from 'node:fs';
const repo = new URL('../../../', import.meta.url).pathname;
const { loadBytes } = await import(repo + 'dist/src/loader/read-jsonl.js');
const { claudeCodeModel } = await import(repo + 'dist/src/formats/claude-code/model.js');
const { exportMessages } = await import(repo + 'dist/src/model/export.js');
const f = process.argv[2];
const bytes = readFileSync(f);
const out = {};
try {
  const m = claudeCodeModel(loadBytes(f, bytes));
  out.messages = exportMessages(m.apiView().messages).messages;
  const ch = m.chain();
  out.chain = {
    leafLine: ch.leaf?.line,
    leafSource: ch.leafSource,
    rootReason: ch.rootReason,
    bridged: ch.bridged.map((e) => e.line),
    truncatedAt: ch.truncatedAt?.line,
  };
  out.repairs = m.apiView().repairs.map((r) => `${r.pass}@${r.origin.line}`);
} catch (e) {
  out.crash = String(e?.stack ?? e);
}
try {
  // every rule file built into dist/rules, registered in rules/index.ts or not (other helpers add them in parallel)
  const { readdirSync } = await import('node:fs');
  const rules = [];
  for (const r of readdirSync(repo + 'dist/rules').filter((x) => x.endsWith('.js') && x !== 'index.js')) {
    try {
      const m = await import(repo + 'dist/rules/' + r);
      if (m.default?.meta?.id) rules.push(m.default);
    } catch {}
  }
  const { lintBytes } = await import(repo + 'dist/src/engine/lint.js');
  const { result } = lintBytes(f, bytes, { rules });
  out.lint = result.diagnostics.map((d) => `${d.severity}:${d.ruleId}@${d.line}`);
} catch (e) {
  out.lintCrash = String(e?.message ?? e).slice(0, 300);
}
// large content (base64 images) is elided to keep the output small
process.stdout.write(
  JSON.stringify(out, (_k, v) => (typeof v === 'string' && v.length > 2000 ? v.slice(0, 200) + `…[${v.length}]` : v)),
);
