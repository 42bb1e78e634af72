// Another session's records in a rollout: two rollouts joined into one file (`cat a.jsonl >> b.jsonl`, or two
// writers' lines). Codex 0.169.0 restarts the history at every session_meta (codex-observed.md (b) 4), so it resumes
// the other session's history under this file's id (codex/session-meta). For `split`: which lines are the other
// session's, and its file, `rollout-<its session_meta's time>-<its id>.jsonl` in the same dated folder, the name
// `codex resume <id>` finds it by.
import path from 'node:path';
import type { JoinedSessions, OtherSession } from '../types.js';
import { isObj } from './decode.js';
import type { CodexModel } from './model.js';
import type { CodexRecord } from './records.js';

/** The session a record names: a session_meta's id, or the thread or session id of an event or a usage record. */
function namedSession(r: CodexRecord, known: ReadonlySet<string>): string | undefined {
  if (!isObj(r.payload)) return undefined;
  const p = r.payload;
  if (r.type === 'session_meta') return typeof p.id === 'string' ? p.id.toLowerCase() : undefined;
  for (const v of [p.thread_id, p.session_id]) {
    const id = typeof v === 'string' ? v.toLowerCase() : undefined;
    if (id !== undefined && known.has(id)) return id;
  }
  return undefined;
}

/** `2026-12-01T09:29:43.809Z` as a rollout name's `2026-12-01T09-29-43`. */
function nameTime(ts: unknown): string | undefined {
  if (typeof ts !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(ts)) return undefined;
  return ts.slice(0, 19).replaceAll(':', '-');
}

/**
 * Each line's session. A record goes to the session it names; else, when its ordinal continues exactly one session's
 * count (Codex numbers each file's records 0, 1, 2, …), to that session; else to the session of the latest
 * session_meta. A line that is no record (torn, blank) goes with the line before it. Lines before any session_meta
 * are the file's own.
 */
export function otherSessionsOf(filePath: string, model: CodexModel): JoinedSessions | undefined {
  const metas = model.records.filter((r) => r.type === 'session_meta' && namedSession(r, new Set()) !== undefined);
  const ids = new Set(metas.map((m) => namedSession(m, new Set())!));
  if (ids.size < 2) return undefined;
  const firstId = namedSession(metas[0]!, ids)!;
  const named = model.name?.uuid;
  const own = named !== undefined && ids.has(named) ? named : firstId;
  const next = new Map<string, number>();
  const lines = new Map<string, number[]>();
  const metaOf = new Map<string, CodexRecord>();
  let current = own;
  let previous = own;
  for (const line of model.file.lines) {
    const r = model.recordAt(line.lineNo);
    let session = previous;
    if (r) {
      const ordinal = Number.isInteger(r.raw.ordinal) ? (r.raw.ordinal as number) : undefined;
      const byName = namedSession(r, ids);
      if (r.type === 'session_meta' && byName !== undefined) {
        current = byName;
        if (!metaOf.has(byName)) metaOf.set(byName, r);
      }
      const continues = [...next].filter(([, n]) => n === ordinal).map(([id]) => id);
      session = byName ?? (continues.length === 1 ? continues[0]! : current);
      if (ordinal !== undefined) next.set(session, ordinal + 1);
    }
    previous = session;
    if (session === own) continue;
    const list = lines.get(session);
    if (list) list.push(line.lineNo);
    else lines.set(session, [line.lineNo]);
  }
  const others: OtherSession[] = [];
  for (const [sessionId, moved] of lines) {
    const meta = metaOf.get(sessionId);
    const time =
      meta && (nameTime((meta.payload as Record<string, unknown>).timestamp) ?? nameTime(meta.raw.timestamp));
    if (time === undefined) continue;
    const id = (meta!.payload as Record<string, unknown>).id as string;
    others.push({ sessionId: id, lines: moved, to: path.join(path.dirname(filePath), `rollout-${time}-${id}.jsonl`) });
  }
  return others.length > 0 ? { own, others } : undefined;
}
