// copilot/known-event-type: every event is one Copilot CLI 1.0.102 can load and use. Its loader checks each line's
// envelope (`id` a UUID, `timestamp` an ISO 8601 date-time with an offset, a `parentId` key holding a UUID or null,
// a `data` object) and each known event's required fields and their types, as its schema has them; any miss makes
// resume fail with "Session file is corrupted (line N: ...)", no request sent. Unknown types and ephemeral-only ones
// are skipped. A prompt with no text is dropped from the request, and when it was the first the API rejects it.
// Fields a fix can derive are filled in (a new messageId, success from the absence of an error, the content without
// the datetime stamp...), the rest is reported.
import { Copilot, defineRule } from '../../src/sdk/index.js';
import { checkData, checkToolRequests } from './known-event-type/data.js';
import { checkEnvelope } from './known-event-type/envelope.js';
import { MESSAGES } from './known-event-type/messages.js';
import { checkPrompt } from './known-event-type/prompt.js';

export default defineRule({
  meta: {
    id: 'copilot/known-event-type',
    type: 'problem',
    view: 'copilot',
    description:
      'Every event is one Copilot CLI can load: a valid envelope, a known type, its required fields of the right type, a prompt with text.',
    docs: {
      detects:
        'an envelope field missing or malformed, a required data field missing or of the wrong type, an unknown or ephemeral-only type, an empty prompt',
      fix: 'safe (fields that can be derived); unsafe (guesses, a placeholder prompt, dropping an ephemeral event)',
      severity: { copilot: 'error (resume fails, or the request is rejected) / warn (skipped)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: MESSAGES,
  },
  check(ctx) {
    const { model } = ctx;
    const events = model.events;
    for (const e of events) {
      const at = { line: e.line };
      const previous = events[e.index - 1];
      if (typeof e.raw.type !== 'string') {
        ctx.report({
          messageId: 'noType',
          at,
          fix: new Copilot.CopilotFixPlan(model).deleteLine(e.line).fix('unsafe', 'drop the event'),
        });
        continue;
      }
      checkEnvelope(ctx, e, previous, events[e.index + 1]);
      const spec = Copilot.eventTypeSpec(e.type);
      if (!spec) {
        // A line our fix kept (valid-json): Copilot skips it, as it should.
        if (e.type !== Copilot.KEPT_LINE)
          ctx.report({ messageId: 'unknownType', at, severity: 'warn', data: { type: e.type } });
        continue;
      }
      if (spec.ephemeralOnly) {
        ctx.report({
          messageId: 'ephemeral',
          at,
          severity: 'warn',
          data: { type: e.type },
          fix: new Copilot.CopilotFixPlan(model).deleteLine(e.line).fix('unsafe', 'drop the ephemeral event'),
        });
        continue;
      }
      checkData(ctx, e, spec);
      if (e.type === 'assistant.message' && e.data) checkToolRequests(ctx, e);
      if (e.type === 'user.message' && e.agentId === undefined) checkPrompt(ctx, e);
    }
  },
});
