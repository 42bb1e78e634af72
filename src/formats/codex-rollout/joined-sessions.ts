// Another session's records in a rollout: two rollouts joined into one file (`cat a.jsonl >> b.jsonl`, or two
// writers' lines). Codex 0.169.0 restarts the history at every session_meta (codex-observed.md (b) 4), so it resumes
// the other session's history under this file's id (codex/session-meta); lines of another writer without their
// session_meta it sends as this session's history (differential seeds 28 and 100). For `split`: which lines are the
// other session's, and its file: with its session_meta, `rollout-<its session_meta's time>-<its id>.jsonl` in the same
// dated folder, the name `codex resume <id>` finds it by; without one, `<its id>.lines.jsonl` (no session Codex could
// resume, and no name it lists). A writer whose lines name no session, only a turn no named record names, is a
// session of its own, `turn-<turn id>` (test/formats/codex-unnamed-session.test.ts: Codex sent its items).
import path from 'node:path';
import { appendTo } from '../../model/arrays.js';
import type { JoinedSessions, OtherSession } from '../types.js';
import { isObj } from './decode.js';
import type { CodexModel } from './model.js';
import { recoverLine, recoverSplit } from './recover.js';
import { turnIdsOf } from './turns.js';

type Obj = Record<string, unknown>;

/** The session a record names: a session_meta's id, or the thread or session id of its payload. */
function namedSession(raw: Obj): string | undefined {
  const p = raw.payload;
  if (!isObj(p)) return undefined;
  const ids = raw.type === 'session_meta' ? [p.id] : [p.thread_id, p.session_id];
  for (const v of ids) if (typeof v === 'string' && v !== '') return v.toLowerCase();
  return undefined;
}

/** The turn a record belongs to: its payload's turn_id, or the turn its item was retained from. */
function turnOf(raw: Obj): string | undefined {
  const p = raw.payload;
  if (isObj(p) && typeof p.turn_id === 'string' && p.turn_id !== '') return p.turn_id;
  const source = isObj(raw.metadata) && isObj(raw.metadata.retained_source) ? raw.metadata.retained_source : undefined;
  const id = isObj(source?.id) ? source.id.turn_id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** `2026-12-01T09:29:43.809Z` as a rollout name's `2026-12-01T09-29-43`. */
function nameTime(ts: unknown): string | undefined {
  if (typeof ts !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(ts)) return undefined;
  return ts.slice(0, 19).replaceAll(':', '-');
}

/**
 * What each line says for attribution: its record, or the whole record a torn write left after its fragment (a
 * session_meta glued to a cut-off line, as `cat` joins a file that ends mid-line).
 */
function lineRecords(model: CodexModel): (Obj | undefined)[] {
  const lines = model.file.lines;
  let split = -1;
  return lines.map((line, i) => {
    const r = model.recordAt(line.lineNo);
    if (r) return r.raw;
    // A record split by another line (A1 B, then A2): both lines go with the record they start, A (differential
    // seed 376: another session's session_meta split by a copy of its own world_state goes with that session).
    if (i === split + 1 && split >= 0) return undefined;
    const pair = recoverSplit(line, lines[i + 1]);
    if (pair?.kind === 'split') {
      split = i;
      return pair.outer.record;
    }
    const recovery = recoverLine(line);
    return recovery?.kind === 'after-torn' ? recovery.record : undefined;
  });
}

/** A run of records whose ordinals count up by one (Codex numbers each file's records 0, 1, 2, …). */
interface Chain {
  next: number;
  session?: string;
  /** The time of its latest record (ms; NaN when unknown), and that record's index among the lines. */
  time: number;
  at: number;
}

/**
 * Of the runs a record could continue, the one it does: of its own session when it names one; else, as two writers'
 * clocks tell them apart, the run whose latest record is the latest not after this one's time; else the nearest.
 */
function pickChain(open: readonly Chain[], session: string | undefined, time: number): Chain | undefined {
  const fits = open.filter((c) => c.session === undefined || session === undefined || c.session === session);
  const own = session !== undefined ? fits.find((c) => c.session === session) : undefined;
  if (own) return own;
  const before = fits.filter((c) => !(c.time > time));
  const pool = before.length > 0 ? before : fits;
  return pool.reduce<Chain | undefined>(
    (best, c) => (!best || c.time > best.time || (!(c.time < best.time) && c.at > best.at) ? c : best),
    undefined,
  );
}

/**
 * Each line's session. A record goes to the session it names (a session_meta's id, a thread_id), else to the session
 * its turn belongs to (a turn a record of that session names), else to the session of the ordinal run it continues
 * (a run takes the session its first named record gives it). A record with no ordinal and no name goes with the line
 * before; so does a line that is no record (torn, blank). A run that no record names, whose records name only turns
 * no named record names, is another session's (`turn-<turn id>`). What nothing names is the file's own.
 */
export function lineSessions(model: CodexModel): { own: string; sessions: string[] } | undefined {
  const raws = lineRecords(model);
  const named = raws.map((raw) => (raw ? namedSession(raw) : undefined));
  const byName = model.name?.uuid;
  const own =
    (byName !== undefined && named.includes(byName) ? byName : undefined) ??
    named.find((id, i) => id !== undefined && raws[i]!.type === 'session_meta') ??
    named.find((id) => id !== undefined);
  if (own === undefined) return undefined;
  const turns = new Map<string, string>();
  for (const [i, raw] of raws.entries()) {
    if (!raw || named[i] === undefined) continue;
    for (const turn of turnIdsOf(raw)) if (!turns.has(turn)) turns.set(turn, named[i]!);
  }
  const turnsNamed = turns.size > 0;
  if (!named.some((id) => id !== undefined && id !== own) && !unnamedRecordOfUnknownTurn(raws, named, turns))
    return { own, sessions: raws.map(() => own) };
  const chains: Chain[] = [];
  const chainOf: (Chain | undefined)[] = [];
  const direct: (string | undefined)[] = [];
  let previous: Chain | undefined;
  for (const [i, raw] of raws.entries()) {
    if (!raw) {
      chainOf.push(previous);
      direct.push(undefined);
      continue;
    }
    const turn = turnOf(raw);
    const session = named[i] ?? (turn !== undefined ? turns.get(turn) : undefined) ?? knownTurnSession(raw, turns);
    const ordinal = Number.isSafeInteger(raw.ordinal) ? (raw.ordinal as number) : undefined;
    const time = typeof raw.timestamp === 'string' ? Date.parse(raw.timestamp) : Number.NaN;
    let chain: Chain | undefined;
    if (ordinal === undefined) chain = previous;
    else {
      chain = pickChain(
        chains.filter((c) => c.next === ordinal),
        session,
        time,
      );
      if (!chain || (raw.type === 'session_meta' && ordinal === 0)) {
        chain = { next: ordinal, time, at: i };
        chains.push(chain);
      }
      chain.next = ordinal + 1;
      chain.time = time;
      chain.at = i;
    }
    if (chain && chain.session === undefined) chain.session = session;
    chainOf.push(chain);
    direct.push(session);
    previous = chain;
  }
  // A run no record of which names a session, whose records name turns and none a named record names: another
  // writer's, of a session the file never names (its turn ids are all it says of it).
  if (turnsNamed)
    for (const chain of chains) {
      if (chain.session !== undefined) continue;
      const ids = new Set<string>();
      for (const [i, c] of chainOf.entries()) if (c === chain && raws[i]) turnIdsOf(raws[i], ids);
      if (ids.size > 0 && [...ids].every((t) => !turns.has(t))) chain.session = unnamedSessionId([...ids][0]!);
    }
  return { own, sessions: raws.map((_, i) => direct[i] ?? chainOf[i]?.session ?? own) };
}

const UNNAMED = 'turn-';

/** The id `lineSessions` gives a session the file names only by a turn of it: `turn-<turn id>`. */
const unnamedSessionId = (turn: string): string => `${UNNAMED}${turn}`;

/** The turn id an unnamed session's id (`turn-<turn id>`) holds, or undefined for a real session id. */
export function unnamedSessionTurn(sessionId: string): string | undefined {
  return sessionId.startsWith(UNNAMED) ? sessionId.slice(UNNAMED.length) : undefined;
}

/** The session of the first of the record's turns a named record names. */
function knownTurnSession(raw: Obj, turns: ReadonlyMap<string, string>): string | undefined {
  for (const turn of turnIdsOf(raw)) {
    const session = turns.get(turn);
    if (session !== undefined) return session;
  }
  return undefined;
}

/** Whether a record that names no session names turns, none of which a named record names. */
function unnamedRecordOfUnknownTurn(
  raws: readonly (Obj | undefined)[],
  named: readonly (string | undefined)[],
  turns: ReadonlyMap<string, string>,
): boolean {
  if (turns.size === 0) return false;
  return raws.some((raw, i) => {
    if (!raw || named[i] !== undefined) return false;
    const ids = turnIdsOf(raw);
    return ids.size > 0 && [...ids].every((t) => !turns.has(t));
  });
}

/** The lines of each session other than the file's own, and where `split` moves them. */
export function otherSessionsOf(filePath: string, model: CodexModel): JoinedSessions | undefined {
  const attributed = lineSessions(model);
  if (!attributed) return undefined;
  const { own, sessions } = attributed;
  const raws = lineRecords(model);
  const lines = new Map<string, number[]>();
  const metaOf = new Map<string, Obj>();
  for (const [i, session] of sessions.entries()) {
    if (session === own) continue;
    const raw = raws[i];
    if (raw?.type === 'session_meta' && namedSession(raw) === session && !metaOf.has(session)) metaOf.set(session, raw);
    appendTo(lines, session, i + 1);
  }
  const dir = path.dirname(filePath);
  const others: OtherSession[] = [];
  for (const [sessionId, moved] of lines) {
    const meta = metaOf.get(sessionId);
    const payload = meta && isObj(meta.payload) ? meta.payload : undefined;
    const time = meta && (nameTime(payload?.timestamp) ?? nameTime(meta.timestamp));
    const id = typeof payload?.id === 'string' ? payload.id : sessionId;
    const to = time !== undefined ? `rollout-${time}-${id}.jsonl` : `${id}.lines.jsonl`;
    others.push({ sessionId: id, lines: moved, to: path.join(dir, to) });
  }
  return others.length > 0 ? { own, others } : undefined;
}
