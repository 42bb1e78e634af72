// copilot/tool-request-has-completion's fixes: Copilot's own "interrupted" completion for a call without one (marked
// interactionId "transcript-lint"), a completion moved after its call's events, a fresh id for a call whose id is
// empty or reused, a lost request rebuilt from its tool.execution_start, and a dropped line.
import { Copilot, type FixDescriptor } from '../../../src/sdk/index.js';
import { batchOf, isBoundary, requestsId, TOOL_EVENTS } from './events.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

/**
 * The completion the fix writes for a call without one: the text Copilot sends for it today, so the resumed
 * conversation stays the same (mid-history, the placeholder it sends in memory; at the end, the completion it
 * appends itself on resume).
 */
function interruptedCompletion(toolCallId: string, toolName: string, tail: boolean): Record<string, unknown> {
  return {
    toolCallId,
    model: 'resumed',
    interactionId: Copilot.MARK,
    success: false,
    error: { message: Copilot.interruptedText(toolName, tail), code: 'interrupted' },
  };
}

/** Copilot's interrupted completion for each missing call of a request, after the other events of its batch. */
export function missingFix(
  model: Model,
  request: Event,
  missing: { id: string; name: string }[],
  tail: boolean,
): FixDescriptor | undefined {
  const { end } = batchOf(model, request);
  const plan = new Copilot.CopilotFixPlan(model);
  for (const { id, name } of missing) {
    plan.insertEvent(end.line, {
      type: 'tool.execution_complete',
      data: interruptedCompletion(id, name, tail),
      id: plan.newId('interrupted', id, request.line),
      agentId: request.agentId,
    });
  }
  return plan.fix('safe', "Copilot's own interrupted completion, marked interactionId transcript-lint");
}

/** A late or early completion moved after the other events of its call. */
export function movedFix(model: Model, completion: Event, request: Event, late: boolean): FixDescriptor | undefined {
  const { end } = batchOf(model, request);
  return new Copilot.CopilotFixPlan(model)
    .moveEvent(completion, end.line)
    .fix(
      'safe',
      late ? 'move it back after the other events of its call' : 'move it after the other events of its call',
    );
}

/** Drop a line (a second or stray completion): unsafe, its content is lost from the session. */
export function droppedFix(model: Model, line: number, description: string): FixDescriptor | undefined {
  return new Copilot.CopilotFixPlan(model).deleteLine(line).fix('unsafe', description);
}

/** A new id for a call whose id is empty or reused, in its request and in the events of its batch. */
export function renamed(model: Model, request: Event, index: number, id: string): FixDescriptor | undefined {
  const events = model.events;
  const plan = new Copilot.CopilotFixPlan(model);
  const fresh = `toolu_tl${plan.newId('toolCallId', request.line, index).replace(/-/g, '').slice(0, 20)}`;
  plan.set(request.line, `/data/toolRequests/${index}/toolCallId`, fresh);
  // Its events: up to the next request that uses the same id.
  for (let i = request.index + 1; i < events.length; i++) {
    const e = events[i]!;
    if (requestsId(e, id)) break;
    if (TOOL_EVENTS.has(e.type) && Copilot.toolCallIdOf(e) === id) plan.set(e.line, '/data/toolCallId', fresh);
  }
  return plan.fix('safe', `rename the call ${fresh}`);
}

/**
 * The assistant.message of a tool event's own turn: the nearest one before it of its agent, unless its turn's
 * assistant.turn_start (or an earlier turn's turn_end, a prompt or a session.resume) comes first: then the answer
 * that requested the call is not in the file (differential seed 500: lines 14-19 of multi-turn deleted, a prompt and
 * the answer requesting two calls with them; the nearest message before the calls' starts is the turn before's).
 */
export function ownTurnMessage(events: readonly Event[], e: Event): Event | undefined {
  for (let i = e.index - 1; i >= 0; i--) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === 'assistant.message') return x;
    if (x.type === 'assistant.turn_start' || x.type === 'assistant.turn_end' || isBoundary(x)) return undefined;
  }
  return undefined;
}

/**
 * The lost request of a started call, rebuilt into the assistant.message before its start, in start order; when
 * the turn has none (it was torn or zeroed), into a new one before the first start.
 */
export function rebuiltRequest(model: Model, start: Event, id: string): FixDescriptor | undefined {
  const events = model.events;
  const message = ownTurnMessage(events, start);
  if (!message) return rebuiltMessage(model, start);
  const list = message.data?.toolRequests;
  if (!(Array.isArray(list) || list === undefined) || typeof start.data?.toolName !== 'string') return undefined;
  const requests = (list ?? []) as unknown[];
  // A message that already requests the id: another request there would be a second one, and the completion
  // still unpaired, so the fix would come back on every pass (the fuzzer's case: ten copies of one request).
  if (requests.some((r) => Copilot.isObject(r) && r.toolCallId === id)) return undefined;
  // Copilot starts calls in request order: the new entry goes before the first request started after it.
  const order = events
    .filter((e) => e.index > message.index && e.type === 'tool.execution_start' && e.agentId === start.agentId)
    .map((e) => Copilot.toolCallIdOf(e));
  const mine = order.indexOf(id);
  let at = requests.length;
  requests.forEach((r, i) => {
    const k = order.indexOf(Copilot.isObject(r) && typeof r.toolCallId === 'string' ? r.toolCallId : undefined);
    if (at === requests.length && k > mine) at = i;
  });
  const entry: Record<string, unknown> = {
    toolCallId: id,
    name: start.data.toolName,
    arguments: start.data.arguments ?? {},
    type: 'function',
  };
  const next = [...requests.slice(0, at), entry, ...requests.slice(at)];
  return new Copilot.CopilotFixPlan(model)
    .set(message.line, '/data/toolRequests', next)
    .fix(
      'unsafe',
      `rebuild the request from its tool.execution_start into the assistant.message on line ${message.line}`,
    );
}

/** The rebuilt assistant.message of each start whose turn lost it, per linted model (rebuiltMessage). */
const lostMessagesOf = new WeakMap<Model, Map<Event, FixDescriptor | undefined>>();

/**
 * A lost assistant.message rebuilt (differential seeds 50 and 109: its line torn or zeroed, its calls' starts and
 * completions kept, so Copilot dropped the calls and their results): one new assistant.message, marked, before
 * the first of the calls started after the turn's last prompt or resume that no message requests, with a
 * request per start in start order. Every such call's report gets the same fix.
 */
function rebuiltMessage(model: Model, start: Event): FixDescriptor | undefined {
  let lostMessages = lostMessagesOf.get(model);
  if (!lostMessages) lostMessagesOf.set(model, (lostMessages = new Map()));
  const known = lostMessages.get(start);
  if (known !== undefined || lostMessages.has(start)) return known;
  const events = model.events;
  let from = 0;
  for (let i = start.index - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.agentId === start.agentId && isBoundary(e)) {
      from = i + 1;
      break;
    }
  }
  const starts: Event[] = [];
  for (let i = from; i < events.length; i++) {
    const e = events[i]!;
    if (e.agentId !== start.agentId) continue;
    if (i > start.index && (e.type === 'assistant.message' || isBoundary(e))) break;
    const callId = Copilot.toolCallIdOf(e);
    if (e.type !== 'tool.execution_start' || callId === undefined || callId === '') continue;
    if (typeof e.data?.toolName !== 'string' || events.some((x) => requestsId(x, callId))) continue;
    if (!starts.some((x) => Copilot.toolCallIdOf(x) === callId)) starts.push(e);
  }
  const first = starts[0];
  const before = first && events[first.index - 1];
  let fix: FixDescriptor | undefined;
  if (first && before) {
    const plan = new Copilot.CopilotFixPlan(model);
    const data = {
      messageId: plan.newId('lost-message', first.line),
      content: '',
      toolRequests: starts.map((e) => ({
        toolCallId: Copilot.toolCallIdOf(e),
        name: e.data!.toolName,
        arguments: e.data!.arguments ?? {},
        type: 'function',
      })),
      interactionId: Copilot.MARK,
    };
    // The id the first start names as its parent, when no event holds it: the lost message's own.
    const named = first.parentId;
    const lostId = Copilot.isUuid(named) && model.eventsWithId(named).length === 0 ? named : undefined;
    plan.insertEvent(before.line, {
      type: 'assistant.message',
      data,
      id: lostId ?? plan.newId('lost-message-event', first.line),
      ...(start.agentId !== undefined ? { agentId: start.agentId } : {}),
    });
    fix = plan.fix('unsafe', 'rebuild the lost assistant.message of the calls from their tool.execution_start');
  }
  for (const e of starts) lostMessages.set(e, fix);
  if (!lostMessages.has(start)) lostMessages.set(start, undefined);
  return lostMessages.get(start);
}
