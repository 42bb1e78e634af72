// Whose session a record belongs to, when a fix is about to write it as a line of this file (a record another
// writer wrote inside one of its lines). Gemini CLI 0.61.0's message records carry no sessionId: a header or a
// `$set sessionId` names its session, and a message record (or a `$set messages` snapshot, or a `$rewindTo`) is
// this session's only when a line of this session's part of the file holds the same message id (the record written
// again, or in a snapshot). The CLI loads every record of the file into one history, whoever wrote it (generated
// Gemini seed 21: another session's gemini record written back by --fix was sent as this session's model turn).
import path from 'node:path';
import type { GeminiModel } from './model.js';
import { contentText } from './compile.js';
import { isObj, kindOf, type Obj, SESSION_CONTEXT } from './records.js';
import { SESSION_FILE } from './sessions.js';

/** 'own': this session's; 'other': another session's; 'unknown': nothing in the file tells. */
export type RecordOwner = 'own' | 'other' | 'unknown';

/**
 * The message ids of the file's lines (but `skip`), as this session's and as the other sessions' (after their
 * header), and the texts of this session's lines.
 */
function messageIds(model: GeminiModel, own: string | undefined, skip: ReadonlySet<number>) {
  const ids = { own: new Set<string>(), other: new Set<string>(), ownTexts: new Set<string>() };
  const headers = new Map(model.session.headers.map((h) => [h.line, h.sessionId]));
  let mine = true;
  for (const line of model.file.lines) {
    const header = headers.get(line.lineNo);
    if (header !== undefined) mine = own === undefined || header === own;
    const v = line.json;
    if (!v || skip.has(line.lineNo)) continue;
    const into = mine ? ids.own : ids.other;
    for (const id of recordIds(v)) into.add(id);
    if (mine) ids.ownTexts.add(Buffer.from(line.bytes).toString('utf8').trim());
  }
  return ids;
}

/**
 * The message ids a record names: its own id, a snapshot's entries', a rewind's target. Not a `<session_context>`
 * message's: the CLI gives it the same id in every session (every recorded file's is d04923d3…).
 */
function recordIds(v: Obj): string[] {
  const kind = kindOf(v);
  if (kind === 'message') return isContext(v) ? [] : [v.id as string];
  if (kind === 'rewind') return [v.$rewindTo as string];
  const entries = kind === 'set' ? (v.$set as Obj).messages : kind === 'header' ? v.messages : undefined;
  return Array.isArray(entries)
    ? entries.flatMap((m) => (isObj(m) && typeof m.id === 'string' && !isContext(m) ? [m.id] : []))
    : [];
}

const isContext = (m: Obj): boolean =>
  m.content !== undefined && contentText(m.content).trimStart().startsWith(SESSION_CONTEXT);

/** The file's own session id: the header the file's name points at, else its first header's, else its first `$set sessionId`. */
export function ownSessionId(model: GeminiModel): string | undefined {
  const named = SESSION_FILE.exec(path.basename(model.file.path))?.[1];
  const ids = [...model.session.headers, ...model.session.idSets].map((h) => h.sessionId);
  return ids.find((id) => named !== undefined && id.startsWith(named)) ?? ids[0];
}

/**
 * Whose record `text` is, read from the file's lines but `skip` (the lines it was cut from): a copy of a line of this
 * session's part of the file is this session's.
 */
export function recordOwner(model: GeminiModel, text: string, skip: ReadonlySet<number>): RecordOwner {
  const record = JSON.parse(text) as Obj;
  const kind = kindOf(record);
  if (kind === 'other') return 'own'; // the CLI skips it: it is nobody's history
  const own = ownSessionId(model);
  const named = kind === 'header' ? record.sessionId : kind === 'set' ? (record.$set as Obj).sessionId : undefined;
  if (typeof named === 'string') {
    if (own !== undefined) return named === own ? 'own' : 'other';
    const prefix = SESSION_FILE.exec(path.basename(model.file.path))?.[1];
    return prefix === undefined ? 'unknown' : named.startsWith(prefix) ? 'own' : 'other';
  }
  const ids = messageIds(model, own, skip);
  if (ids.ownTexts.has(text.trim())) return 'own';
  const heldIds = recordIds(record);
  if (heldIds.some((id) => ids.own.has(id))) return 'own';
  if (heldIds.some((id) => ids.other.has(id))) return 'other';
  return 'unknown';
}
