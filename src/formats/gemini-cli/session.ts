// What Gemini CLI 0.61.0 loads from a session file when it resumes it (loadConversationRecord): lines read in
// order, a line that is not JSON skipped silently; a message record upserted by its id (a later line with the same
// id replaces the earlier one in its place); `{"$set":{"messages":[…]}}` replacing every message loaded so far;
// `{"$rewindTo": id}` dropping that message and all after it (all of them when the id is unknown); headers and other
// `$set` keys merged into the metadata. Each loaded message keeps where it was read from (a line, and the pointer
// into a `$set messages` snapshot), so rules can point at it and fixes edit it there.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { isObj, kindOf, type Obj } from './records.js';

export interface LoadedMessage {
  id: string;
  raw: Obj;
  /** The line it was read from. */
  line: number;
  /** '' for a record on its own line, `/$set/messages/<k>` for one in a snapshot. */
  pointer: string;
}

export interface HeaderLine {
  line: number;
  sessionId: string;
}

export interface GeminiSession {
  messages: LoadedMessage[];
  metadata: Obj;
  /** The lines that are headers, in file order (a file with two sessions' headers was joined). */
  headers: HeaderLine[];
  /** The `$set` lines that set a string `sessionId`, in file order (resume writes one of the file's own id). */
  idSets: HeaderLine[];
  /** The line of the last `$set messages` snapshot, if any: records before it are not read. */
  lastSnapshot?: number;
}

/** What the CLI loads from `file`; with `skip`, as if those lines (1-based) were not there. */
export function loadSession(file: SourceFile, skip?: ReadonlySet<number>): GeminiSession {
  const map = new Map<string, LoadedMessage>();
  let metadata: Obj = {};
  const headers: HeaderLine[] = [];
  const idSets: HeaderLine[] = [];
  let lastSnapshot: number | undefined;
  for (const line of file.lines) {
    const v = line.json;
    if (!v || skip?.has(line.lineNo)) continue;
    const kind = kindOf(v);
    if (kind === 'rewind') {
      const ids = [...map.keys()];
      const at = ids.indexOf(v.$rewindTo as string);
      if (at === -1) map.clear();
      else for (const id of ids.slice(at)) map.delete(id);
    } else if (kind === 'message') {
      map.set(v.id as string, { id: v.id as string, raw: v, line: line.lineNo, pointer: '' });
    } else if (kind === 'set') {
      const set = v.$set as Obj;
      if (typeof set.sessionId === 'string') idSets.push({ line: line.lineNo, sessionId: set.sessionId });
      if (Array.isArray(set.messages)) {
        map.clear();
        lastSnapshot = line.lineNo;
        set.messages.forEach((m, k) => {
          if (isObj(m) && typeof m.id === 'string')
            map.set(m.id, { id: m.id, raw: m, line: line.lineNo, pointer: `/$set/messages/${k}` });
        });
      }
      metadata = { ...metadata, ...set };
    } else if (kind === 'header') {
      headers.push({ line: line.lineNo, sessionId: v.sessionId as string });
      metadata = { ...metadata, ...v };
      if (Array.isArray(v.messages))
        v.messages.forEach((m, k) => {
          if (isObj(m) && typeof m.id === 'string')
            map.set(m.id, { id: m.id, raw: m, line: line.lineNo, pointer: `/messages/${k}` });
        });
    }
  }
  return { messages: [...map.values()], metadata, headers, idSets, lastSnapshot };
}
