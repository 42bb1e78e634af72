// A fixed JSON document (a Messages API request, or a message list written as one JSON array): the edits the fix
// engine applied to its virtual lines (line 1 the document without its messages, line k message k - 2) spliced into
// the document's own bytes, so it keeps its layout and every byte no edit names (numbers as written, escapes,
// duplicate keys, invalid UTF-8 inside strings, the BOM, the line endings, the final newline). New values are
// written in the document's layout (indentation, separators, \u escapes when the document is ASCII-only).
import { serializeJson } from '../../loader/json-positions.js';
import { SHELL_LINE } from '../../model/lines.js';
import type { PlainSource } from './source.js';
import type { Edit } from '../../fixer/edits.js';
import { parsePointer } from '../../fixer/pointer.js';
import { applyEdit, Splice, type SpliceStyle } from '../../fixer/splice.js';
import { appendTo } from '../../model/arrays.js';

export function spliceDocument(plain: PlainSource, edits: readonly Edit[]): Uint8Array {
  const doc = plain.document;
  if (!plain.source || !doc?.ok) throw new Error('the document is not JSON');
  const layout = doc.layout;
  const eol = plain.eol;
  const lines = (s: string): string => (eol === '\r\n' ? s.replace(/\n/g, '\r\n') : s);
  const style: SpliceStyle = {
    fresh: (value, indent) => lines(serializeJson(value, layout, indent)),
    key: (key) => serializeJson(key, layout),
    pretty: layout.indent === '' ? undefined : { indent: layout.indent, eol },
    colon: layout.colon,
    comma: layout.comma,
  };
  const splice = new Splice(plain.source, doc.value, style, plain.bom ? 3 : 0);

  const byLine = new Map<number, Edit[]>();
  for (const e of edits) {
    appendTo(byLine, e.line, e);
  }
  const inserted = (line: number): Edit[] => (byLine.get(line) ?? []).filter((e) => e.kind === 'insertAfter');

  // The shell: request-level fields, at document pointers (never the messages: translateFix sends those through
  // their message).
  for (const e of byLine.get(SHELL_LINE) ?? []) {
    if (e.kind === 'set' || e.kind === 'remove') applyEdit(splice, e);
  }

  const messageLines = [...byLine.keys()].filter((k) => k !== SHELL_LINE);
  if (messageLines.length === 0 && inserted(SHELL_LINE).length === 0) return splice.write();
  if (plain.messagesPointer === undefined) throw new Error('the document has no messages array');
  const messages = splice.containerAt(parsePointer(plain.messagesPointer));
  if (messages?.kind !== 'array') throw new Error('the messages are not an array');

  // Each message line's edits, on that message (whatever deletions and inserts do to the indexes around it).
  const n = messages.n;
  for (let i = 0; i < n; i++) {
    const own = (byLine.get(plain.messageKey(i)) ?? []).filter((e) => e.kind !== 'insertAfter');
    if (own.some((e) => e.kind === 'delete')) {
      messages.kill(i);
      continue;
    }
    for (const e of own) {
      if (e.kind === 'set' || e.kind === 'remove' || e.kind === 'replace') applyEdit(splice, e, { c: messages, id: i });
      else throw new Error(`cannot ${e.kind} a message of a JSON document`);
    }
  }

  // Inserted messages: after the shell (first), or after the message they follow, as the virtual file has them.
  const anyInsert = [SHELL_LINE, ...messageLines].some((k) => inserted(k).length > 0);
  if (anyInsert) {
    const order: number[] = [];
    const insertAfter = (line: number): void => {
      for (const e of inserted(line)) if (e.kind === 'insertAfter') order.push(splice.appendFresh(messages, e.value));
    };
    insertAfter(SHELL_LINE);
    for (let i = 0; i < n; i++) {
      if (messages.isAlive(i)) order.push(i);
      insertAfter(plain.messageKey(i));
    }
    messages.reorder(order);
  }
  return splice.write();
}
