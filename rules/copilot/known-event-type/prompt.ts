// copilot/known-event-type's prompt check: a prompt with no text is dropped from the request on resume; when no
// prompt with text came before it, the request opens with the assistant and the API rejects it.
import { Copilot } from '../../../src/sdk/index.js';
import type { Ctx } from './messages.js';

type Event = Copilot.CopilotEvent;

const EMPTY_PROMPT = '[transcript-lint: this prompt was empty]';

export function checkPrompt(ctx: Ctx, e: Event): void {
  const { model } = ctx;
  const text = Copilot.userTextOf(e);
  const attachments = e.data?.attachments;
  if (text === undefined || text.trim() !== '' || (Array.isArray(attachments) && attachments.length > 0)) return;
  // Dropped, it leaves the request opening with the assistant when no prompt with text came before it.
  const main = model.events.filter((x) => x.agentId === undefined);
  const opening =
    !main.some((x) => x.index < e.index && x.type === 'user.message' && Copilot.userTextOf(x)?.trim()) &&
    main.some((x) => x.index > e.index && x.type === 'assistant.message');
  const plan = new Copilot.CopilotFixPlan(model).set(e.line, '/data/content', EMPTY_PROMPT);
  if (typeof e.data?.transformedContent === 'string') plan.set(e.line, '/data/transformedContent', EMPTY_PROMPT);
  ctx.report({
    messageId: 'emptyPrompt',
    at: { line: e.line },
    severity: opening ? 'error' : 'warn',
    data: {
      consequence: opening
        ? ', so the request opens with the assistant and the API rejects it (400 "messages.0: first message must use the user role")'
        : '',
    },
    fix: plan.fix('unsafe', 'a marked placeholder text'),
  });
}
