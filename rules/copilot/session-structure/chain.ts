// copilot/session-structure's chain checks: each event's parentId is the id of the event before it, and a
// session.shutdown is followed by a session.resume or by nothing.
import { Copilot } from '../../../src/sdk/index.js';
import { damagedBetweenIn, inDamagedLine } from './damaged.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

export function checkParents(
  ctx: Ctx,
  events: readonly Event[],
  otherStarts: ReadonlySet<Event>,
  foreignRoots: ReadonlySet<Event>,
  foreign: ReadonlySet<Event> = new Set(),
): void {
  const { model } = ctx;
  const seen = new Set<string>();
  /** The last event before, not another writer's (a parent repointed to one would join this session to its chain). */
  let ownBefore: Event | undefined;
  for (const e of events) {
    const previous = events[e.index - 1];
    if (previous && !foreign.has(previous)) ownBefore = previous;
    const at = { line: e.line };
    const want = (foreign.has(e) ? previous : ownBefore)?.id ?? null;
    const repoint = (description: string) =>
      new Copilot.CopilotFixPlan(model).set(e.line, '/parentId', want).fix('safe', description);
    const parent = e.parentId;
    const earlier = typeof parent === 'string' && seen.has(parent);
    if (e.id !== undefined) seen.add(e.id);
    // A malformed parentId, or one after an event without a proper id, is known-event-type's (Copilot rejects
    // both); after a damaged line the parent is most likely the event that line held (other rules repair it).
    if (!e.hasParentId || (parent !== null && !Copilot.isUuid(parent))) continue;
    if (previous && (!Copilot.isUuid(previous.id) || damagedBetweenIn(model, previous.line, e.line))) continue;
    if (previous === undefined) {
      if (parent !== null)
        ctx.report({ messageId: 'firstParent', at, severity: 'warn', data: { parent }, fix: repoint('null') });
      continue;
    }
    if (parent === null) {
      if (otherStarts.has(e)) continue;
      ctx.report({ messageId: 'nullParent', at, severity: 'warn', fix: repoint("the previous event's id") });
      continue;
    }
    if (earlier) continue;
    const holders = model.eventsWithId(parent);
    if (holders.length === 0) {
      // The parent may be the event of a damaged line another rule repairs.
      if (inDamagedLine(model, parent) || foreignRoots.has(e)) continue;
      ctx.report({
        messageId: 'danglingParent',
        at,
        severity: 'warn',
        data: { parent },
        fix: repoint("the previous event's id"),
      });
    } else {
      ctx.report({
        messageId: 'forwardParent',
        at,
        severity: 'warn',
        data: { parent, what: parent === e.id ? 'the event itself' : `a later event (line ${holders[0]!.line})` },
        fix: repoint("the previous event's id"),
      });
    }
  }
}

export function checkShutdowns(
  ctx: Ctx,
  events: readonly Event[],
  otherStarts: ReadonlySet<Event>,
  foreign: ReadonlySet<Event> = new Set(),
): void {
  const { model } = ctx;
  /** The last event before, not another writer's: its shutdown does not end this session's writes. */
  let previous: Event | undefined;
  for (const e of events) {
    const before = previous;
    if (foreign.has(e)) continue;
    previous = e;
    if (before?.type !== 'session.shutdown' || e.type === 'session.resume' || otherStarts.has(e)) continue;
    // A damaged line between them may be the session.resume.
    if (damagedBetweenIn(model, before.line, e.line)) continue;
    ctx.report({ messageId: 'afterShutdown', at: { line: e.line }, severity: 'warn', data: { type: e.type } });
  }
}
