// copilot/tool-request-has-completion: every tool call an assistant.message requests (`toolRequests`) has its
// tool.execution_complete, and every completion answers a request, the way Copilot CLI pairs them on resume: by
// toolCallId, per agent, up to the next session.resume (a later prompt does not end it: recorded). A call left
// without one gets a placeholder result (mid-history "The execution of this tool, or a previous tool was
// interrupted.", in memory; at the end of the file an "interrupted" completion Copilot appends itself); a completion
// after the resume is not paired, so its real result is replaced by the placeholder; a completion whose request is
// gone vanishes with its call; a toolCallId used twice, or empty, goes to the API as it is, which rejects it.
// The completions this rule writes are Copilot's own "interrupted" ones, marked with interactionId "transcript-lint".
import { Copilot, defineRule, type FixDescriptor } from '../../src/sdk/index.js';

type Model = Copilot.CopilotModel;
type Event = Copilot.CopilotEvent;

const TOOL_EVENTS = new Set([
  'tool.execution_start',
  'tool.execution_complete',
  'tool.execution_partial_result',
  'subagent.started',
  'subagent.completed',
  'subagent.failed',
]);

const isBoundary = (e: Event): boolean => e.type === 'session.resume' || e.type === 'user.message';

/** The events of a request's batch: after it, up to that agent's next assistant.message or boundary. */
function batchOf(model: Model, request: Event): { end: Event; events: Event[] } {
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
function inDamagedLine(model: Model, toolCallId: string): boolean {
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
function requestsId(e: Event, id: string): boolean {
  return Copilot.toolRequestsOf(e).some(({ request }) => request.toolCallId === id);
}

/** A completion that holds no result: Copilot's (or our) "interrupted" placeholder. */
function isInterrupted(e: Event): boolean {
  const error = e.data?.error;
  return e.data?.success === false && Copilot.isObject(error) && error.code === 'interrupted';
}

/** Copilot's own completion of an interrupted call, as it appends one on resume, marked as ours. */
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

export default defineRule({
  meta: {
    id: 'copilot/tool-request-has-completion',
    type: 'problem',
    view: 'copilot',
    description:
      'Every tool request has one tool.execution_complete before the next resume, every completion answers a request, and tool call ids are unique and not empty.',
    docs: {
      detects:
        'a tool request with no completion, or one before the request or after the next prompt; a completion of no request, or a second one; a reused or empty toolCallId',
      fix: "safe (Copilot's interrupted completion, marked; move an early or late completion to its call; rename a reused or empty id); unsafe (rebuild a lost request from its start, drop a stray completion)",
      severity: { copilot: 'error (a result lost, the API rejects) / warn (papered over)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      missingMid:
        'Tool call {{id}} ({{name}}) has no tool.execution_complete; on resume Copilot sends "The execution of this tool, or a previous tool was interrupted." as its result (in memory; the file keeps the gap).',
      missingTail:
        'Tool call {{id}} ({{name}}) has no tool.execution_complete: the session ended while it ran. On resume Copilot appends an "interrupted" completion itself and warns that files may be partially changed.',
      late: 'The tool.execution_complete of {{id}} (line {{completion}}) comes after the next session.resume, so Copilot does not pair it: it sends "The execution of this tool, or a previous tool was interrupted." instead of the real result.',
      early:
        'The tool.execution_complete of {{id}} comes before the assistant.message that requests it (line {{request}}); Copilot pairs a completion only after its request, so it ignores this one and sends "The execution of this tool, or a previous tool was interrupted." instead of the real result.',
      second:
        'A second tool.execution_complete for {{id}} (the first is on line {{first}}); Copilot uses the first and ignores this one.',
      orphanStarted:
        'tool.execution_complete of {{id}}, which no assistant.message requests (its tool.execution_start on line {{start}} says it was {{name}}); Copilot drops the call and its result from the conversation.',
      beforeRequest:
        'tool.execution_complete of {{id}} comes before the assistant.message that first requests it (line {{request}}), and Copilot pairs a completion only after its request: it ignores this one (its tool.execution_start on line {{start}} says it was {{name}}).',
      orphan: 'tool.execution_complete of {{id}}, a call no event requests or starts; Copilot ignores it.',
      reusedId:
        'Tool call id {{id}} is already the id of a call on line {{first}}; Copilot sends both, and the API rejects the request (400 "`tool_use` ids must be unique").',
      emptyId:
        'Tool call {{index}} of this assistant.message has an empty toolCallId; Copilot sends it without a result, and the API rejects the request (400 "`tool_use` ids were found without `tool_result` blocks").',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const events = model.events;
    const agents = [...new Set(events.map((e) => e.agentId))];
    for (const agent of agents) checkAgent(agent);

    function checkAgent(agent: string | undefined): void {
      const own = events.filter((e) => e.agentId === agent);
      const pairing = model.pairing(agent);
      // The agent's completions and requests of each call id, in file order.
      const completionsOf = new Map<string, Event[]>();
      const requestsOf = new Map<string, Event[]>();
      const add = (map: Map<string, Event[]>, id: string, e: Event) => {
        const list = map.get(id);
        if (list) list.push(e);
        else map.set(id, [e]);
      };
      for (const e of own) {
        const id = Copilot.toolCallIdOf(e);
        if (e.type === 'tool.execution_complete' && id !== undefined) add(completionsOf, id, e);
        for (const { request: r } of Copilot.toolRequestsOf(e))
          if (typeof r.toolCallId === 'string' && requestsOf.get(r.toolCallId)?.at(-1) !== e)
            add(requestsOf, r.toolCallId, e);
      }
      const paired = new Set<Event>();
      const requested = new Map<string, Event>();
      for (const request of own) {
        const calls = Copilot.toolRequestsOf(request);
        if (calls.length === 0) continue;
        const missing: { id: string; name: string }[] = [];
        for (const { index, request: call } of calls) {
          const id = call.toolCallId;
          if (typeof id !== 'string') continue;
          if (id === '') {
            ctx.report({
              messageId: 'emptyId',
              at: { line: request.line },
              data: { index },
              fix: renamed(request, index, id),
            });
            continue;
          }
          const earlier = requested.get(id);
          if (earlier) {
            ctx.report({
              messageId: 'reusedId',
              at: { line: request.line },
              data: { id, first: earlier.line },
              fix: renamed(request, index, id),
            });
            continue;
          }
          requested.set(id, request);
          const completion = pairing.completionOf(request, id);
          // Its completions: after it, up to a later request that uses the id again (those are that one's).
          const reuse = requestsOf.get(id)?.find((x) => x.index > request.index);
          const all = (completionsOf.get(id) ?? []).filter(
            (e) => e.index > request.index && (reuse === undefined || e.index < reuse.index),
          );
          if (completion) {
            paired.add(completion);
            for (const extra of all.filter((e) => e !== completion)) {
              paired.add(extra);
              // A byte-identical copy of the line is session-structure's (duplicateLine).
              if (sameLine(completion, extra)) continue;
              ctx.report({
                messageId: 'second',
                at: { line: extra.line },
                severity: 'warn',
                data: { id, first: completion.line },
                fix: new Copilot.CopilotFixPlan(model)
                  .deleteLine(extra.line)
                  .fix('unsafe', 'drop the second completion'),
              });
            }
            continue;
          }
          if (inDamagedLine(model, id) || unnamedCompletionIn(request)) continue;
          const late = all[0];
          if (late) {
            for (const e of all) paired.add(e);
            // The "interrupted" completion Copilot appends after its session.resume: a placeholder either way.
            if (isInterrupted(late)) continue;
            reportMoved(late, request, 'late', { id, completion: late.line });
            continue;
          }
          // A completion before its request (no earlier request has the id: that was reusedId): Copilot pairs only
          // what comes after a request, so it is ignored and the call sent as interrupted. Moved after the call's
          // events it is the result again; the call is not reported as missing too (two fixes, two completions).
          const early = (completionsOf.get(id) ?? []).find(
            (e) => e.index < request.index && !paired.has(e) && !boundaryBetween(e, request),
          );
          if (early) {
            paired.add(early);
            reportMoved(early, request, 'early', { id, request: request.line });
            continue;
          }
          missing.push({ id, name: typeof call.name === 'string' ? call.name : 'unnamed' });
        }
        if (missing.length > 0 && !abortedAfter(request)) reportMissing(request, missing, pairing.isTail(request));
      }
      // Completions no request of this agent pairs with.
      for (const e of own) {
        if (e.type !== 'tool.execution_complete' || paired.has(e)) continue;
        const id = Copilot.toolCallIdOf(e);
        if (id === undefined || id === '') continue;
        const request = requested.get(id);
        if (request && request.index < e.index) continue;
        // Its request may be in a line another rule repairs, or in toolRequests Copilot cannot read.
        if (inDamagedLine(model, id) || inUnreadableRequests(id)) continue;
        const start = own.find((x) => x.type === 'tool.execution_start' && Copilot.toolCallIdOf(x) === id);
        if (start) {
          // A request later in the file that this completion cannot pair with (a prompt or resume between, or the
          // request paired with a later completion): named, since "no assistant.message requests" it is untrue.
          const data = { id, start: start.line, name: String(start.data?.toolName ?? 'unnamed') };
          const at = { line: e.line };
          const fix = rebuiltRequest(start, id);
          if (request) ctx.report({ messageId: 'beforeRequest', at, data: { ...data, request: request.line }, fix });
          else ctx.report({ messageId: 'orphanStarted', at, data, fix });
        } else if (!request) {
          ctx.report({
            messageId: 'orphan',
            at: { line: e.line },
            severity: 'warn',
            data: { id },
            fix: new Copilot.CopilotFixPlan(model).deleteLine(e.line).fix('unsafe', 'drop the completion'),
          });
        }
      }
    }

    /** A completion out of its call's place (late or early), with the safe fix that moves it after the call's events. */
    function reportMoved(
      completion: Event,
      request: Event,
      messageId: 'late' | 'early',
      data: Record<string, string | number>,
    ): void {
      const { end } = batchOf(model, request);
      ctx.report({
        messageId,
        at: { line: completion.line },
        data,
        fix: new Copilot.CopilotFixPlan(model)
          .moveEvent(completion, end.line)
          .fix(
            'safe',
            messageId === 'late'
              ? 'move it back after the other events of its call'
              : 'move it after the other events of its call',
          ),
      });
    }

    /**
     * Whether the user stopped the turn (Ctrl-C) before its calls completed: Copilot 1.0.102 then writes `abort`
     * (reason user_abort) and no completion for the calls still running, and on resume sends them as interrupted
     * (recorded). That is its own record of what happened, and it resumes clean: nothing to report.
     */
    function abortedAfter(request: Event): boolean {
      for (let i = request.index + 1; i < events.length; i++) {
        const x = events[i]!;
        if (isBoundary(x) && (x.agentId === request.agentId || x.type === 'session.resume')) return false;
        if (x.type === 'abort') return true;
      }
      return false;
    }

    /**
     * Whether a prompt or resume of the request's agent lies between an event and the request: a completion before
     * it is another turn's, not an early one of this call.
     */
    function boundaryBetween(e: Event, request: Event): boolean {
      for (let i = e.index + 1; i < request.index; i++) {
        const x = events[i]!;
        if (isBoundary(x) && (x.agentId === request.agentId || x.type === 'session.resume')) return true;
      }
      return false;
    }

    /** Whether the request's batch holds a completion without a toolCallId (known-event-type's to repair). */
    function unnamedCompletionIn(request: Event): boolean {
      return batchOf(model, request).events.some(
        (e) =>
          e.type === 'tool.execution_complete' &&
          e.agentId === request.agentId &&
          typeof e.data?.toolCallId !== 'string',
      );
    }

    /** Whether an assistant.message whose toolRequests is not an array names the call. */
    function inUnreadableRequests(id: string): boolean {
      return events.some((e) => {
        const list = e.type === 'assistant.message' ? e.data?.toolRequests : undefined;
        if (!Copilot.isObject(list)) return false;
        return Object.values(list).some((r) => Copilot.isObject(r) && r.toolCallId === id);
      });
    }

    function sameLine(a: Event, b: Event): boolean {
      return Buffer.from(model.file.lines[a.line - 1]!.bytes).equals(model.file.lines[b.line - 1]!.bytes);
    }

    function reportMissing(request: Event, missing: { id: string; name: string }[], tail: boolean): void {
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
      const fix = plan.fix('safe', "Copilot's own interrupted completion, marked interactionId transcript-lint");
      for (const { id, name } of missing)
        ctx.report({
          messageId: tail ? 'missingTail' : 'missingMid',
          at: { line: request.line },
          severity: 'warn',
          data: { id, name },
          fix,
        });
    }

    /** A new id for a call whose id is empty or reused, in its request and in the events of its batch. */
    function renamed(request: Event, index: number, id: string): FixDescriptor | undefined {
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

    /** The lost request of a started call, rebuilt into the assistant.message before its start, in start order. */
    function rebuiltRequest(start: Event, id: string): FixDescriptor | undefined {
      let message: Event | undefined;
      for (let i = start.index - 1; i >= 0; i--) {
        const e = events[i]!;
        if (e.agentId !== start.agentId) continue;
        if (e.type === 'assistant.message') {
          message = e;
          break;
        }
        if (isBoundary(e)) return undefined;
      }
      const list = message?.data?.toolRequests;
      if (!message || !(Array.isArray(list) || list === undefined) || typeof start.data?.toolName !== 'string')
        return undefined;
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
  },
});
