// Another session's events in an events.jsonl: two sessions' files joined into one, or another writer's events mixed
// in without their session.start (foreign-chains.ts). Copilot CLI 1.0.102 resumes both conversations as one
// (copilot/session-structure, otherSession and foreignEvents). For `split`: which lines are the other session's,
// and its file, `<session-state>/<its sessionId>/events.jsonl`, a session folder beside this one (Copilot resumes a
// session by its folder's name).
import path from 'node:path';
import type { JoinedSessions, OtherSession } from '../types.js';
import { type ForeignChain, foreignChainsOf, otherSessionNamedBy, ownStartInDamagedLine } from './foreign-chains.js';
import type { CopilotModel } from './model.js';
import { EVENTS_FILE } from './sidecar.js';
import { appendTo } from '../../model/arrays.js';

/** A session.start's sessionId, when it has one. */
const startOf = (raw: Record<string, unknown>): string | undefined => {
  const data = raw.data as Record<string, unknown> | undefined;
  return raw.type === 'session.start' && typeof data?.sessionId === 'string' ? data.sessionId : undefined;
};

/**
 * The envelopes (`"id":…,"timestamp":…,"parentId":…`, the tail Copilot writes on every event) in a line's text: a
 * line too damaged to be an event still names the event it held and that event's parent.
 */
const ENVELOPE = /"id":"([^"\\]+)","timestamp":"[^"\\]*","parentId":(?:"([^"\\]+)"|null)/g;
function envelopesIn(text: string): { id: string; parent: string | undefined }[] {
  return [...text.matchAll(ENVELOPE)].map((m) => ({ id: m[1]!, parent: m[2] }));
}

/**
 * Each line's session: a session.start's is its sessionId; an event whose parentId names an event goes with that
 * event; any other event, to the session of the latest session.start. A line that is no event goes with the line
 * before it; lines before any session.start are the file's own. An event named in a damaged line whose parent is
 * known goes with its parent, for the events chained to it (differential seed 43: a line written inside an event of
 * this session, the rest of that event on the next line; the events after it name it as their parent).
 */
export function otherSessionsOf(filePath: string, model: CopilotModel): JoinedSessions | undefined {
  const starts = model.events.map((e) => startOf(e.raw)).filter((id): id is string => id !== undefined);
  // The session's own start may be in a damaged line: then each readable start is another session's.
  const ownDamaged = ownStartInDamagedLine(model) !== undefined && starts.length > 0;
  if (new Set(starts).size < 2 && !ownDamaged) return foreignOf(filePath, model);
  const own = model.folder !== undefined && (ownDamaged || starts.includes(model.folder)) ? model.folder : starts[0]!;
  const byLine = new Map(model.events.map((e) => [e.line, e]));
  const sessionOfId = new Map<string, string>();
  const lines = new Map<string, number[]>();
  let current = own;
  let previous = own;
  const framing = model.framing();
  const sessionOfParent = (parent: string | undefined) => (parent === undefined ? undefined : sessionOfId.get(parent));
  for (const line of model.file.lines) {
    const event = byLine.get(line.lineNo);
    const named = framing.has(line.lineNo) ? envelopesIn(model.text(line)) : [];
    let session = previous;
    if (event) {
      const started = startOf(event.raw);
      if (started !== undefined) current = started;
      const parent = typeof event.parentId === 'string' ? sessionOfId.get(event.parentId) : undefined;
      session = started ?? parent ?? current;
      if (event.id !== undefined && !sessionOfId.has(event.id)) sessionOfId.set(event.id, session);
    }
    // Only an event whose parent is known: a damaged line may hold a copy of a later line of either session
    // (differential seed 258: a copy of the appended session's prompt written inside this session's shutdown).
    for (const n of named) {
      const parent = sessionOfParent(n.parent);
      if (parent !== undefined && !sessionOfId.has(n.id)) sessionOfId.set(n.id, parent);
    }
    previous = session;
    if (session === own) continue;
    appendTo(lines, session, line.lineNo);
  }
  const stateDir = path.dirname(path.dirname(filePath));
  const others: OtherSession[] = [...lines].map(([sessionId, moved]) => ({
    sessionId,
    lines: moved,
    to: path.join(stateDir, sessionId, EVENTS_FILE),
  }));
  return others.length > 0 ? { own, others } : undefined;
}

/**
 * Another writer's events without their session.start (foreign-chains.ts), by session: a chain goes to the session
 * an event of it names (a usage record's or a shutdown's, otherSessionNamedBy); the chains that name none go with the
 * one session the others name, else to `unknown-<the first such event's id>` (a folder Copilot cannot resume, kept
 * so that nothing is lost). Differential seed 78: one-tool's shutdown and parallel's last lines, each named by its
 * own shutdown, go to one-tool's and parallel's folders.
 */
function foreignOf(filePath: string, model: CopilotModel): JoinedSessions | undefined {
  const chains = foreignChainsOf(model);
  if (chains.length === 0) return undefined;
  const own = model.folder ?? startOf(model.events[0]?.raw ?? {});
  const nameOf = (c: ForeignChain) =>
    c.events.map((e) => otherSessionNamedBy(e.raw, own)).find((id) => id !== undefined);
  const names = new Set(chains.map(nameOf).filter((id): id is string => id !== undefined));
  const unnamed = chains.find((c) => nameOf(c) === undefined);
  const fallback =
    names.size === 1 ? [...names][0]! : `unknown-${unnamed?.root.id ?? unnamed?.root.line ?? chains[0]!.root.line}`;
  const lines = new Map<string, number[]>();
  for (const c of chains) for (const e of c.events) appendTo(lines, nameOf(c) ?? fallback, e.line);
  const stateDir = path.dirname(path.dirname(filePath));
  const others: OtherSession[] = [...lines]
    .map(([sessionId, moved]) => ({
      sessionId,
      lines: moved.sort((a, b) => a - b),
      to: path.join(stateDir, sessionId, EVENTS_FILE),
    }))
    .sort((a, b) => a.lines[0]! - b.lines[0]!);
  return { own, others };
}
