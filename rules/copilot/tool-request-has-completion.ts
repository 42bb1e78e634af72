// copilot/tool-request-has-completion: every tool call an assistant.message requests (`toolRequests`) has its
// tool.execution_complete, and every completion answers a request, the way Copilot CLI pairs them on resume: by
// toolCallId, per agent, up to the next session.resume (a later prompt does not end it: recorded), and a call with
// none after it takes an earlier one of its id back to the last session.resume (recorded). A call left
// without one gets a placeholder result (mid-history "The execution of this tool, or a previous tool was
// interrupted.", in memory; at the end of the file an "interrupted" completion Copilot appends itself); a completion
// after the resume is not paired, so its real result is replaced by the placeholder; a completion whose request is
// gone vanishes with its call, and one before its call whose call has another is ignored for that one (recorded:
// fixtures/sessions/copilot-resumed/completion-before-and-after-call); a toolCallId used twice, or empty, goes to the
// API as it is, which rejects it.
// The completions this rule writes are Copilot's own "interrupted" ones, marked with interactionId "transcript-lint".
import { defineRule } from '../../src/sdk/index.js';
import { checkCompletions } from './tool-request-has-completion/completions.js';
import { agentCalls } from './tool-request-has-completion/events.js';
import { MESSAGES } from './tool-request-has-completion/messages.js';
import { checkRequests } from './tool-request-has-completion/requests.js';

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
      fix: "safe (Copilot's interrupted completion, marked; move an early or late completion to its call; rename a reused or empty id); unsafe (rebuild a lost request from its start, drop a stray completion or one Copilot ignores)",
      severity: { copilot: 'error (a result lost, the API rejects) / warn (papered over)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: MESSAGES,
  },
  check(ctx) {
    const events = ctx.model.events;
    const agents = [...new Set(events.map((e) => e.agentId))];
    for (const agent of agents) {
      const calls = agentCalls(events, agent);
      const { paired, requested } = checkRequests(ctx, agent, calls);
      checkCompletions(ctx, calls, paired, requested);
    }
  },
});
