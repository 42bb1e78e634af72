// copilot/one-event-per-line: every event on a line of its own. Two ways to break it, both seen in the wild
// (github/copilot-cli #2649): raw line breaks inside a string spread one event over several lines, or the newline
// between two events goes missing (lost, or a lone CR, which Copilot's reader does not split on). Copilot's
// transcript recovery drops every line that does not parse, so every fragment (or both glued events) is lost, and
// when the lost event was the first prompt the request starts with the assistant and the API rejects it.
import { Copilot, defineRule } from '../../src/sdk/index.js';

function typeOf(text: string): string {
  try {
    const v = JSON.parse(text) as unknown;
    return Copilot.isObject(v) && typeof v.type === 'string' ? v.type : 'an';
  } catch {
    return 'an';
  }
}

export default defineRule({
  meta: {
    id: 'copilot/one-event-per-line',
    type: 'problem',
    view: 'copilot',
    description: 'Each event is on one line of its own: none is split by raw line breaks, none shares a line.',
    docs: {
      detects: 'one event spread over lines by raw line breaks; two complete events on one line',
      fix: 'safe (rejoin the fragments with the breaks escaped; split the line)',
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      split:
        'One {{type}} event is spread over lines {{first}}-{{last}} by raw line breaks; Copilot drops every fragment on resume (rewriting events.jsonl), so the event is lost.',
      glued:
        '{{count}} complete events share this line ({{types}}); Copilot drops the whole line on resume (rewriting events.jsonl), so all of them are lost.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const [line, framing] of model.framing()) {
      if (framing.kind === 'split') {
        const plan = new Copilot.CopilotFixPlan(model).replaceText(line, framing.text);
        for (let n = line + 1; n <= framing.last; n++) plan.deleteLine(n);
        ctx.report({
          messageId: 'split',
          at: { line },
          data: { type: typeOf(framing.text), first: line, last: framing.last },
          fix: plan.fix('safe', 'rejoin the event on one line, its line breaks escaped'),
        });
      } else if (framing.kind === 'glued') {
        const plan = new Copilot.CopilotFixPlan(model).replaceText(line, framing.events.join('\n'));
        ctx.report({
          messageId: 'glued',
          at: { line },
          data: { count: framing.events.length, types: framing.events.map(typeOf).join(', ') },
          fix: plan.fix('safe', 'put each event on a line of its own'),
        });
      }
    }
  },
});
