// copilot/line-separator: raw U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR. Copilot writes them escaped
// (\u2028). Inside a string, 1.0.102 reads a raw one (changelog 1.0.41: "Session files containing Unicode line
// separator characters load correctly"), but earlier versions failed to load such a session (github/copilot-cli
// #2012, #2490, #2658), and so do readers that split lines on them. Between JSON tokens, a raw one makes the line
// unparsable, and Copilot's recovery drops the event.
import { Copilot, defineRule } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'copilot/line-separator',
    type: 'problem',
    view: 'copilot',
    description: 'No event holds a raw U+2028 or U+2029 (Copilot writes them escaped).',
    docs: {
      detects: 'raw U+2028/U+2029 in an event: inside a string, or between tokens',
      fix: 'safe (escape inside strings, remove between tokens)',
      severity: { copilot: 'error (between tokens) / warn (inside a string)' },
    },
    severity: { copilot: 'error' },
    fixable: 'safe',
    formats: ['copilot-events'],
    messages: {
      inString:
        'A raw U+2028/U+2029 is inside a string; Copilot 1.0.102 reads it, but versions before 1.0.41 fail to load the session (github/copilot-cli #2012, #2490), and Copilot itself writes it escaped.',
      betweenTokens:
        'A raw U+2028/U+2029 stands between JSON tokens, so the line does not parse; Copilot drops it on resume (rewriting events.jsonl), losing the event.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const [line, framing] of model.framing()) {
      if (framing.kind !== 'separator') continue;
      const fix = new Copilot.CopilotFixPlan(model)
        .replaceText(line, framing.text)
        .fix('safe', framing.outside ? 'remove the separators between tokens' : 'escape them as \\u2028 and \\u2029');
      if (framing.outside) ctx.report({ messageId: 'betweenTokens', at: { line }, fix });
      else ctx.report({ messageId: 'inString', at: { line }, severity: 'warn', fix });
    }
  },
});
