// Judges one case of run.sh: what Codex did with the broken file, what we reported and fixed, whether the real Codex
// resumed the fixed file against the strict stand-in with nothing rejected and every call kept, whether the fixed
// file is valid on its own, and whether `transcript-lint export` equals the first request Codex sent (for the broken
// and for the fixed file; input[0]'s id is masked: Codex derives it in a way not reproduced).
// usage: node check.mjs RUN_DIR   -> writes RUN_DIR/verdict.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { callIdsOf, CALLS, codexRun as runIn, compareExport, fileProblems, OUTPUTS } from './judge.mjs';

const w = process.argv[2];
const name = readFileSync(path.join(w, 'name'), 'utf8').trim();
const readJson = (f) => {
  try {
    return JSON.parse(readFileSync(path.join(w, f), 'utf8'));
  } catch {
    return undefined;
  }
};
const codexRun = (dir) => runIn(path.join(w, dir));

const lint = readJson('lint.json')?.results?.[0];
const lintFixed = readJson('lint-fixed.json')?.results?.[0];
const broken = codexRun('codex-broken');
const brokenStrict = codexRun('codex-broken-strict');
const fixedStrict = codexRun('codex-fixed-strict');
const brokenFile = path.join(w, 'broken', name);
const fixedFile = path.join(w, 'fixed', name);
const callsOf = (run) => new Set((run?.body?.input ?? []).filter((x) => CALLS.has(x.type)).map((x) => x.call_id));
const sentCalls = callsOf(fixedStrict);
const fixed = fileProblems(fixedFile);
// A call is kept when Codex sends it for the fixed file: every call of the fixed file's history (what the last
// compaction left); and no call of the broken file is gone from the fixed file (a shortened or renamed call_id counts
// as the same call).
const renamed = (c, ids) => ids.has(c) || [...ids].some((s) => s.startsWith(`${c.slice(0, 55)}_`));
const expected = new Set(fixed.items.filter((x) => CALLS.has(x.type)).map((x) => x.call_id));
const lostCalls = [...expected].filter((c) => !renamed(c, sentCalls));
const fixedFileCalls = callIdsOf(fixedFile);
const removedCalls = [...callIdsOf(brokenFile)].filter((c) => !renamed(c, fixedFileCalls));
const sentAborted = (run) =>
  (run?.body?.input ?? []).filter((x) => OUTPUTS.has(x.type) && x.output === 'aborted').length;
const storedAborted = (items) => items.filter((x) => OUTPUTS.has(x.type) && x.output === 'aborted').length;
const fixedFileAborted = storedAborted(fixed.items);
const brokenFileAborted = storedAborted(fileProblems(brokenFile).items);
const changed = !readFileSync(brokenFile).equals(readFileSync(fixedFile));
const verdict = {
  name,
  meta: readJson('meta.json'),
  codex: {
    broken: broken && {
      rc: broken.rc,
      sent: !!broken.body,
      fatal: broken.fatal,
      orphansDropped: broken.orphans,
      abortedAdded: sentAborted(broken) - brokenFileAborted,
      skipped: broken.skipped,
    },
    strict: brokenStrict && { rc: brokenStrict.rc, rejected: brokenStrict.rejected },
  },
  reported: (lint?.diagnostics ?? []).map((d) => ({
    rule: d.ruleId,
    id: d.messageId,
    severity: d.severity,
    line: d.line,
    fix: d.fix,
  })),
  changed,
  idempotent: existsSync(path.join(w, 'idempotent'))
    ? readFileSync(path.join(w, 'idempotent'), 'utf8').trim() === 'same'
    : undefined,
  left: (lintFixed?.diagnostics ?? []).map((d) => `${d.severity} ${d.ruleId}/${d.messageId} (line ${d.line})`),
  fixedRun: fixedStrict && {
    rc: fixedStrict.rc,
    rejected: fixedStrict.rejected,
    standInFalsePositive: fixedStrict.falsePositive || undefined,
    fatal: fixedStrict.fatal,
    orphansDropped: fixedStrict.orphans,
    abortedByCodex: sentAborted(fixedStrict) - fixedFileAborted,
  },
  fixedFileProblems: fixed.problems,
  lostCalls,
  removedCalls,
  exportBroken: compareExport(readJson('export-broken.json'), broken),
  exportFixed: compareExport(readJson('export-fixed.json'), fixedStrict),
};
const clean =
  fixedStrict !== undefined &&
  (fixedStrict.rc === '0' || fixedStrict.falsePositive) &&
  !fixedStrict.rejected &&
  lostCalls.length === 0 &&
  removedCalls.length === 0 &&
  fixed.problems.length === 0 &&
  verdict.fixedRun.abortedByCodex <= 0 &&
  fixedStrict.orphans === 0;
verdict.resumesClean = clean;
verdict.summary = `fixed resumes clean: ${clean ? 'yes' : 'no'}; export=Codex: broken ${verdict.exportBroken.equal ? 'yes' : 'no'}, fixed ${verdict.exportFixed.equal ? 'yes' : 'no'}`;
writeFileSync(path.join(w, 'verdict.json'), `${JSON.stringify(verdict, null, 1)}\n`);
console.log(verdict.summary);
