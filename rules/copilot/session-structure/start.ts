// copilot/session-structure's start check: one session.start, first, whose sessionId is the folder's name; with
// none, the unsafe fix makes one again from the folder name and workspace.yaml.
import { Copilot } from '../../../src/sdk/index.js';
import { inDamagedLine } from './damaged.js';
import type { Ctx } from './messages.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

/** Whether session.start is the first event. */
export function checkStart(ctx: Ctx, events: readonly Event[], otherStarts: Set<Event>): boolean {
  const { model } = ctx;
  const starts = events.filter((e) => e.type === 'session.start');
  const first = events[0]!;
  const ownLine = Copilot.ownStartInDamagedLine(model);
  if (ownLine !== undefined && starts.length > 0) {
    for (const s of starts) {
      otherStarts.add(s);
      const data = { id: String(s.data?.sessionId), folder: model.folder!, own: ownLine };
      // Kept by an earlier fix in a kept-line event: Copilot skips the event, it reads the line well (seed 539).
      const kept = model.events.some((e) => e.line === ownLine && e.type === Copilot.KEPT_LINE);
      ctx.report({ messageId: kept ? 'otherSessionOwnKept' : 'otherSessionOwnDamaged', at: { line: s.line }, data });
    }
    return false;
  }
  if (starts.length === 0) {
    ctx.report({ messageId: 'noStart', at: { line: first.line }, fix: rebuiltStart(model, first) });
    return false;
  }
  const start = starts[0]!;
  if (start !== first) {
    ctx.report({
      messageId: 'startNotFirst',
      at: { line: start.line },
      severity: 'warn',
      fix: new Copilot.CopilotFixPlan(model).moveEvent(start, 0).fix('safe', 'move session.start to the top'),
    });
  }
  for (const s of starts.slice(1)) {
    const other = s.data?.sessionId;
    // Another session's start: two sessions' events.jsonl joined into one file (measured: the rule's header).
    if (typeof other === 'string' && other !== start.data?.sessionId) {
      otherStarts.add(s);
      // Nothing of it that Copilot sends (differential seed 286: a crash right after another session's start was
      // appended; Copilot 1.0.102 resumed clean, the file only appended to): a warning.
      const next = starts.find((x) => x.index > s.index && x.data?.sessionId !== other);
      const quiet = !events.some(
        (e) =>
          e.index > s.index && (next === undefined || e.index < next.index) && Copilot.CONVERSATION_EVENTS.has(e.type),
      );
      const data = { id: other, first: start.line };
      if (quiet) ctx.report({ messageId: 'otherSessionQuiet', at: { line: s.line }, severity: 'warn', data });
      else ctx.report({ messageId: 'otherSession', at: { line: s.line }, data });
    } else ctx.report({ messageId: 'secondStart', at: { line: s.line }, severity: 'warn' });
  }
  const id = start.data?.sessionId;
  const folder = model.folder;
  if (folder !== undefined && typeof id === 'string' && id !== folder) {
    const uuidFolder = Copilot.isUuid(folder);
    ctx.report({
      messageId: 'sessionId',
      at: { line: start.line },
      severity: 'warn',
      data: { id, folder, hint: uuidFolder ? '' : ` (rename the folder to ${id} if that is the session's id)` },
      fix: uuidFolder
        ? new Copilot.CopilotFixPlan(model).set(start.line, '/data/sessionId', folder).fix('safe', 'the folder name')
        : undefined,
    });
  }
  return start === first;
}

/** session.start made again from workspace.yaml (its id is the folder), unless the start may be in a damaged line. */
function rebuiltStart(model: Model, first: Event) {
  const folder = model.folder;
  if (folder === undefined || inDamagedLine(model, '"session.start"')) return undefined;
  const ws = model.sidecar?.workspace;
  const fields = ws?.status === 'ok' ? ws.fields : undefined;
  const created = fields?.get('created_at');
  const timestamp = Copilot.isTimestamp(created) ? created : (first.raw.timestamp as string | undefined);
  if (!Copilot.isTimestamp(timestamp)) return undefined;
  const cwd = fields?.get('cwd');
  const plan = new Copilot.CopilotFixPlan(model);
  const data: Record<string, unknown> = {
    sessionId: folder,
    version: 1,
    producer: 'copilot-agent',
    copilotVersion: '1.0.102',
    startTime: timestamp,
  };
  if (cwd) data.context = { cwd };
  // The id the first event names as its parent, when no event holds it: the lost start's own.
  const named = first.parentId;
  const id = Copilot.isUuid(named) && model.eventsWithId(named).length === 0 ? named : plan.newId('session.start');
  plan.insertEvent(0, { type: 'session.start', data, id, timestamp });
  return plan.fix('unsafe', 'a session.start made from the folder name and workspace.yaml');
}
