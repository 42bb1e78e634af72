// What check.mjs (one defect class) and ../differential/codex/run.mjs (seeded damage) judge alike: what a Codex run
// did (codexRun), whether our export equals the first request it sent (compareExport), and whether a rollout is valid
// on its own (fileProblems).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CALLS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'tool_search_call']);
export const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output', 'tool_search_output']);

/** What a Codex run did: rc, the first /v1/responses body, a strict rejection, the fatal error, its repair logs. */
export function codexRun(d) {
  if (!existsSync(d)) return undefined;
  const rc = existsSync(path.join(d, 'codex.rc')) ? readFileSync(path.join(d, 'codex.rc'), 'utf8').trim() : 'none';
  let body;
  let rejected;
  if (existsSync(path.join(d, 'requests.jsonl')))
    for (const l of readFileSync(path.join(d, 'requests.jsonl'), 'utf8').split('\n')) {
      if (!l) continue;
      const x = JSON.parse(l);
      if (x.strict_reject && rejected === undefined)
        rejected = x.strict_reject.message ?? JSON.stringify(x.strict_reject);
      else if (x.url === '/v1/responses' && body === undefined) body = x.body;
    }
  // The stand-in wants `output` on every output item, also on tool_search_output, which has none (research NOTES:
  // a false positive of the mock, not a rejection the API makes).
  const m = rejected && /^Invalid type for 'input\[(\d+)\]\.output'/.exec(rejected);
  const falsePositive = !!(m && body?.input?.[Number(m[1])]?.type === 'tool_search_output');
  // The stand-in stops at that first finding: what it would say of the rest of the request (differential seed 302:
  // a duplicate item id after it) is the rejection.
  if (falsePositive) rejected = strictVerdict(withSearchOutputs(body))?.error?.message;
  const err = existsSync(path.join(d, 'codex.err')) ? readFileSync(path.join(d, 'codex.err'), 'utf8') : '';
  const fatal = err.split('\n').find((l) => l.startsWith('Error:'));
  const orphans = (err.match(/Orphan (?:function call|custom tool call) output for call id/g) ?? []).length;
  const skipped = (err.match(/skipping (?:unknown|malformed) rollout line/g) ?? []).length;
  return {
    rc,
    body,
    rejected,
    falsePositive,
    fatal: fatal?.replace(/\/tmp\/codex-home\/\S+/g, '<path>'),
    orphans,
    skipped,
  };
}

/** The stand-in's strict check (../shared/oracle/codex/strict.mjs), when it is installed. */
const strictFile = path.resolve(import.meta.dirname, '../../../../shared/oracle/codex/strict.mjs');
const strictVerdict = existsSync(strictFile) ? (await import(strictFile)).validate : () => null;

/** The request with an empty `output` on each tool_search_output that has none (the stand-in's false positive). */
function withSearchOutputs(body) {
  const copy = structuredClone(body);
  for (const item of copy.input ?? [])
    if (item?.type === 'tool_search_output' && item.output === undefined) item.output = '';
  return copy;
}

export const strip = (v) => JSON.parse(JSON.stringify(v));
export const sortKeys = (v) =>
  Array.isArray(v)
    ? v.map(sortKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortKeys(v[k])]),
        )
      : v;
export const same = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

/** Our export against what Codex sent: every item of ours equal to Codex's at its index (input[0]'s id masked). */
export function compareExport(exp, run) {
  if (!exp) return { equal: false, why: 'no export' };
  if (!run?.body)
    return exp.fatal
      ? { equal: true, why: 'both stop before any request' }
      : { equal: false, why: 'Codex sent nothing' };
  if (exp.fatal) return { equal: false, why: `we say resume fails (${exp.fatal}), Codex sent a request` };
  // Without base instructions in the file, Codex sends the model's default ones as input[0]: ours start after it.
  const sent = exp.defaultInstructions ? run.body.input.slice(1) : run.body.input;
  for (const [i, item] of exp.input.entries()) {
    const theirs = i === 0 && !exp.defaultInstructions ? { ...sent[i], id: undefined } : sent[i];
    if (!same(strip(item), strip(theirs)))
      return {
        equal: false,
        why: `input[${i}] differs: ours ${JSON.stringify(item).slice(0, 160)} / Codex ${JSON.stringify(sent[i]).slice(0, 160)}`,
      };
  }
  return {
    equal: true,
    why: `${exp.input.length} items equal${exp.defaultInstructions ? ' (after the default instructions)' : ''}; Codex then sent ${sent.length - exp.input.length} more (context, the new prompt)`,
  };
}

/** The records of a file, parsed where they parse. */
export function records(file) {
  if (!existsSync(file)) return { lines: [], data: Buffer.alloc(0) };
  const data = readFileSync(file);
  const text = data.toString('utf8');
  // Blank lines are nothing to Codex (it skips them).
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return {
    data,
    lines: lines.map((l) => {
      try {
        const v = JSON.parse(l.replace(/^\ufeff/, ''));
        return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
      } catch {
        return null;
      }
    }),
  };
}

/** The fixed file on its own: one session_meta first, consecutive ordinals, every call answered after it, no copies. */
export function fileProblems(file) {
  const { data, lines } = records(file);
  const problems = [];
  if (data[0] === 0xef) problems.push('BOM');
  for (const [i, r] of lines.entries()) if (r === null) problems.push(`line ${i + 1} does not parse`);
  // A line a fix kept, in a record Codex skips, carries no ordinal (transcript_lint_kept_line: Codex numbers nothing
  // after it): not a record of the sequence.
  const recs = lines.filter((r) => r && r.type !== 'transcript_lint_kept_line');
  const legacy = recs[0] && recs[0].type === undefined && typeof recs[0].id === 'string';
  if (!legacy) {
    if (recs[0]?.type !== 'session_meta') problems.push('the first record is not session_meta');
    if (recs.filter((r) => r.type === 'session_meta').length > 1) problems.push('more than one session_meta');
    if (recs[0]?.payload?.history_mode === 'paginated') {
      const ords = recs.map((r) => r.ordinal);
      if (ords.some((o) => !Number.isInteger(o))) problems.push('a record without an integer ordinal');
      else if (ords.some((o, i) => i > 0 && o !== ords[i - 1] + 1)) problems.push('ordinals not consecutive');
    }
  }
  let items = [];
  for (const r of recs) {
    if (legacy) {
      if (r.type) items.push(r);
    } else if (r.type === 'compacted') {
      // The compacted record replaces the history before it (one without replacement_history keeps only prompts).
      items = Array.isArray(r.payload?.replacement_history) ? [...r.payload.replacement_history] : [];
    } else if (r.type === 'response_item' && r.payload) items.push(r.payload);
  }
  const calls = new Map();
  const ids = new Set();
  for (const it of items) {
    if (typeof it.id === 'string' && it.id !== '') {
      if (ids.has(it.id)) problems.push(`item id ${it.id} twice`);
      ids.add(it.id);
    }
    if (CALLS.has(it.type)) {
      if (calls.has(it.call_id)) problems.push(`call_id ${it.call_id} on two calls`);
      calls.set(it.call_id, false);
    } else if (OUTPUTS.has(it.type)) {
      if (!calls.has(it.call_id)) problems.push(`output ${it.call_id} without an earlier call`);
      else calls.set(it.call_id, true);
    }
  }
  for (const [id, answered] of calls) if (!answered) problems.push(`call ${id} without output`);
  return { problems, items };
}

/** Call ids of the calls a file holds (in any record that parses, compacted histories included). */
export function callIdsOf(file) {
  const ids = new Set();
  const add = (p) => p && CALLS.has(p.type) && typeof p.call_id === 'string' && ids.add(p.call_id);
  for (const r of records(file).lines) {
    if (!r) continue;
    add(r.payload ?? r);
    for (const x of r.payload?.replacement_history ?? []) add(x);
  }
  return ids;
}
