// Applies fixes to a loaded file. Each fix claims the lines it edits (an insert claims the gap after its line);
// a fix whose claims collide with an accepted one waits for the next pass, unless its colliding edits are
// identical to ones already accepted. Untouched lines are copied byte for byte with their own terminators;
// edited lines get their edits spliced into their original bytes (splice.ts): every byte outside the members an edit
// names stays as it was. Formats whose lines are not the file's own (a JSON document) map their edits first.
import { stringifyJson } from './deep-json.js';
import {
  type ByteRange,
  extendView,
  inMemory,
  joinBytes,
  type Piece,
  PieceWriter,
  type Spliced,
} from '../loader/bytes.js';
import type { SourceFile, SourceLine } from '../loader/read-jsonl.js';
import { claimOf, type Edit, type Fix } from './edits.js';
import { applyEdit, Splice } from './splice.js';
import { appendTo } from '../model/arrays.js';

export interface ApplyResult {
  /**
   * The fixed file, in pieces that share the original's memory (see loader/bytes.ts), or, for lines read from their
   * file again, that are runs of that file.
   */
  pieces: Spliced;
  /** The fixed file as one array (joined when first read). */
  readonly bytes: Uint8Array;
  applied: Fix[];
  deferred: Fix[];
  /** Fixes whose edits could not be applied to this file (a rule bug or a stale line): dropped, reported. */
  failed: { fix: Fix; reason: string }[];
}

const encoder = new TextEncoder();
const LF = encoder.encode('\n');
const CRLF = encoder.encode('\r\n');

/**
 * Which uuids the file's lines hold (a line's `uuid` when it is a string), asked only for an inserted entry's uuid.
 * A format whose model already indexes them by uuid passes that index (Claude Code: its chain's byUuid); else the
 * lines are read for them, once, the first time a fix inserts an entry with a uuid.
 */
export type UuidsOfFile = () => { has(uuid: string): boolean };

export function applyFixes(file: SourceFile, fixes: readonly Fix[], uuids?: UuidsOfFile): ApplyResult {
  const plan = planFixes(file, fixes, uuids);
  return applyResult(renderPieces(file, plan.edits, plan.rewritten), plan.applied, plan.deferred, plan.failed);
}

export interface Plan {
  applied: Fix[];
  deferred: Fix[];
  failed: ApplyResult['failed'];
  /** The edits of the applied fixes, each once, in the order they apply. */
  edits: Edit[];
  /** The lines those edits rewrite, as the check of their fix made them. */
  rewritten: Map<number, Rewritten>;
}

/** A line a fix rewrites: its edits (each once, in order) and the bytes they make, made once when the fix is checked. */
export interface Rewritten {
  edits: Edit[];
  bytes: Uint8Array;
}

/** Which fixes apply (see the top of this file), and their edits. */
export function planFixes(file: SourceFile, fixes: readonly Fix[], uuids?: UuidsOfFile): Plan {
  // Each fix's first claim once, not once per comparison: a fix can hold thousands of edits.
  const first = new Map<readonly Edit[], number>();
  const firstOf = (f: Fix): number => {
    let at = first.get(f.edits);
    if (at === undefined) first.set(f.edits, (at = firstClaim(f)));
    return at;
  };
  const ordered = [...fixes].sort(
    (a, b) => firstOf(a) - firstOf(b) || a.ruleId.localeCompare(b.ruleId) || a.description.localeCompare(b.description),
  );
  // Per claimed line (or gap), the accepted edits.
  const claimed = new Map<number, Bucket>();
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  const failed: ApplyResult['failed'] = [];
  let existing: { has(uuid: string): boolean } | undefined;
  const existingUuids = (): { has(uuid: string): boolean } => (existing ??= uuids ? uuids() : uuidsOf(file));
  const rewritten = new Map<number, Rewritten>();
  // A fix shared by many reports (unique-uuid's one fix for every copy of an entry) reaches here once per report with
  // the same edits: what became of the first is what becomes of the others (checking each again was quadratic).
  const outcomeOf = new Map<readonly Edit[], { to: Fix[] } | { reason: string }>();
  for (const fix of ordered) {
    const seen = outcomeOf.get(fix.edits);
    if (seen) {
      if ('to' in seen) seen.to.push(fix);
      else failed.push({ fix, reason: seen.reason });
      continue;
    }
    const checked = checkApplicable(file, fix, existingUuids);
    if (typeof checked === 'string') {
      failed.push({ fix, reason: checked });
      outcomeOf.set(fix.edits, { reason: checked });
      continue;
    }
    const groups = groupBy(fix.edits, claimOf);
    // On a claim another fix took, every edit must be one that fix made already.
    let conflict = false;
    for (const [claim, edits] of groups) {
      const bucket = claimed.get(claim);
      if (bucket && !edits.every((e) => bucket.has(e))) {
        conflict = true;
        break;
      }
    }
    if (conflict) {
      deferred.push(fix);
      outcomeOf.set(fix.edits, { to: deferred });
      continue;
    }
    const added: number[] = [];
    for (const [claim, edits] of groups) {
      if (claimed.has(claim)) continue;
      claimed.set(claim, new Bucket(checked.get(claim)?.edits ?? distinct(edits)));
      added.push(claim);
    }
    if (opensWithForeignBom(file, claimed)) {
      for (const claim of added) claimed.delete(claim);
      deferred.push(fix);
      outcomeOf.set(fix.edits, { to: deferred });
      continue;
    }
    for (const claim of added) {
      const line = checked.get(claim);
      if (line) rewritten.set(claim, line);
    }
    applied.push(fix);
    outcomeOf.set(fix.edits, { to: applied });
  }

  const edits = [...claimed.values()].flatMap((bucket) => bucket.edits);
  return { applied, deferred, failed, edits, rewritten };
}

/** The accepted edits of one claim, each once. Their keys are made only when another fix claims the same line. */
class Bucket {
  private keys?: Set<string>;
  constructor(readonly edits: Edit[]) {}

  has(e: Edit): boolean {
    this.keys ??= new Set(this.edits.map(editKey));
    return this.keys.has(editKey(e));
  }
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    appendTo(groups, key, item);
  }
  return groups;
}

/** An edit's identity: equal for byte-identical edits (which dedupe), distinct otherwise. */
function editKey(e: Edit): string {
  if (e.kind === 'remove') return `remove\u0000${e.line}\u0000${e.pointer}`;
  if (e.kind === 'set') return `set\u0000${e.line}\u0000${e.pointer}\u0000${stringifyJson(e.value ?? null)}`;
  return stringifyJson(e);
}

/**
 * The edits of one claim without repeats (the first of identical edits stays). A fix may hold hundreds of thousands
 * (the blank blocks of a huge entry): a hash of each one's pointer, sorted, finds the few that could be equal, and
 * only those get a key (a Map of that many strings costs seconds).
 */
function distinct(edits: Edit[]): Edit[] {
  if (edits.length === 1) return edits;
  let candidates: ((i: number) => boolean) | undefined;
  if (edits.length > 64) {
    const hashes = new Uint32Array(edits.length);
    for (const [i, e] of edits.entries())
      hashes[i] = fnv1a(e.kind === 'set' || e.kind === 'remove' ? e.pointer : e.kind);
    const sorted = hashes.slice().sort();
    const repeated = new Set<number>();
    for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) repeated.add(sorted[i]!);
    if (repeated.size === 0) return edits;
    candidates = (i) => repeated.has(hashes[i]!);
  }
  const seen = new Set<string>();
  return edits.filter((e, i) => {
    if (candidates && !candidates(i)) return true;
    const key = editKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function applyResult(
  pieces: Spliced,
  applied: Fix[],
  deferred: Fix[],
  failed: ApplyResult['failed'],
): ApplyResult {
  let joined: Uint8Array | undefined;
  return {
    pieces,
    get bytes() {
      return (joined ??= joinBytes(inMemory(pieces)));
    },
    applied,
    deferred,
    failed,
  };
}

/**
 * Whether the edits would bring a line that starts with a byte order mark to the top of a file that has none: every
 * reader would then take the line's BOM for the file's own, and the line, which no fix named, would read differently
 * (unreadable before, an entry after). Such a fix waits; it never applies.
 */
function opensWithForeignBom(file: SourceFile, claimed: ReadonlyMap<number, Bucket>): boolean {
  if (file.bom || claimed.has(0.5)) return false;
  for (const line of file.lines) {
    const own = claimed.get(line.lineNo);
    if (own?.edits.some((e) => e.kind === 'delete')) {
      // Deleted: an entry inserted after it opens the file instead; else the next line does.
      if (claimed.has(line.lineNo + 0.5)) return false;
      continue;
    }
    // A rewritten line starts as it did, JSON (which never starts with a BOM), or is new JSON; a line written as it
    // is, or as new text, may start with a BOM.
    if (own === undefined) return line.bytes[0] === 0xef && line.bytes[1] === 0xbb && line.bytes[2] === 0xbf;
    return own.edits.some((e) => e.kind === 'replaceText' && e.text.startsWith('\ufeff'));
  }
  return false;
}

function uuidsOf(file: SourceFile): Set<string> {
  const uuids = new Set<string>();
  for (const line of file.lines) if (typeof line.json?.uuid === 'string') uuids.add(line.json.uuid);
  return uuids;
}

/**
 * Applies a fix's edits to the lines they touch, so a fix that cannot apply is dropped whole: the reason, or the
 * lines it rewrites (kept for writing the file when the fix applies). An inserted entry whose uuid is already in the
 * file would be a second copy: refused here for every rule.
 */
function checkApplicable(
  file: SourceFile,
  fix: Fix,
  existingUuids: () => { has(uuid: string): boolean },
): string | Map<number, Rewritten> {
  for (const e of fix.edits) {
    if (e.kind === 'insertAfter' && typeof e.value.uuid === 'string' && existingUuids().has(e.value.uuid)) {
      return `an entry with uuid ${e.value.uuid} is already in the file`;
    }
  }
  const lines = new Map<number, Rewritten>();
  for (const [lineNo, all] of groupBy(
    fix.edits.filter((e) => e.kind !== 'insertAfter'),
    (e) => e.line,
  )) {
    const line = file.lines[lineNo - 1];
    if (!line) return `line ${lineNo} does not exist`;
    const edits = distinct(all);
    try {
      lines.set(lineNo, { edits, bytes: rewrite(line, edits) });
    } catch (err) {
      return `line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return lines;
}

function firstClaim(fix: Fix): number {
  // A loop, not Math.min(...): a fix may hold more edits than a call takes arguments.
  let first = Infinity;
  for (const e of fix.edits) first = Math.min(first, claimOf(e));
  return first;
}

/** render() for a file whose bytes are all in memory. */
export function render(file: SourceFile, edits: Edit[], rewritten?: ReadonlyMap<number, Rewritten>): Uint8Array[] {
  return inMemory(renderPieces(file, edits, rewritten)) as Uint8Array[];
}

/**
 * The file with the edits applied, as pieces: each untouched run of lines is one view of the original bytes (nothing
 * is copied or re-serialised), or one run of the file when its lines are read from there (SourceLine.range); each
 * new or rewritten line a small piece of its own, every piece but the last ending a line.
 */
export function renderPieces(file: SourceFile, edits: Edit[], rewritten?: ReadonlyMap<number, Rewritten>): Piece[] {
  const byLine = new Map<number, Edit[]>();
  for (const e of edits) {
    appendTo(byLine, e.line, e);
  }
  const eol = encoder.encode(file.eol);
  const out = new PieceWriter();
  let bom = file.bom ? Uint8Array.of(0xef, 0xbb, 0xbf) : undefined;
  // Bytes written but not yet ended by a terminator (the last line, when unterminated, and anything after it).
  let open: Uint8Array | undefined;
  // The same, when it is an unterminated last line left in the file (SourceLine.range): copied, never read here.
  let openRange: ByteRange | undefined;
  const push = (content: Uint8Array, terminator: Uint8Array | undefined, inFile = false): void => {
    const head = [bom, open].filter((p): p is Uint8Array => p !== undefined);
    if (open) head.push(eol);
    if (openRange) {
      out.pushRange(openRange);
      head.push(eol);
    }
    bom = undefined;
    open = undefined;
    openRange = undefined;
    // A loaded line followed by its own terminator in the file is one view of both.
    const whole = inFile && terminator && head.length === 0 ? extendView(content, terminator) : undefined;
    if (whole) out.push(whole);
    else if (terminator) out.push(joinBytes([...head, content, terminator]));
    else open = joinBytes([...head, content]);
  };
  const inserts = (line: number): void => {
    for (const e of byLine.get(line) ?? []) {
      if (e.kind === 'insertAfter') push(encoder.encode(stringifyJson(e.value)), eol);
    }
  };

  inserts(0);
  for (const line of file.lines) {
    const own = (byLine.get(line.lineNo) ?? []).filter((e) => e.kind !== 'insertAfter');
    const terminator = terminatorOf(file, line);
    if (own.some((e) => e.kind === 'delete')) {
      // Deleting an unterminated last line leaves the file ending with the previous line's terminator.
    } else if (own.length === 0) {
      // A line in the file, followed there by its terminator, is copied from the file when written: never read here.
      const range = line.range;
      if (range && bom === undefined && open === undefined) {
        if (terminator) out.pushRange({ ...range, length: range.length + terminator.length });
        else openRange = range;
      } else push(line.bytes, terminator, true);
    } else {
      const done = rewritten?.get(line.lineNo);
      const same = done !== undefined && done.edits.length === own.length && done.edits.every((e, i) => e === own[i]);
      push(same ? done.bytes : rewrite(line, own), terminator);
    }
    inserts(line.lineNo);
  }
  if (open) out.push(open);
  else if (openRange) out.pushRange(openRange);
  else if (bom) out.push(bom);
  return out.finish();
}

function terminatorOf(file: SourceFile, line: SourceLine): Uint8Array | undefined {
  const isLast = line === file.lines[file.lines.length - 1];
  if (isLast && !file.finalNewline) return undefined;
  return line.crlf ? CRLF : LF;
}

/** The line with its edits (none of them inserts) applied, spliced into its original bytes. */
function rewrite(line: SourceLine, edits: Edit[]): Uint8Array {
  if (edits.some((e) => e.kind === 'delete')) return new Uint8Array(0);
  const text = edits.find((e) => e.kind === 'replaceText');
  if (text) return encoder.encode(text.text);
  const splice = new Splice(line.bytes, line.json);
  for (const e of edits) {
    if (e.kind === 'replace' || e.kind === 'set' || e.kind === 'remove') applyEdit(splice, e);
  }
  return splice.write();
}
