// copilot/concatenated-event: a cut-off event with a complete one glued to its end on the same line, what a crash
// mid-write followed by the next write leaves (github/copilot-cli #4098). Copilot's transcript recovery drops the
// whole line, so the complete event is lost with the cut one: a glued tool result is replaced by the "interrupted"
// placeholder, a glued assistant message vanishes with its tool calls and their results. The cut-off prefix can
// never be read by anyone; the fix keeps its bytes in an event Copilot skips (kept-line.ts), before the complete event. When the next line is the rest of the cut-off event
// (a second writer's whole line landed inside it: its first part, that line, then its rest), the two parts are
// rejoined and the event is kept too, before the complete one (its write started first); a complete one that is a
// copy of another line of the file is left to that line.
import { Copilot, defineRule } from '../../src/sdk/index.js';

function typeOf(text: string): string {
  try {
    const v = JSON.parse(text) as unknown;
    return Copilot.isObject(v) && typeof v.type === 'string' ? v.type : 'event';
  } catch {
    return 'event';
  }
}

/**
 * The prompt a cut-off user.message still holds, written again (salvaged-prompt.ts): its id from the parentId of the
 * event glued after it (Copilot chains that event to the prompt), the glued event's timestamp, the previous event as
 * its parent.
 */
function salvagedPrompt(prefix: string, glued: string, previousId: unknown): string | undefined {
  const content = Copilot.cutPromptText(prefix);
  if (content === undefined) return undefined;
  let next: unknown;
  try {
    next = JSON.parse(glued);
  } catch {
    return undefined;
  }
  if (!Copilot.isObject(next) || !Copilot.isUuid(next.parentId)) return undefined;
  return Copilot.salvagedPrompt(content, next.parentId, next.timestamp, previousId);
}

export default defineRule({
  meta: {
    id: 'copilot/concatenated-event',
    type: 'problem',
    view: 'copilot',
    description: 'No line is a cut-off event with a complete event glued to it.',
    docs: {
      detects: 'a truncated event followed on the same line by a complete one',
      fix: 'safe (keep the truncated prefix in an event Copilot skips; a cut-off prompt is written again from its text; an event another write landed inside is rejoined)',
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      prefixed:
        'A cut-off event ({{bytes}} characters) is glued in front of a complete {{type}} event; Copilot drops the whole line on resume (rewriting events.jsonl), losing the complete event too.',
      inside:
        'A complete {{type}} event was written inside a {{cut}} event: the first {{bytes}} characters of that event are glued in front of it, and its rest is line {{rest}}; Copilot drops both lines on resume (rewriting events.jsonl), losing both events.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const [line, framing] of model.framing()) {
      if (framing.kind !== 'prefixed') continue;
      const { rest } = framing;
      if (rest) {
        // A glued event that is a copy of a whole line of the file (a write repeated) stays where that line is.
        const lines = new Set(model.file.lines.map((l) => model.text(l)));
        const glued = framing.events.filter((e) => !lines.has(e));
        const plan = new Copilot.CopilotFixPlan(model)
          .replaceText(line, [rest.event, ...glued].join('\n'))
          .deleteLine(rest.line);
        ctx.report({
          messageId: 'inside',
          at: { line },
          data: {
            type: framing.events.map(typeOf).join(', '),
            cut: typeOf(rest.event),
            bytes: framing.prefix.length,
            rest: rest.line,
          },
          fix: plan.fix(
            'safe',
            'rejoin the cut event from its two parts, and put the complete event on a line of its own',
          ),
        });
        continue;
      }
      const previous = model.events.filter((e) => e.line < line).at(-1);
      const prompt = framing.events[0] && salvagedPrompt(framing.prefix, framing.events[0], previous?.id);
      const plan = new Copilot.CopilotFixPlan(model);
      // The prefix's bytes stay in the file, in an event Copilot skips (as valid-json keeps an unreadable line).
      const kept = Copilot.keptEvent(
        model,
        plan,
        line,
        new TextEncoder().encode(framing.prefix),
        'cut-off event',
        'kept-prefix',
      );
      plan.replaceText(line, [kept, ...(prompt ? [prompt] : []), ...framing.events].join('\n'));
      ctx.report({
        messageId: 'prefixed',
        at: { line },
        data: { bytes: framing.prefix.length, type: framing.events.map(typeOf).join(', ') },
        fix: plan.fix(
          'safe',
          prompt
            ? 'keep the cut-off prefix in an event Copilot skips, write the prompt again from its text, keep the complete event'
            : 'keep the cut-off prefix in an event Copilot skips, and the complete event on a line of its own',
        ),
      });
    }
  },
});
