// Writing fixes back to a JSON container (container.ts), keeping every byte no edit names.
// - JSONL: the fixer's own plan (fixer/apply.ts: a fix claims the lines it edits, colliding fixes wait for the next
//   pass, untouched lines are copied byte for byte); a rewritten line gets its edits spliced into its own bytes, new
//   values written with the line's own separators (`", "` and `": "` as Python's json.dumps writes them, or none) and
//   as \u escapes when the line is ASCII-only. Lines another writer already replaced (a batch line whose request was
//   fixed as a part, see anthropic-batch) are taken as given, and fixes on them wait for the next pass.
// - A document: one unit, so fixes claim the values they edit instead of the whole line: two fixes collide when one
//   edits a value inside (or equal to) a value the other edits, and a fix that adds or removes array elements claims
//   the whole array. The edits are spliced into the document's bytes (fixer/splice.ts) and new values written in its
//   layout (indentation, separators, line endings, ASCII-only), as plain/splice-document.ts does for requests.
import { isAscii } from 'node:buffer';
import { type ApplyResult, applyResult, planFixes, render } from '../../fixer/apply.js';
import { stringifyJson } from '../../fixer/deep-json.js';
import type { Edit, Fix } from '../../fixer/edits.js';
import { formatPointer, getAt, parsePointer } from '../../fixer/pointer.js';
import { applyEdit, Splice, type SpliceEdit, type SpliceStyle } from '../../fixer/splice.js';
import { type JsonLayout, serializeJson } from '../../loader/json-positions.js';
import type { SourceFile, SourceLine } from '../../loader/read-jsonl.js';
import { DOCUMENT_LINE, type JsonContainer } from './container.js';
import { pushAll } from '../../model/arrays.js';

/** Applies fixes (edits on the container's units) and writes the file in its own shape. */
export function writeBackContainer(
  container: JsonContainer,
  fixes: readonly Fix[],
  replaced?: ReadonlyMap<number, Uint8Array>,
): ApplyResult {
  return container.kind === 'jsonl'
    ? writeBackLines(container.file, fixes, replaced)
    : writeBackDocument(container, fixes);
}

// ---- JSONL -------------------------------------------------------------------------------------------------------

export function writeBackLines(
  file: SourceFile,
  fixes: readonly Fix[],
  replaced: ReadonlyMap<number, Uint8Array> = new Map(),
): ApplyResult {
  const free: Fix[] = [];
  const waiting: Fix[] = [];
  for (const fix of fixes) (fix.edits.some((e) => replaced.has(e.line)) ? waiting : free).push(fix);
  const plan = planFixes(file, free);
  for (const [claim, rewritten] of plan.rewritten) {
    const line = file.lines[claim - 1];
    if (!line || !rewritten.edits.every(isSpliceEdit)) continue;
    plan.rewritten.set(claim, {
      edits: rewritten.edits,
      bytes: spliceLine(line, rewritten.edits as SpliceEdit[]),
    });
  }
  const shadow: SourceFile =
    replaced.size === 0 ? file : { ...file, lines: file.lines.map((l) => withBytes(l, replaced.get(l.lineNo))) };
  return applyResult(
    render(shadow, plan.edits, plan.rewritten),
    plan.applied,
    [...plan.deferred, ...waiting],
    plan.failed,
  );
}

function withBytes(line: SourceLine, bytes: Uint8Array | undefined): SourceLine {
  return bytes === undefined ? line : { ...line, bytes };
}

const isSpliceEdit = (e: Edit): boolean => e.kind === 'set' || e.kind === 'remove' || e.kind === 'replace';

function spliceLine(line: SourceLine, edits: readonly SpliceEdit[]): Uint8Array {
  const splice = new Splice(line.bytes, line.json, lineStyle(line.bytes));
  for (const e of edits) applyEdit(splice, e);
  return splice.write();
}

/** How much of a line the separator scan reads. */
const STYLE_SCAN_BYTES = 64 * 1024;

/** New values in a line's own separators (the first colon and comma outside strings), ASCII-only if it is. */
export function lineStyle(bytes: Uint8Array): SpliceStyle {
  let colon = ':';
  let comma = ',';
  let sawColon = false;
  let sawComma = false;
  const n = Math.min(bytes.length, STYLE_SCAN_BYTES);
  for (let i = 0; i < n && !(sawColon && sawComma); i++) {
    const c = bytes[i]!;
    if (c === 0x22) {
      for (i++; i < n && bytes[i] !== 0x22; i++) if (bytes[i] === 0x5c) i++;
    } else if (c === 0x3a && !sawColon) {
      sawColon = true;
      colon = bytes[i + 1] === 0x20 ? ': ' : ':';
    } else if (c === 0x2c && !sawComma) {
      sawComma = true;
      comma = bytes[i + 1] === 0x20 ? ', ' : ',';
    }
  }
  const layout: JsonLayout = { indent: '', colon, comma, asciiOnly: isAscii(bytes) };
  return { fresh: (value) => serializeJson(value, layout), key: (key) => serializeJson(key, layout), colon, comma };
}

// ---- a document --------------------------------------------------------------------------------------------------

/** The value a fix's edit claims, as pointer tokens: an edit that adds or removes array elements claims the array. */
function claimOf(root: unknown, e: SpliceEdit): string[] {
  if (e.kind === 'replace') return [];
  const tokens = parsePointer(e.pointer);
  const last = tokens[tokens.length - 1];
  if (last === undefined) return tokens;
  const parent = getAt(root, formatPointer(tokens.slice(0, -1)));
  const shifts =
    Array.isArray(parent) &&
    (e.kind === 'remove' || last === '-' || Number(last) >= parent.length || !/^\d+$/.test(last));
  return shifts ? tokens.slice(0, -1) : tokens;
}

const overlaps = (a: readonly string[], b: readonly string[]): boolean => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
};

const editKey = (e: SpliceEdit): string => stringifyJson(e);

export function writeBackDocument(container: JsonContainer, fixes: readonly Fix[]): ApplyResult {
  const doc = container.document;
  const source = container.source;
  const failed: ApplyResult['failed'] = [];
  if (!doc?.ok || !source) {
    return applyResult(
      source ?? new Uint8Array(0),
      [],
      [],
      fixes.map((fix) => ({ fix, reason: 'the document is not JSON' })),
    );
  }
  const style = documentStyle(container);
  const fresh = (): Splice => new Splice(source, doc.value, style, container.offset);
  const ordered = [...fixes].sort(
    (a, b) =>
      firstPointer(a).localeCompare(firstPointer(b)) ||
      a.ruleId.localeCompare(b.ruleId) ||
      a.description.localeCompare(b.description),
  );
  const accepted: { claim: string[]; key: string }[] = [];
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  const edits: SpliceEdit[] = [];
  const seen = new Set<string>();
  for (const fix of ordered) {
    const own: SpliceEdit[] = [];
    let refused: string | undefined;
    for (const e of fix.edits) {
      if (e.line !== DOCUMENT_LINE) refused = `line ${e.line} does not exist`;
      else if (!isSpliceEdit(e)) refused = `cannot ${e.kind} a JSON document`;
      else own.push(e as SpliceEdit);
    }
    if (refused) {
      failed.push({ fix, reason: refused });
      continue;
    }
    const claims = own.map((e) => ({ claim: claimOf(doc.value, e), key: editKey(e) }));
    const conflict = claims.some((c) => accepted.some((a) => a.key !== c.key && overlaps(a.claim, c.claim)));
    if (conflict) {
      deferred.push(fix);
      continue;
    }
    try {
      const trial = fresh();
      for (const e of own) applyEdit(trial, e);
    } catch (err) {
      failed.push({ fix, reason: err instanceof Error ? err.message : String(err) });
      continue;
    }
    pushAll(accepted, claims);
    for (const [i, e] of own.entries()) {
      if (seen.has(claims[i]!.key)) continue;
      seen.add(claims[i]!.key);
      edits.push(e);
    }
    applied.push(fix);
  }
  if (applied.length === 0) return applyResult(source, applied, deferred, failed);
  try {
    const splice = fresh();
    for (const e of edits) applyEdit(splice, e);
    return applyResult(splice.write(), applied, deferred, failed);
  } catch (err) {
    const reason = `the document could not be written back (${err instanceof Error ? err.message : String(err)})`;
    return applyResult(source, [], deferred, [...failed, ...applied.map((fix) => ({ fix, reason }))]);
  }
}

function firstPointer(fix: Fix): string {
  const e = fix.edits[0];
  return e && (e.kind === 'set' || e.kind === 'remove') ? e.pointer : '';
}

/** New values in the document's own layout (see plain/splice-document.ts). */
export function documentStyle(container: JsonContainer): SpliceStyle {
  const layout = container.document!.layout;
  const eol = container.eol;
  const lines = (s: string): string => (eol === '\r\n' ? s.replace(/\n/g, '\r\n') : s);
  return {
    fresh: (value, indent) => lines(serializeJson(value, layout, indent)),
    key: (key) => serializeJson(key, layout),
    pretty: layout.indent === '' ? undefined : { indent: layout.indent, eol },
    colon: layout.colon,
    comma: layout.comma,
  };
}
