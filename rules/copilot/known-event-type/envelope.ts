// copilot/known-event-type's envelope check: `id` a UUID, `timestamp` an ISO 8601 date-time with an offset, a
// `parentId` key holding a UUID or null. Each miss makes Copilot's loader refuse the session.
import { Copilot } from '../../../src/sdk/index.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

const EPOCH = '1970-01-01T00:00:00.000Z';

export function checkEnvelope(ctx: Ctx, e: Event, previous: Event | undefined, next: Event | undefined): void {
  const { model } = ctx;
  const events = model.events;
  const at = { line: e.line };
  const raw = e.raw;
  if (!Copilot.isUuid(raw.id)) {
    const plan = new Copilot.CopilotFixPlan(model);
    // The id the next event names as its parent, when no event holds it: the id this one had.
    const named = next?.parentId;
    const id = Copilot.isUuid(named) && model.eventsWithId(named).length === 0 ? named : plan.newId('id', e.line);
    plan.set(e.line, '/id', id);
    if (typeof raw.id === 'string' && raw.id !== '')
      for (const child of events) if (child.parentId === raw.id) plan.set(child.line, '/parentId', id);
    ctx.report({
      messageId: 'badId',
      at,
      data: { what: raw.id === undefined ? 'is missing' : `is ${Copilot.jsonTypeOf(raw.id)}`, line: e.line },
      fix: plan.fix('safe', id === named ? 'the id its next event names as parent' : 'a new UUID'),
    });
  }
  if (!Copilot.isTimestamp(raw.timestamp)) {
    const near = [previous, next].find((x) => x && Copilot.isTimestamp(x.raw.timestamp));
    const value = (near?.raw.timestamp as string | undefined) ?? EPOCH;
    ctx.report({
      messageId: 'badTimestamp',
      at,
      data: { what: raw.timestamp === undefined ? 'is missing' : `is ${Copilot.jsonTypeOf(raw.timestamp)}` },
      fix: new Copilot.CopilotFixPlan(model)
        .set(e.line, '/timestamp', value)
        .fix('safe', near === previous ? "the previous event's timestamp" : "the next event's timestamp"),
    });
  }
  const parent = previous?.id ?? null;
  if (!e.hasParentId || (e.parentId !== null && !Copilot.isUuid(e.parentId))) {
    const fix = new Copilot.CopilotFixPlan(model)
      .set(e.line, '/parentId', parent)
      .fix('safe', parent === null ? 'null (the first event)' : "the previous event's id");
    if (!e.hasParentId) ctx.report({ messageId: 'noParentId', at, fix });
    else ctx.report({ messageId: 'badParentId', at, data: { what: Copilot.jsonTypeOf(e.parentId) }, fix });
  }
}
