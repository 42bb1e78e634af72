// Writing fixes back to a plain input (a Messages API request or a message list). Rules write their edits against
// the entries the model makes of messages (`{type: role, message}`), so an edit at `/message/...` is an edit of the
// message itself, and the fields only Claude Code entries have (uuid links, the marker field, session fields) have
// no place in a request: those edits are dropped. An inserted entry inserts its `message`. The edits then apply to
// the lines as usual: the message lines of a JSONL list (untouched lines stay byte for byte), or the virtual lines
// of a JSON document (line 1 its shell, the others its messages), whose edits are spliced into the document's own
// bytes (splice-document.ts).
import { type ApplyResult, applyResult, planFixes, render } from '../../fixer/apply.js';
import type { Edit, Fix } from '../../fixer/edits.js';
import { SHELL_LINE } from '../../model/lines.js';
import type { TranscriptModel } from '../../model/index.js';
import type { PlainSource } from './source.js';
import { spliceDocument } from './splice-document.js';

/** How a format that stores more than the API's fields writes the messages fixes insert (Cline's `ts`, say). */
export interface PlainWriteOptions {
  /** The message to write for an inserted one (`{role, content}`), placed after the message at line key `after`. */
  insertedMessage?(message: Record<string, unknown>, after: number): Record<string, unknown>;
}

/** Applies fixes to a plain input's model (its `plain` source set). */
export function writeBackPlain(
  model: TranscriptModel,
  fixes: readonly Fix[],
  options: PlainWriteOptions = {},
): ApplyResult {
  // The plain formats build their models on a PlainSource (model.ts).
  const plain = model.plain as PlainSource;
  const failed: ApplyResult['failed'] = [];
  const refuse = (reason: string): ApplyResult =>
    applyResult(
      new Uint8Array(0),
      [],
      [],
      fixes.map((fix) => ({ fix, reason })),
    );
  if (plain.container === 'document' && plain.unwritable)
    return refuse('the document is nested too deeply to be written back');
  const original = new Map<Fix, Fix>();
  const translated: Fix[] = [];
  for (const fix of fixes) {
    const result = translateFix(fix, plain.container === 'document', options);
    if (typeof result === 'string') {
      failed.push({ fix, reason: result });
      continue;
    }
    original.set(result, fix);
    translated.push(result);
  }
  const plan = planFixes(model.file, translated);
  const back = (f: Fix): Fix => original.get(f) ?? f;
  const applied = plan.applied.map(back);
  const deferred = plan.deferred.map(back);
  const allFailed = [...failed, ...plan.failed.map(({ fix, reason }) => ({ fix: back(fix), reason }))];
  if (plain.container !== 'document')
    return applyResult(render(model.file, plan.edits, plan.rewritten), applied, deferred, allFailed);
  if (applied.length === 0) return applyResult(plain.source ?? new Uint8Array(0), applied, deferred, allFailed);
  try {
    // The edits go into the document's own bytes: its layout, and every byte no edit names, stay.
    return applyResult(spliceDocument(plain, plan.edits), applied, deferred, allFailed);
  } catch (err) {
    return refuse(`the document could not be written back (${err instanceof Error ? err.message : String(err)})`);
  }
}

const MESSAGE = '/message';

/** A fix on entries as a fix on the plain input's lines, or the reason it cannot be one. */
function translateFix(fix: Fix, document: boolean, options: PlainWriteOptions): Fix | string {
  const edits: Edit[] = [];
  for (const e of fix.edits) {
    if (document && e.line === SHELL_LINE && e.kind !== 'insertAfter') {
      // The shell of a document: request-level fields, addressed by document pointers (never the messages).
      if (e.kind !== 'set' && e.kind !== 'remove') return `cannot ${e.kind} the document itself`;
      if (e.pointer === '/messages' || e.pointer.startsWith('/messages/'))
        return `edit ${e.pointer} through its message`;
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
        const message = messageOnly(e.value.message);
        edits.push({ kind: 'insertAfter', line, value: options.insertedMessage?.(message, e.line) ?? message });
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
