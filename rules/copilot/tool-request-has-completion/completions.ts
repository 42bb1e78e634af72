// copilot/tool-request-has-completion's completion pass: a completion no request of its agent pairs with, named by
// its tool.execution_start when there is one (the unsafe fix rebuilds the lost request), else a stray one.
import { Copilot } from '../../../src/sdk/index.js';
import { type AgentCalls, inDamagedLine, inUnreadableRequests } from './events.js';
import { droppedFix, ownTurnMessage, rebuiltRequest } from './fixes.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

/** Reports the agent's completions that no request pairs with (`paired`), given each call id's first request. */
export function checkCompletions(
  ctx: Ctx,
  { own }: AgentCalls,
  paired: ReadonlySet<Event>,
  requested: ReadonlyMap<string, Event>,
): void {
  const { model } = ctx;
  const events = model.events;
  // Completions no request of this agent pairs with.
  for (const e of own) {
    if (e.type !== 'tool.execution_complete' || paired.has(e)) continue;
    const id = Copilot.toolCallIdOf(e);
    if (id === undefined || id === '') continue;
    const request = requested.get(id);
    if (request && request.index < e.index) continue;
    // Its request may be in a line another rule repairs, or in toolRequests Copilot cannot read.
    if (inDamagedLine(model, id) || inUnreadableRequests(events, id)) continue;
    // Its call is answered by another completion (after the call, or an earlier one): Copilot sends that one and
    // ignores this one, so nothing the conversation holds is lost (recorded: a completion written both before and
    // after its call, fixtures/sessions/copilot-resumed/completion-before-and-after-call and
    // completion-before-and-after-call-across-resume, sent the later one).
    const answer = request && model.pairing(request.agentId).completionOf(request, id);
    if (request && answer && answer !== e) {
      ctx.report({
        messageId: 'beforeRequest',
        at: { line: e.line },
        severity: 'warn',
        data: { id, request: request.line, answer: answer.line },
        fix: droppedFix(model, e.line, 'drop the completion Copilot ignores'),
      });
      continue;
    }
    const start = own.find((x) => x.type === 'tool.execution_start' && Copilot.toolCallIdOf(x) === id);
    if (start) {
      // A request later in the file that this completion cannot pair with (a session.resume between, and the call
      // answered by none): named, since "no assistant.message requests" it is untrue.
      const data = { id, start: start.line, name: String(start.data?.toolName ?? 'unnamed') };
      const at = { line: e.line };
      const fix = rebuiltRequest(model, start, id);
      if (request) ctx.report({ messageId: 'beforeUnpaired', at, data: { ...data, request: request.line }, fix });
      // The answer of its turn is in the file, without the call: Copilot sends it, dropping the call and its result.
      else if (ownTurnMessage(events, start)) ctx.report({ messageId: 'orphanStarted', at, data, fix });
      // No answer of its turn is left (its lines deleted, differential seeds 500 and 534): Copilot resumes without
      // that answer, its leftover events ignored, and the harness finds nothing lost of a line that survived.
      else ctx.report({ messageId: 'answerLost', at, severity: 'warn', data, fix });
    } else if (!request) {
      ctx.report({
        messageId: 'orphan',
        at: { line: e.line },
        severity: 'warn',
        data: { id },
        fix: droppedFix(model, e.line, 'drop the completion'),
      });
    }
  }
}
