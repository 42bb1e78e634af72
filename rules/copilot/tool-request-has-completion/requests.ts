// copilot/tool-request-has-completion's request pass: for each call an assistant.message requests, its completion,
// as Copilot pairs it (by toolCallId, within its stretch between session.resumes); an empty or reused id; a
// second completion; a late or early one; none at all.
import { Copilot } from '../../../src/sdk/index.js';
import {
  type AgentCalls,
  abortedAfter,
  inDamagedLine,
  isInterrupted,
  resumeBetween,
  sameLine,
  unnamedCompletionIn,
} from './events.js';
import { droppedFix, missingFix, movedFix, renamed } from './fixes.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

/** Reports the agent's requests; returns the completions they pair with and the first request of each call id. */
export function checkRequests(
  ctx: Ctx,
  agent: string | undefined,
  { own, completionsOf, requestsOf }: AgentCalls,
): { paired: Set<Event>; requested: Map<string, Event> } {
  const { model } = ctx;
  const events = model.events;
  const pairing = model.pairing(agent);
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
          fix: renamed(model, request, index, id),
        });
        continue;
      }
      const earlier = requested.get(id);
      if (earlier) {
        ctx.report({
          messageId: 'reusedId',
          at: { line: request.line },
          data: { id, first: earlier.line },
          fix: renamed(model, request, index, id),
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
          if (sameLine(model, completion, extra)) continue;
          ctx.report({
            messageId: 'second',
            at: { line: extra.line },
            severity: 'warn',
            data: { id, first: completion.line },
            fix: droppedFix(model, extra.line, 'drop the second completion'),
          });
        }
        continue;
      }
      if (inDamagedLine(model, id) || unnamedCompletionIn(model, request)) continue;
      const late = all[0];
      if (late) {
        for (const e of all) paired.add(e);
        // The "interrupted" completion Copilot appends after its session.resume: a placeholder either way.
        if (isInterrupted(late)) continue;
        reportMoved(ctx, late, request, 'late', { id, completion: late.line });
        continue;
      }
      // A completion before its request with a session.resume between (no earlier request has the id: that was
      // reusedId): Copilot pairs an earlier completion only up to the last resume, so it is ignored and the call
      // sent as interrupted (recorded). Moved after the call's events it is the result again; the call is not
      // reported as missing too (two fixes, two completions).
      const early = (completionsOf.get(id) ?? []).find(
        (e) => e.index < request.index && !paired.has(e) && resumeBetween(events, e, request),
      );
      if (early) {
        paired.add(early);
        reportMoved(ctx, early, request, 'early', { id, request: request.line });
        continue;
      }
      missing.push({ id, name: typeof call.name === 'string' ? call.name : 'unnamed' });
    }
    if (missing.length > 0 && !abortedAfter(events, request))
      reportMissing(ctx, request, missing, pairing.isTail(request));
  }
  return { paired, requested };
}

/** A completion out of its call's place (late or early), with the safe fix that moves it after the call's events. */
function reportMoved(
  ctx: Ctx,
  completion: Event,
  request: Event,
  messageId: 'late' | 'early',
  data: Record<string, string | number>,
): void {
  ctx.report({
    messageId,
    at: { line: completion.line },
    data,
    fix: movedFix(ctx.model, completion, request, messageId === 'late'),
  });
}

function reportMissing(ctx: Ctx, request: Event, missing: { id: string; name: string }[], tail: boolean): void {
  const fix = missingFix(ctx.model, request, missing, tail);
  for (const { id, name } of missing)
    ctx.report({
      messageId: tail ? 'missingTail' : 'missingMid',
      at: { line: request.line },
      severity: 'warn',
      data: { id, name },
      fix,
    });
}
