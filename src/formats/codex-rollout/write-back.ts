// Writing fixes back into a rollout. The edits apply as on any JSONL file (untouched lines byte for byte), with two
// things a rollout needs on top, since Codex repairs nothing in the file and a fixed one must be valid on its own:
// - Ordinals stay consecutive. When a fix inserts or removes a record, every record after the first such change gets
//   previous + 1 (only the `ordinal` value changes), which keeps both resume and Codex's
//   SQLite projection free of warnings; the file's last record always ends up with one.
// - A byte order mark is part of the first line to Codex (it breaks the session_meta), so a fix that rewrites line 1
//   as text writes it without the mark.
import { type ApplyResult, applyFixes, applyResult, planFixes, render } from '../../fixer/apply.js';
import type { Edit, Fix } from '../../fixer/edits.js';
import { inMemory } from '../../loader/bytes.js';
import { loadBytes, type SourceFile } from '../../loader/read-jsonl.js';
import { isKeptLine } from './kept-line.js';
import type { CodexModel } from './model.js';

type Obj = Record<string, unknown>;

export function writeBackCodex(model: CodexModel, fixes: readonly Fix[]): ApplyResult {
  const plan = planFixes(model.file, fixes);
  const dropsBom =
    model.file.bom && plan.edits.some((e) => e.kind === 'replaceText' && e.line === 1 && !e.text.startsWith('\ufeff'));
  const file: SourceFile = dropsBom ? { ...model.file, bom: false } : model.file;
  let pieces = render(file, plan.edits, plan.rewritten);
  const from = firstMovedLine(plan.edits);
  if (from !== undefined && model.ordinals && model.generation === 'current') {
    const fixed = loadBytes(model.file.path, pieces);
    const edits = renumberFrom(fixed, from);
    if (edits.length > 0)
      pieces = inMemory(
        applyFixes(fixed, [{ ruleId: 'codex/ordinal-sequence', applicability: 'safe', description: 'renumber', edits }])
          .pieces,
      ) as Uint8Array[];
  }
  return applyResult(pieces, plan.applied, plan.deferred, plan.failed);
}

/**
 * The first line (in the fixed file's numbering) whose position the edits change, if any do. A kept line inserted
 * takes no ordinal, so it moves nothing in the sequence.
 */
function firstMovedLine(edits: readonly Edit[]): number | undefined {
  let first: number | undefined;
  for (const e of edits) {
    const at = e.kind === 'delete' ? e.line : e.kind === 'insertAfter' && !isKeptLine(e.value) ? e.line + 1 : undefined;
    if (at !== undefined && (first === undefined || at < first)) first = at;
  }
  return first;
}

/**
 * A line numbered in the sequence: a record of any type (one Codex skips keeps its place for the next version), but a
 * kept line, which Codex numbers nothing after (kept-line.ts).
 */
const isRecord = (v: Obj | undefined): v is Obj => v !== undefined && typeof v.type === 'string' && !isKeptLine(v);
const ordinalOf = (v: Obj): number | undefined =>
  typeof v.ordinal === 'number' && Number.isSafeInteger(v.ordinal) && v.ordinal >= 0 ? v.ordinal : undefined;

/**
 * Edits that give every record from line `from` on the ordinal after the one before it. A line `skip` names (a copy a
 * fix removes) neither gets a number nor counts for the next.
 */
export function renumberFrom(file: SourceFile, from: number, skip?: (line: number) => boolean): Edit[] {
  let previous = -1;
  for (const line of file.lines) {
    if (line.lineNo >= from) break;
    const o = isRecord(line.json) && !skip?.(line.lineNo) ? ordinalOf(line.json) : undefined;
    if (o !== undefined) previous = o;
  }
  const edits: Edit[] = [];
  for (const line of file.lines) {
    if (line.lineNo < from || !isRecord(line.json) || skip?.(line.lineNo)) continue;
    const want = ++previous;
    if (line.json.ordinal === want) continue;
    edits.push(ordinalEdit(line.lineNo, line.json, want));
  }
  return edits;
}

/** Sets a record's ordinal; a record without one gets it after its timestamp, where Codex writes it. */
export function ordinalEdit(line: number, raw: Obj, ordinal: number): Edit {
  if (Object.hasOwn(raw, 'ordinal')) return { kind: 'set', line, pointer: '/ordinal', value: ordinal };
  const value: Obj = {};
  if (Object.hasOwn(raw, 'timestamp')) value.timestamp = raw.timestamp;
  value.ordinal = ordinal;
  for (const [k, v] of Object.entries(raw)) if (k !== 'timestamp') value[k] = v;
  return { kind: 'replace', line, value };
}
