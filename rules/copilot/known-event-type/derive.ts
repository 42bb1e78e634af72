// copilot/known-event-type's fix values: a value for a missing or mistyped field, derived from the event and the
// events around it, and whether it is certain (safe) or a guess (unsafe).
import { Copilot } from '../../../src/sdk/index.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

const DATETIME_STAMP = /^<current_datetime>[^<]*<\/current_datetime>\n\n/;

/** A value for a missing required field, and whether it is certain (safe) or a guess (unsafe). */
export type Derived = { value: unknown; safe: boolean } | undefined;

export function derive(model: Model, e: Event, field: string, plan: Copilot.CopilotFixPlan): Derived {
  const d = e.data ?? {};
  const timestamp = typeof e.raw.timestamp === 'string' ? e.raw.timestamp : undefined;
  switch (`${e.type}.${field}`) {
    case 'assistant.message.messageId':
      return { value: plan.newId('messageId', e.line), safe: true };
    case 'assistant.message.content':
    case 'system.notification.content':
    case 'system.message.content':
      return { value: '', safe: true };
    case 'system.message.role':
      return { value: 'system', safe: true };
    case 'user.message.content':
      return typeof d.transformedContent === 'string'
        ? { value: d.transformedContent.replace(DATETIME_STAMP, ''), safe: true }
        : undefined;
    case 'tool.execution_complete.success':
      return { value: !Object.hasOwn(d, 'error'), safe: true };
    case 'tool.execution_complete.toolCallId':
    case 'tool.execution_start.toolCallId': {
      const guess = onlyCallLacking(model, e);
      return guess === undefined ? undefined : { value: guess, safe: false };
    }
    case 'tool.execution_start.toolName': {
      const id = Copilot.toolCallIdOf(e);
      for (const a of model.events)
        for (const { request } of Copilot.toolRequestsOf(a))
          if (id !== undefined && request.toolCallId === id && typeof request.name === 'string')
            return { value: request.name, safe: true };
      return undefined;
    }
    case 'session.start.sessionId':
      return model.folder !== undefined ? { value: model.folder, safe: true } : undefined;
    case 'session.start.version':
      return { value: 1, safe: true };
    case 'session.start.producer':
      return { value: 'copilot-agent', safe: true };
    case 'session.start.copilotVersion':
      return { value: '1.0.102', safe: false };
    case 'session.start.startTime':
    case 'session.resume.resumeTime':
      return timestamp ? { value: timestamp, safe: true } : undefined;
    case 'session.resume.eventCount':
      return { value: e.index, safe: true };
    case 'session.shutdown.shutdownType':
      return { value: 'routine', safe: true };
    case 'session.shutdown.totalApiDurationMs':
      return { value: 0, safe: true };
    case 'session.shutdown.sessionStartTime': {
      const start = model.events.find((x) => x.type === 'session.start');
      const ms = Date.parse(String(start?.data?.startTime ?? ''));
      return { value: Number.isNaN(ms) ? 0 : ms, safe: true };
    }
    case 'session.shutdown.codeChanges':
      return { value: { linesAdded: 0, linesRemoved: 0, filesModified: [] }, safe: true };
    case 'session.shutdown.modelMetrics':
      return { value: {}, safe: true };
    case 'assistant.turn_start.turnId':
    case 'assistant.turn_end.turnId':
      return { value: turnIdNear(model, e), safe: true };
    default:
      return undefined;
  }
}

/**
 * The toolCallId a start or completion lost: the one call of the request before it (same agent) that has no event of
 * its type, when there is exactly one.
 */
function onlyCallLacking(model: Model, e: Event): string | undefined {
  const events = model.events;
  const request = Copilot.turnRequestOf(events, e);
  if (!request) return undefined;
  const ids = Copilot.toolRequestsOf(request)
    .map(({ request: r }) => r.toolCallId)
    .filter((id): id is string => typeof id === 'string');
  const done = new Set<string>();
  const started = new Set<string>();
  for (let i = request.index + 1; i < events.length; i++) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === 'assistant.message' || x.type === 'user.message' || x.type === 'session.resume') break;
    const id = Copilot.toolCallIdOf(x);
    if (id === undefined) continue;
    if (x.type === e.type) done.add(id);
    if (x.type === 'tool.execution_start') started.add(id);
  }
  const candidates = ids.filter(
    (id) => !done.has(id) && (e.type !== 'tool.execution_complete' || started.size === 0 || started.has(id)),
  );
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** The turnId of the turn event this one pairs with (the start before an end, the end after a start), else "0". */
function turnIdNear(model: Model, e: Event): string {
  const events = model.events;
  const step = e.type === 'assistant.turn_end' ? -1 : 1;
  const other = e.type === 'assistant.turn_end' ? 'assistant.turn_start' : 'assistant.turn_end';
  for (let i = e.index + step; i >= 0 && i < events.length; i += step) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === other) return typeof x.data?.turnId === 'string' ? x.data.turnId : '0';
    if (x.type === e.type) break;
  }
  return '0';
}

/** A string that stands for the boolean or number the field needs. */
export function coerce(value: unknown, field: Copilot.RequiredField): unknown {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (field.type === 'boolean' && (v === 'true' || v === 'false')) return v === 'true';
  if ((field.type === 'integer' || field.type === 'number') && v !== '' && Number.isFinite(Number(v))) {
    const n = Number(v);
    return field.type === 'integer' && !Number.isInteger(n) ? undefined : n;
  }
  return undefined;
}
