// copilot/session-structure's duplicate check: a byte-identical copy of a line (the safe fix drops it) and an event
// id used twice (the unsafe fix gives the later event a new id).
import { Copilot, type FixDescriptor } from '../../../src/sdk/index.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

export function checkDuplicates(ctx: Ctx, events: readonly Event[]): void {
  const { model } = ctx;
  const reported = new Set<Event>();
  // Byte-identical copies, found first: adjacent ones (a block of lines written twice) go in one fix, since
  // each fix re-links the event after the lines it drops, and two fixes of neighbouring copies would re-link
  // the second copy to its own id (then the second drop conflicts and is never applied).
  const copies = new Set<Event>();
  for (const e of events) {
    if (e.id === undefined) continue;
    const same = model.eventsWithId(e.id);
    if (same.length < 2 || same[0] !== e) continue;
    const firstBytes = Buffer.from(model.file.lines[e.line - 1]!.bytes);
    for (const copy of same.slice(1)) if (firstBytes.equals(model.file.lines[copy.line - 1]!.bytes)) copies.add(copy);
  }
  const runFix = new Map<Event, FixDescriptor | undefined>();
  for (const e of events) {
    if (!copies.has(e) || runFix.has(e)) continue;
    const run: Event[] = [];
    for (let i = e.index; i < events.length && copies.has(events[i]!); i++) run.push(events[i]!);
    const plan = new Copilot.CopilotFixPlan(model);
    for (const c of run) plan.deleteLine(c.line);
    const fix = plan.fix('safe', run.length === 1 ? 'drop the copy' : `drop the ${run.length} copied lines`);
    for (const c of run) runFix.set(c, fix);
  }
  for (const e of events) {
    if (e.id === undefined || reported.has(e)) continue;
    const same = model.eventsWithId(e.id);
    if (same.length < 2 || same[0] !== e) continue;
    for (const copy of same.slice(1)) {
      reported.add(copy);
      if (copies.has(copy)) {
        ctx.report({
          messageId: 'duplicateLine',
          at: { line: copy.line },
          severity: 'warn',
          data: { first: e.line },
          fix: runFix.get(copy),
        });
        continue;
      }
      const plan = new Copilot.CopilotFixPlan(model);
      const id = plan.newId('duplicate-id', copy.line);
      plan.set(copy.line, '/id', id);
      const next = events[copy.index + 1];
      if (next && next.parentId === e.id && next.line > copy.line) plan.set(next.line, '/parentId', id);
      ctx.report({
        messageId: 'duplicateId',
        at: { line: copy.line },
        severity: 'warn',
        data: { id: e.id, first: e.line },
        fix: plan.fix('unsafe', 'a new id for the later event'),
      });
    }
  }
}
