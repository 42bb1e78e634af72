// Another session's lines in a Gemini CLI session file: two files joined into one (`cat a.jsonl >> b.jsonl`). The
// CLI's loader merges every header into one metadata (the last sessionId wins) and loads both sessions' messages into
// one history. For `split`: the lines from another session's header up to the next header of another session go to
// that session's file, `session-<its startTime as YYYY-MM-DDTHH-MM>-<its id's first 8>.jsonl` in the same folder.
// Only when both files then hold a session the CLI lists (resumable.ts): a session with nothing to resume stays.
import path from 'node:path';
import type { DeclinedSession, JoinedSessions, OtherSession } from '../types.js';
import type { GeminiModel } from './model.js';
import { listsSession } from './resumable.js';
import { SESSION_FILE } from './sessions.js';
import { appendTo } from '../../model/arrays.js';

/** `2026-12-07T06:57:50.848Z` as a session file name's `2026-12-07T06-57`. */
function nameTime(ts: unknown): string | undefined {
  if (typeof ts !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(ts)) return undefined;
  return ts.slice(0, 16).replace(':', '-');
}

/** The lines of each session but `own`: from its header up to the next header of another session. */
export function otherSessionLines(
  model: GeminiModel,
  own: string,
): { lines: Map<string, number[]>; start: Map<string, unknown> } {
  const headers = model.session.headers;
  const lines = new Map<string, number[]>();
  const start = new Map<string, unknown>();
  let current = own;
  for (const line of model.file.lines) {
    const header = headers.find((h) => h.line === line.lineNo);
    if (header) {
      current = header.sessionId;
      if (!start.has(current)) start.set(current, line.json?.startTime);
    }
    if (current === own) continue;
    appendTo(lines, current, line.lineNo);
  }
  return { lines, start };
}

/** Why lines stay where they are: a file of only those lines would be deleted by the CLI. */
const NO_SESSION =
  'would hold no session Gemini CLI lists (nothing it resumes), and its session cleanup deletes such a file at start-up, with every session file named with the same first 8 of the id';

export function otherSessionsOf(filePath: string, model: GeminiModel): JoinedSessions | undefined {
  const headers = model.session.headers;
  const ids = [...new Set(headers.map((h) => h.sessionId))];
  if (ids.length < 2) return undefined;
  const named = SESSION_FILE.exec(path.basename(filePath))?.[1];
  const own = ids.find((id) => named !== undefined && id.startsWith(named)) ?? ids[0]!;
  const { lines, start } = otherSessionLines(model, own);
  const others: OtherSession[] = [];
  const declined: DeclinedSession[] = [];
  for (const [sessionId, moved] of lines) {
    const time = nameTime(start.get(sessionId));
    if (time === undefined) {
      declined.push({ sessionId, why: 'its header has no startTime to name its file by' });
      continue;
    }
    // Never a file the CLI lists no session in: its cleanup would delete it, and every file named with its first 8.
    if (!listsSession(model.file, new Set(moved))) {
      declined.push({ sessionId, why: `moved alone into a file, they ${NO_SESSION}` });
      continue;
    }
    const to = path.join(path.dirname(filePath), `session-${time}-${sessionId.slice(0, 8)}.jsonl`);
    others.push({ sessionId, lines: moved, to });
  }
  // Nor a file left so: what stays keeps the session the CLI lists (the one whose lines hold something to resume).
  const staying = new Set(model.file.lines.map((l) => l.lineNo));
  for (const o of others) for (const n of o.lines) staying.delete(n);
  if (others.length > 0 && !listsSession(model.file, staying)) {
    for (const o of others) declined.push({ sessionId: o.sessionId, why: `without them, this file ${NO_SESSION}` });
    return { own, others: [], declined };
  }
  return { own, others, declined };
}
