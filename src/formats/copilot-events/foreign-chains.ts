// Another session's events mixed into an events.jsonl without its session.start: a second writer appending lines of
// another session while this one kept writing (differential seeds 68 and 78: Copilot CLI 1.0.102 sent the
// other session's answers as part of this one). Copilot chains every event to the one its process wrote before it,
// so such events form chains whose first event names a parent no event of the file holds, while this session's own
// chain goes on across them: a later event names a parent written before that first event. A block of lines deleted
// by hand leaves a dangling parent too, but nothing after it reaches back across it.
import { KEPT_LINE_TYPE } from '../../fixer/kept-bytes.js';
import type { CopilotEvent } from './events.js';
import type { CopilotModel } from './model.js';

/** A chain of another writer's events: its first event (whose parent the file does not hold) and all of them. */
export interface ForeignChain {
  root: CopilotEvent;
  events: CopilotEvent[];
  /** The first event of this session's own chain that goes on across the chain, if one does. */
  crossing?: CopilotEvent;
  /** Else the first event of a chain of this session's, later in the file, that was written before this chain. */
  overtaken?: CopilotEvent;
  /** Else the event of the chain that names another session (a usage record or a shutdown), and that session. */
  named?: { record: CopilotEvent; session: string };
}

/** The events Copilot builds the conversation from, or that end its pairing of calls and results. */
export const CONVERSATION_EVENTS: ReadonlySet<string> = new Set([
  'user.message',
  'assistant.message',
  'tool.execution_complete',
  'session.resume',
]);

/**
 * The chains whose root names a parent held by no event and by no damaged line (`inDamaged`: another rule repairs
 * those), and that this session's own events cross. Each event goes with the chain of its parent. The session's own
 * events are those of no chain, and those of a chain no own event crosses: after a block deleted by hand they start
 * a chain too, and an event of theirs that reaches back across another chain shows that one to be foreign
 * (differential seed 95: another writer's lines after such a gap, sent by Copilot 1.0.102 as part of this session).
 */
export function foreignChains(
  events: readonly CopilotEvent[],
  inDamaged: (id: string) => boolean,
  own?: string,
): ForeignChain[] {
  const ids = new Set(events.map((e) => e.id).filter((id): id is string => id !== undefined));
  const lineOf = new Map<string, number>();
  for (const e of events) if (e.id !== undefined && !lineOf.has(e.id)) lineOf.set(e.id, e.line);
  const chainOfId = new Map<string, ForeignChain>();
  const chains: ForeignChain[] = [];
  /** Each chain's crossings: an event that names a parent before the chain's root, and that event's own chain. */
  const crossings = new Map<ForeignChain, { event: CopilotEvent; of: ForeignChain | undefined }[]>();
  for (const e of events) {
    const parent = e.parentId;
    let chain = typeof parent === 'string' ? chainOfId.get(parent) : undefined;
    if (!chain && typeof parent === 'string' && !ids.has(parent) && !inDamaged(parent)) {
      chain = { root: e, events: [] };
      chains.push(chain);
      crossings.set(chain, []);
    }
    if (chain) {
      chain.events.push(e);
      if (e.id !== undefined && !chainOfId.has(e.id)) chainOfId.set(e.id, chain);
    }
    const parentLine = typeof parent === 'string' ? lineOf.get(parent) : undefined;
    if (parentLine === undefined) continue;
    for (const c of chains)
      if (c !== chain && c.root.line > parentLine && c.root.line < e.line)
        crossings.get(c)!.push({ event: e, of: chain });
  }
  // A chain crosses only chains rooted after its own root, so deciding them in root order decides each crosser first.
  // A chain's crossing counts when a usage record or shutdown of it names this session (differential seed 83: another writer's
  // chain came first and reached back across this session's own after a deleted block, whose usage record is
  // this session's). Chains whose roots name the same missing event are two writers going on from one lost line
  // (two terminals that resumed after a shutdown later torn, differential seed 111): neither makes the other foreign.
  const attested = (c: ForeignChain) => own !== undefined && c.events.some((e) => sessionsNamedBy(e.raw).includes(own));
  const foreign = new Map<ForeignChain, CopilotEvent>();
  for (const c of chains) {
    // A chain a usage record of which names this session is this session's, whatever crosses it (seed 107: after a
    // torn session.start was rebuilt, this session's whole conversation formed such a chain).
    if (attested(c)) continue;
    const by = crossings
      .get(c)!
      .find(
        (x) => x.of === undefined || (!foreign.has(x.of) && attested(x.of) && x.of.root.parentId !== c.root.parentId),
      );
    if (by) foreign.set(c, by.event);
  }
  // A chain nothing crosses is another writer's when a chain of this session's (a usage record of it names this
  // session) comes after it in the file but was written before it: one process appends its events in the order it
  // writes them (differential seed 83: another session's lone answer, then this session's chain after a deleted
  // block, 39 seconds older; Copilot 1.0.102 sent the answer as this session's). Roots naming one missing event are
  // two writers going on from one lost line, as above.
  const overtaken = (c: ForeignChain): CopilotEvent | undefined => {
    if (attested(c) || !c.events.some((e) => CONVERSATION_EVENTS.has(e.type))) return undefined;
    // A chain that starts with a session.resume and names no other session is another terminal's resume of this
    // session: Copilot writes session.resume only into the file of the session it resumes, and two terminals write
    // out of time order (differential seed 525: two terminals resumed one-tool, the end of the original and
    // terminal A's session.resume deleted, terminal B's usage record and answer zeroed; Copilot 1.0.102 sent both
    // terminals' prompts as this session's). Another session's resume is found by what names that session.
    if (c.root.type === 'session.resume' && !c.events.some((e) => otherSessionNamedBy(e.raw, own) !== undefined))
      return undefined;
    const written = timeOf(c.root);
    if (written === undefined) return undefined;
    for (const later of chains) {
      if (later.root.line <= c.root.line || later.root.parentId === c.root.parentId || !attested(later)) continue;
      const time = timeOf(later.root);
      if (time !== undefined && time < written) return later.root;
    }
    return undefined;
  };
  // A chain nothing crosses (no event of this session after it) is another session's when a usage record of the main
  // agent or a shutdown in it names that session (sessionsNamedBy), and it holds what Copilot sends (differential seed 124: interrupted-resumed's
  // answer and call at the end of plain's file, sent by Copilot 1.0.102 as plain's).
  const out: ForeignChain[] = [];
  for (const c of chains) {
    const crossing = foreign.get(c);
    if (crossing) {
      out.push({ ...c, crossing });
      continue;
    }
    const later = overtaken(c);
    if (later) {
      out.push({ ...c, overtaken: later });
      continue;
    }
    if (own === undefined || !c.events.some((e) => CONVERSATION_EVENTS.has(e.type))) continue;
    for (const record of c.events) {
      const session = record.agentId === undefined ? otherSessionNamedBy(record.raw, own) : undefined;
      if (session === undefined) continue;
      out.push({ ...c, named: { record, session } });
      break;
    }
  }
  return out;
}

/** An event's timestamp in milliseconds, when it is one. */
function timeOf(e: CopilotEvent): number | undefined {
  const t = typeof e.raw.timestamp === 'string' ? Date.parse(e.raw.timestamp) : Number.NaN;
  return Number.isNaN(t) ? undefined : t;
}

/** Whether a line too damaged to read as an event (valid-json's and its kin's to repair) mentions the text. */
export function inDamagedLine(model: CopilotModel, text: string): boolean {
  return damagedLineWith(model, text) !== undefined;
}

/** The first line too damaged to read as an event that mentions the text. */
export function damagedLineWith(model: CopilotModel, text: string): number | undefined {
  for (const [line, framing] of model.framing()) {
    if (framing.kind === 'blank' || framing.kind === 'separator') continue;
    if (model.text(line).includes(text)) return line;
  }
  return undefined;
}

/**
 * The damaged line that holds the session.start of the session's folder, when no readable event does (Copilot writes
 * `{"type":"session.start","data":{"sessionId":…` first, so a start cut later still names its session). Then every
 * readable session.start is another session's (differential seed 248: interrupted's start torn by NUL bytes, and
 * unicode-sep's file appended; Copilot 1.0.102 dropped the torn line and resumed unicode-sep's conversation).
 */
export function ownStartInDamagedLine(model: CopilotModel): number | undefined {
  const folder = model.folder;
  if (folder === undefined) return undefined;
  if (model.events.some((e) => e.type === 'session.start' && e.data?.sessionId === folder)) return undefined;
  const prefix = `{"type":"session.start","data":{"sessionId":${JSON.stringify(folder)}`;
  const damaged = damagedLineWith(model, prefix);
  if (damaged !== undefined) return damaged;
  // Or kept by an earlier fix, in a transcript-lint.kept-line event, which Copilot skips (differential seed 539: this
  // session's start cut off, another session's glued on behind it; once the line was split in two, the other's start
  // was taken for this one's, and the fix renamed it, so Copilot sent the other session's conversation as this one's).
  return model.events.find(
    (e) => e.type === KEPT_LINE_TYPE && typeof e.data?.text === 'string' && e.data.text.startsWith(prefix),
  )?.line;
}

/** The session a usage record says it was written for (`data.usage.accounting.sourceSessionId`), if any. */
export function sourceSessionOf(raw: Record<string, unknown>): string | undefined {
  const data = raw.data as Record<string, unknown> | undefined;
  const usage = data?.usage as Record<string, unknown> | undefined;
  const accounting = usage?.accounting as Record<string, unknown> | undefined;
  return typeof accounting?.sourceSessionId === 'string' ? accounting.sourceSessionId : undefined;
}

/**
 * The sessions an event names as the one it was written for: a usage record's sourceSessionId, or the keys of a
 * session.shutdown's `usageAccountingWatermarks` (every recording's shutdown names its own session there, subagent's
 * a subagent's too; differential seed 292: another session's shutdown, its only event naming that session).
 */
export function sessionsNamedBy(raw: Record<string, unknown>): string[] {
  const source = sourceSessionOf(raw);
  if (source !== undefined) return [source];
  if (raw.type !== 'session.shutdown') return [];
  const data = raw.data as Record<string, unknown> | undefined;
  const marks = data?.usageAccountingWatermarks;
  return marks !== null && typeof marks === 'object' && !Array.isArray(marks) ? Object.keys(marks) : [];
}

/** The other session an event names (sessionsNamedBy), when it does not name `own`. */
export function otherSessionNamedBy(raw: Record<string, unknown>, own: string | undefined): string | undefined {
  const named = sessionsNamedBy(raw);
  return named.includes(own ?? '') ? undefined : named[0];
}

/** The session's own id: its folder's name, else its session.start's sessionId. */
function ownSessionOf(model: CopilotModel): string | undefined {
  const start = model.events.find((e) => e.type === 'session.start');
  const id = start?.data?.sessionId;
  return model.folder ?? (typeof id === 'string' ? id : undefined);
}

/** The file's foreign chains (foreignChains), a parent in a damaged line not counting as missing. */
export function foreignChainsOf(model: CopilotModel): ForeignChain[] {
  return foreignChains(model.events, (id) => inDamagedLine(model, id), ownSessionOf(model));
}
