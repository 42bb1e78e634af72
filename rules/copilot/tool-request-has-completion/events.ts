// copilot/tool-request-has-completion's analysis: a call's batch of events, the agent's requests and completions by
// call id, and the questions the check asks of the events around a call (damaged lines, an abort, a boundary).
import { appendTo, Copilot } from '../../../src/sdk/index.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

export const TOOL_EVENTS = new Set([
  'tool.execution_start',
  'tool.execution_complete',
  'tool.execution_partial_result',
  'subagent.started',
  'subagent.completed',
  'subagent.failed',
]);

export const isBoundary = (e: Event): boolean => e.type === 'session.resume' || e.type === 'user.message';

/** The events of a request's batch: after it, up to that agent's next assistant.message or boundary. */
export function batchOf(model: Model, request: Event): { end: Event; events: Event[] } {
  const events = model.events;
  const out: Event[] = [];
  let end = request;
  for (let i = request.index + 1; i < events.length; i++) {
    const e = events[i]!;
    const own = e.agentId === request.agentId;
    if (own && (e.type === 'assistant.message' || e.type === 'assistant.turn_end' || isBoundary(e))) break;
    if (!own && e.type === 'session.resume') break;
    out.push(e);
    // Tool events of this batch, and a subagent's events (they run inside a call of it), extend it.
    if (!own || TOOL_EVENTS.has(e.type)) end = e;
  }
  return { end, events: out };
}

const unread = new WeakMap<Model, boolean>();

/**
 * Whether a line another rule must repair first mentions this call (its completion may be in it), or a line too long
 * to be read may hold it.
 */
export function inDamagedLine(model: Model, toolCallId: string): boolean {
  const needle = `"${toolCallId}"`;
  for (const [line, framing] of model.framing()) {
    if (framing.kind === 'blank') continue;
    if (model.text(line).includes(needle)) return true;
  }
  let tooLong = unread.get(model);
  if (tooLong === undefined) {
    tooLong = model.file.lines.some((l) => l.problems.some((p) => p.kind === 'too-long'));
    unread.set(model, tooLong);
  }
  return tooLong;
}

/** Whether an assistant.message requests a call of this id. */
export function requestsId(e: Event, id: string): boolean {
  return Copilot.toolRequestsOf(e).some(({ request }) => request.toolCallId === id);
}

/** A completion that holds no result: Copilot's (or our) "interrupted" placeholder. */
export function isInterrupted(e: Event): boolean {
  const error = e.data?.error;
  return e.data?.success === false && Copilot.isObject(error) && error.code === 'interrupted';
}

/** An agent's events, and its completions and requests of each call id, in file order. */
export interface AgentCalls {
  own: Event[];
  completionsOf: Map<string, Event[]>;
  requestsOf: Map<string, Event[]>;
}

export function agentCalls(events: readonly Event[], agent: string | undefined): AgentCalls {
  const own = events.filter((e) => e.agentId === agent);
  const completionsOf = new Map<string, Event[]>();
  const requestsOf = new Map<string, Event[]>();
  const add = (map: Map<string, Event[]>, id: string, e: Event) => {
    appendTo(map, id, e);
  };
  for (const e of own) {
    const id = Copilot.toolCallIdOf(e);
    if (e.type === 'tool.execution_complete' && id !== undefined) add(completionsOf, id, e);
    for (const { request: r } of Copilot.toolRequestsOf(e))
      if (typeof r.toolCallId === 'string' && requestsOf.get(r.toolCallId)?.at(-1) !== e)
        add(requestsOf, r.toolCallId, e);
  }
  return { own, completionsOf, requestsOf };
}

/**
 * Whether the user stopped the turn (Ctrl-C) before its calls completed: Copilot 1.0.102 then writes `abort`
 * (reason user_abort) and no completion for the calls still running, and on resume sends them as interrupted
 * (recorded). That is its own record of what happened, and it resumes clean: nothing to report.
 */
export function abortedAfter(events: readonly Event[], request: Event): boolean {
  for (let i = request.index + 1; i < events.length; i++) {
    const x = events[i]!;
    if (isBoundary(x) && (x.agentId === request.agentId || x.type === 'session.resume')) return false;
    if (x.type === 'abort') return true;
  }
  return false;
}

/** Whether the request's batch holds a completion without a toolCallId (known-event-type's to repair). */
export function unnamedCompletionIn(model: Model, request: Event): boolean {
  return batchOf(model, request).events.some(
    (e) =>
      e.type === 'tool.execution_complete' && e.agentId === request.agentId && typeof e.data?.toolCallId !== 'string',
  );
}

/** Whether an assistant.message whose toolRequests is not an array names the call. */
export function inUnreadableRequests(events: readonly Event[], id: string): boolean {
  return events.some((e) => {
    const list = e.type === 'assistant.message' ? e.data?.toolRequests : undefined;
    if (!Copilot.isObject(list)) return false;
    return Object.values(list).some((r) => Copilot.isObject(r) && r.toolCallId === id);
  });
}

/** Whether two events are byte-identical lines. */
export function sameLine(model: Model, a: Event, b: Event): boolean {
  return Buffer.from(model.file.lines[a.line - 1]!.bytes).equals(model.file.lines[b.line - 1]!.bytes);
}

/** Whether a session.resume lies between an event and a later request. */
export function resumeBetween(events: readonly Event[], e: Event, request: Event): boolean {
  for (let i = e.index + 1; i < request.index; i++) if (events[i]!.type === 'session.resume') return true;
  return false;
}
