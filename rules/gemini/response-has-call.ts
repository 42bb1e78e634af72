// gemini/response-has-call: every functionResponse Gemini CLI sends on resume answers a call of the model turn right
// before it. A `user` record of responses whose calls are gone (a dropped or rewound model record, a torn line) is
// sent as it is, and the Gemini API rejects the request ("Please ensure that function response turn comes
// immediately after a function call turn.", or the count message when it follows other calls). When the record holds
// nothing but such responses, the fix keeps it in the file where the CLI's loader skips it: its lines and its
// `$set messages` snapshot entry become `transcript-lint.kept-line` records holding their text.
import { defineRule, Gemini } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'gemini/response-has-call',
    type: 'problem',
    view: 'gemini',
    description: 'Every functionResponse the CLI sends on resume answers a call of the model turn right before it.',
    docs: {
      detects: 'a functionResponse whose call is not in the turn before it (its model record lost, rewound or torn)',
      fix: 'safe (keep a `user` record that holds nothing but such responses in a transcript-lint.kept-line record, which the CLI skips)',
    },
    severity: { gemini: 'error' },
    fixable: 'safe',
    formats: ['gemini-cli'],
    messages: {
      orphan:
        'Response {{name}} {{id}} answers no call of the turn before it: resumed, the Gemini API rejects the request ("Please ensure that function response turn comes immediately after a function call turn."). --fix keeps a record of nothing but such responses in place in a transcript-lint.kept-line record, which the CLI skips.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const orphans = Gemini.orphanResponses(model);
    const orphanParts = new Set(orphans.map((o) => o.part));
    for (const o of orphans) {
      const origin = o.part.origin;
      if (!origin) continue;
      const m = origin.message;
      const fr = o.part.part.functionResponse as Gemini.Obj;
      // The record can go when every part of it that is sent is an orphan.
      const whole =
        m !== undefined &&
        Gemini.responseOnlyIds(m) !== undefined &&
        model.sent.every((t) => t.parts.every((p) => p.origin?.message !== m || orphanParts.has(p)));
      ctx.report({
        messageId: 'orphan',
        at: { line: origin.line, pointer: origin.pointer },
        data: { name: String(fr.name ?? '?'), id: String(fr.id ?? '(no id)') },
        // With older copies appended (gemini/stale-record), keeping them out may give the call back: no fix here.
        fix:
          whole && m && model.staleCopies.length === 0
            ? {
                applicability: 'safe',
                description: `keep the record of responses without calls (${m.id}) in a ${Gemini.KEPT_LINE} record, which Gemini CLI skips`,
                edits: Gemini.keepingEdits(model, m, 'responses without their calls'),
              }
            : undefined,
      });
    }
  },
});
