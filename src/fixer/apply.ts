// Applies fixes to a loaded file. Each fix claims the lines it edits (an insert claims the gap after its line);
// a fix whose claims collide with an accepted one waits for the next pass, unless its colliding edits are
// identical to ones already accepted. Untouched lines are copied byte for byte with their own terminators;
// edited lines are re-serialised from a copy of the parsed entry, which keeps key order.
import { copyJson, stringifyJson } from './deep-json.js';
import { type Bytes, extendView, joinBytes, PieceWriter } from '../loader/bytes.js';
import { SHELL_LINE } from '../loader/input.js';
import type { SourceFile, SourceLine } from '../loader/read-jsonl.js';
import type { TranscriptModel } from '../model/index.js';
import { claimOf, type Edit, type Fix } from './edits.js';
import { removeAt, setAt } from './pointer.js';

export interface ApplyResult {
  /** The fixed file, in pieces that share the original's memory (see loader/bytes.ts). */
  pieces: Bytes;
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

export function applyFixes(file: SourceFile, fixes: readonly Fix[]): ApplyResult {
  const ordered = [...fixes].sort(
    (a, b) => firstClaim(a) - firstClaim(b) || a.ruleId.localeCompare(b.ruleId) || a.description.localeCompare(b.description),
  );
  // Per claimed line (or gap), the accepted edits keyed by their JSON, so identical edits are found in O(1).
  const claimed = new Map<number, Map<string, Edit>>();
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  const failed: ApplyResult['failed'] = [];
  const existingUuids = uuidsOf(file);
  for (const fix of ordered) {
    const problem = checkApplicable(file, fix, existingUuids);
    if (problem) {
      failed.push({ fix, reason: problem });
      continue;
    }
    const fresh = fix.edits.filter((e) => !claimed.get(claimOf(e))?.has(stringifyJson(e)));
    if (fresh.some((e) => claimed.has(claimOf(e)))) {
      deferred.push(fix);
      continue;
    }
    for (const e of fresh) {
      const bucket = claimed.get(claimOf(e)) ?? new Map<string, Edit>();
      bucket.set(stringifyJson(e), e);
      claimed.set(claimOf(e), bucket);
    }
    if (opensWithForeignBom(file, claimed)) {
      for (const e of fresh) claimed.get(claimOf(e))!.delete(stringifyJson(e));
      for (const e of fresh) if (claimed.get(claimOf(e))!.size === 0) claimed.delete(claimOf(e));
      deferred.push(fix);
      continue;
    }
    applied.push(fix);
  }

  const dedup = [...claimed.values()].flatMap((bucket) => [...bucket.values()]);
  return applyResult(render(file, dedup), applied, deferred, failed);
}

function applyResult(pieces: Bytes, applied: Fix[], deferred: Fix[], failed: ApplyResult['failed']): ApplyResult {
  let joined: Uint8Array | undefined;
  return {
    pieces,
    get bytes() {
      return (joined ??= joinBytes(pieces));
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
function opensWithForeignBom(file: SourceFile, claimed: ReadonlyMap<number, ReadonlyMap<string, Edit>>): boolean {
  if (file.bom || claimed.has(0.5)) return false;
  for (const line of file.lines) {
    const own = claimed.get(line.lineNo);
    if (own && [...own.values()].some((e) => e.kind === 'delete')) {
      // Deleted: an entry inserted after it opens the file instead; else the next line does.
      if (claimed.has(line.lineNo + 0.5)) return false;
      continue;
    }
    // Rewritten lines are written as JSON; a line written as it is, or as new text, may start with a BOM.
    if (own === undefined) return line.bytes[0] === 0xef && line.bytes[1] === 0xbb && line.bytes[2] === 0xbf;
    return [...own.values()].some((e) => e.kind === 'replaceText' && e.text.startsWith('\ufeff'));
  }
  return false;
}

function uuidsOf(file: SourceFile): Set<string> {
  const uuids = new Set<string>();
  for (const line of file.lines) if (typeof line.json?.uuid === 'string') uuids.add(line.json.uuid);
  return uuids;
}

/**
 * Tries a fix's edits on copies of the lines they touch, so a fix that cannot apply is dropped whole. An inserted
 * entry whose uuid is already in the file would be a second copy: refused here for every rule.
 */
function checkApplicable(file: SourceFile, fix: Fix, existingUuids: Set<string>): string | undefined {
  for (const e of fix.edits) {
    if (e.kind === 'insertAfter' && typeof e.value.uuid === 'string' && existingUuids.has(e.value.uuid)) {
      return `an entry with uuid ${e.value.uuid} is already in the file`;
    }
  }
  const lines = new Set(fix.edits.map((e) => e.line));
  for (const lineNo of lines) {
    const edits = fix.edits.filter((e) => e.line === lineNo && e.kind !== 'insertAfter');
    if (edits.length === 0) continue;
    const line = file.lines[lineNo - 1];
    if (!line) return `line ${lineNo} does not exist`;
    try {
      rewrite(line, edits);
    } catch (err) {
      return `line ${lineNo}: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  return undefined;
}

function firstClaim(fix: Fix): number {
  return Math.min(...fix.edits.map(claimOf));
}

/**
 * The file with the edits applied, as pieces: each untouched run of lines is one view of the original bytes (nothing
 * is copied or re-serialised), each new or rewritten line a small piece of its own, every piece but the last ending
 * a line.
 */
function render(file: SourceFile, edits: Edit[]): Uint8Array[] {
  const byLine = new Map<number, Edit[]>();
  for (const e of edits) {
    const list = byLine.get(e.line);
    if (list) list.push(e);
    else byLine.set(e.line, [e]);
  }
  const eol = encoder.encode(file.eol);
  const out = new PieceWriter();
  let bom = file.bom ? Uint8Array.of(0xef, 0xbb, 0xbf) : undefined;
  // Bytes written but not yet ended by a terminator (the last line, when unterminated, and anything after it).
  let open: Uint8Array | undefined;
  const push = (content: Uint8Array, terminator: Uint8Array | undefined, inFile = false): void => {
    const head = [bom, open].filter((p): p is Uint8Array => p !== undefined);
    if (open) head.push(eol);
    bom = undefined;
    open = undefined;
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
      push(line.bytes, terminator, true);
    } else {
      push(rewrite(line, own), terminator);
    }
    inserts(line.lineNo);
  }
  if (open) out.push(open);
  else if (bom) out.push(bom);
  return out.finish();
}

function terminatorOf(file: SourceFile, line: SourceLine): Uint8Array | undefined {
  const isLast = line === file.lines[file.lines.length - 1];
  if (isLast && !file.finalNewline) return undefined;
  return line.crlf ? CRLF : LF;
}

function rewrite(line: SourceLine, edits: Edit[]): Uint8Array {
  if (edits.some((e) => e.kind === 'delete')) return new Uint8Array(0);
  const text = edits.find((e) => e.kind === 'replaceText');
  if (text) return encoder.encode(text.text);
  let value = line.json ? copyJson(line.json) : undefined;
  for (const e of edits) {
    if (e.kind === 'replace') value = copyJson(e.value);
    else if (!value) throw new Error('the line is not a JSON object');
    else if (e.kind === 'set') setAt(value, e.pointer, e.value === undefined ? null : copyJson(e.value));
    else if (e.kind === 'remove') removeAt(value, e.pointer);
  }
  return value ? encoder.encode(stringifyJson(value)) : line.bytes;
}


// ---------------------------------------------------------------------------------------------------------------
// Plain inputs (a Messages API request or a message list). Rules write their edits against the entries the model
// makes of messages (`{type: role, message}`), so an edit at `/message/...` is an edit of the message itself, and
// the fields only Claude Code entries have (uuid links, the marker field, session fields) have no place in a
// request: those edits are dropped. An inserted entry inserts its `message`. The edits then apply to the lines as
// usual: the message lines of a JSONL list (untouched lines stay byte for byte), or the virtual lines of a JSON
// document (line 1 its shell, the others its messages), which is then written back with its own layout.

/** Applies fixes to the input a model was built from, whatever its format. */
export function applyFixesToModel(model: TranscriptModel, fixes: readonly Fix[]): ApplyResult {
  const plain = model.plain;
  if (!plain) return applyFixes(model.file, fixes);
  const failed: ApplyResult['failed'] = [];
  const refuse = (reason: string): ApplyResult =>
    applyResult(new Uint8Array(0), [], [], fixes.map((fix) => ({ fix, reason })));
  if (plain.container === 'document' && plain.invalidUtf8) return refuse('the file is not valid UTF-8; it is not rewritten');
  if (plain.container === 'document' && plain.unwritable) return refuse('the document is nested too deeply to be written back');
  const original = new Map<Fix, Fix>();
  const translated: Fix[] = [];
  for (const fix of fixes) {
    const result = translateFix(fix, plain.container === 'document');
    if (typeof result === 'string') {
      failed.push({ fix, reason: result });
      continue;
    }
    original.set(result, fix);
    translated.push(result);
  }
  const result = applyFixes(model.file, translated);
  const back = (f: Fix): Fix => original.get(f) ?? f;
  const applied = result.applied.map(back);
  const deferred = result.deferred.map(back);
  const allFailed = [...failed, ...result.failed.map(({ fix, reason }) => ({ fix: back(fix), reason }))];
  if (plain.container !== 'document' || applied.length === 0) return applyResult(result.pieces, applied, deferred, allFailed);
  try {
    return applyResult(plain.rebuildDocument(result.bytes), applied, deferred, allFailed);
  } catch (err) {
    return refuse(`the document could not be written back (${err instanceof Error ? err.message : String(err)})`);
  }
}

const MESSAGE = '/message';

/** A fix on entries as a fix on the plain input's lines, or the reason it cannot be one. */
function translateFix(fix: Fix, document: boolean): Fix | string {
  const edits: Edit[] = [];
  for (const e of fix.edits) {
    if (document && e.line === SHELL_LINE && e.kind !== 'insertAfter') {
      // The shell of a document: request-level fields, addressed by document pointers (never the messages).
      if (e.kind !== 'set' && e.kind !== 'remove') return `cannot ${e.kind} the document itself`;
      if (e.pointer === '/messages' || e.pointer.startsWith('/messages/')) return `edit ${e.pointer} through its message`;
      edits.push(e);
      continue;
    }
    switch (e.kind) {
      case 'delete':
        edits.push(e);
        break;
      case 'replaceText':
        if (document) return 'a message of a JSON document is not rewritten as text';
        edits.push(e);
        break;
      case 'replace':
        if (isMessage(e.value.message)) edits.push({ kind: 'replace', line: e.line, value: e.value.message });
        else return 'the replacement is not a message';
        break;
      case 'insertAfter': {
        if (!isMessage(e.value.message)) return 'the inserted entry is not a message';
        // In a document, the first message follows the shell.
        const line = document ? Math.max(e.line, SHELL_LINE) : e.line;
        edits.push({ kind: 'insertAfter', line, value: messageOnly(e.value.message) });
        break;
      }
      case 'set':
      case 'remove': {
        if (e.pointer === MESSAGE) {
          if (e.kind === 'remove') return 'cannot remove a message through its pointer';
          if (!isMessage(e.value)) return 'the new message is not an object';
          edits.push({ kind: 'replace', line: e.line, value: e.value });
        } else if (e.pointer.startsWith(MESSAGE + '/')) {
          edits.push({ ...e, pointer: e.pointer.slice(MESSAGE.length) });
        }
        // Anything else (parentUuid, leafUuid, the marker field) belongs to Claude Code's storage format.
        break;
      }
    }
  }
  if (edits.length === 0) return 'nothing of this fix applies to a plain message list';
  return { ...fix, edits };
}

function isMessage(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** An inserted message carries only what the API accepts in a message. */
function messageOnly(m: Record<string, unknown>): Record<string, unknown> {
  return { role: m.role, content: m.content };
}
