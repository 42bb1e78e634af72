// copilot/concatenated-event: a cut-off event with a complete one glued to its end on the same line, what a crash
// mid-write followed by the next write leaves (github/copilot-cli #4098). Copilot's transcript recovery drops the
// whole line, so the complete event is lost with the cut one: a glued tool result is replaced by the "interrupted"
// placeholder, a glued assistant message vanishes with its tool calls and their results. The cut-off prefix can
// never be read by anyone; dropping it keeps the complete event.
import { Copilot, defineRule } from '../../src/sdk/index.js';

function typeOf(text: string): string {
  try {
    const v = JSON.parse(text) as unknown;
    return Copilot.isObject(v) && typeof v.type === 'string' ? v.type : 'event';
  } catch {
    return 'event';
  }
}

export default defineRule({
  meta: {
    id: 'copilot/concatenated-event',
    type: 'problem',
    view: 'copilot',
    description: 'No line is a cut-off event with a complete event glued to it.',
    docs: {
      detects: 'a truncated event followed on the same line by a complete one',
      fix: 'safe (drop the truncated prefix)',
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      prefixed:
        'A cut-off event ({{bytes}} characters) is glued in front of a complete {{type}} event; Copilot drops the whole line on resume (rewriting events.jsonl), losing the complete event too.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const [line, framing] of model.framing()) {
      if (framing.kind !== 'prefixed') continue;
      const plan = new Copilot.CopilotFixPlan(model).replaceText(line, framing.events.join('\n'));
      ctx.report({
        messageId: 'prefixed',
        at: { line },
        data: { bytes: framing.prefix.length, type: framing.events.map(typeOf).join(', ') },
        fix: plan.fix('safe', 'drop the cut-off prefix, keep the complete event'),
      });
    }
  },
});
