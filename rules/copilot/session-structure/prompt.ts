// copilot/session-structure's prompt check: the request Copilot rebuilds on resume must open with a prompt. With no
// user.message before the first answer (deleted by hand, or lost with lines that cannot be read), Copilot 1.0.102
// sends the request as it is and the API rejects it (differential seed 31: unicode-sep with its prompt deleted,
// rc 123, `400 messages.0: first message must use the "user" role`). The prompt's text is in no line of the file, so
// there is no fix: one would have to invent a prompt the user never wrote.
import { inDamagedLine } from './damaged.js';
import type { Ctx } from './messages.js';

export function checkPrompt(ctx: Ctx): void {
  const { model } = ctx;
  const first = model.messages()[0];
  if (first === undefined || first.role !== 'assistant') return;
  const line = first.blocks[0]?.origin.line;
  if (line === undefined) return;
  const main = model.eventsOf(undefined);
  // A prompt before it that sends nothing is known-event-type's (emptyPrompt); one in a line another rule repairs
  // (a cut-off or damaged user.message) may come back with that fix.
  if (main.some((e) => e.line < line && e.type === 'user.message')) return;
  if (inDamagedLine(model, '"user.message"')) return;
  ctx.report({ messageId: 'noPrompt', at: { line } });
}
