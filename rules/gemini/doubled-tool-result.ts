// gemini/doubled-tool-result: a tool result is stored once. Gemini CLI 0.61.0 stores each result twice: in
// `toolCalls[].result` of the model record and as a following `user` record of the same functionResponse parts; on
// resume it sends both (upstream google-gemini/gemini-cli#29365), and the Gemini API rejects the request ("Please
// ensure that the number of function response parts is equal to the number of function call parts of the function
// call turn."). Resume also writes a `$set messages` snapshot holding both copies plus one more (`<id>_response`),
// which the next resume reads back. The fix keeps the repeating `user` record in the file where the CLI's loader
// skips it: its lines after the last snapshot become `transcript-lint.kept-line` records holding their text, and its
// entry in that snapshot a kept entry in its place (an entry without a string `id`). The result stays in
// `toolCalls[].result`, resume sends it once, and the strict stand-in accepts it.
import { defineRule, Gemini } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'gemini/doubled-tool-result',
    type: 'problem',
    view: 'gemini',
    description:
      "Each tool result is stored once: no `user` record repeats the results of the model record's toolCalls.",
    docs: {
      detects:
        'a `user` record of functionResponse parts that repeat `toolCalls[].result` (written by Gemini CLI 0.61.0 after every tool call, and into the `$set messages` snapshot of each resume)',
      fix: 'safe (keep the repeating record where the CLI skips it: its lines and its snapshot entry become transcript-lint.kept-line records holding their text)',
    },
    severity: { gemini: 'error' },
    fixable: 'safe',
    formats: ['gemini-cli'],
    messages: {
      doubled:
        'Tool result {{ids}} is stored twice (here and in toolCalls[].result of the model record on line {{line}}): Gemini CLI sends it twice on resume, and the Gemini API rejects the request ("Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn."). --fix keeps this copy in place in a transcript-lint.kept-line record, which the CLI skips; the result stays in toolCalls[].result.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    // A line that is an older copy is gemini/stale-record's: its fix keeps the whole line, and this one would mend it
    // into no copy at all, so that the other copies' fix then loses what the line held (generated seed 92).
    const stale = new Set(model.staleCopies.map((c) => c.line));
    for (const d of Gemini.doubledResults(model.session.messages)) {
      const m = d.message;
      if (stale.has(m.line)) continue;
      ctx.report({
        messageId: 'doubled',
        at: m.pointer === '' ? { line: m.line } : { line: m.line, pointer: m.pointer },
        data: { ids: d.ids.join(', '), line: d.answeredIn.line },
        fix: {
          applicability: 'safe',
          description: `keep the record repeating ${d.ids.join(', ')} in a ${Gemini.KEPT_LINE} record, which Gemini CLI skips (the result stays in toolCalls[].result)`,
          edits: Gemini.keepingEdits(model, m, `repeats the results of ${d.answeredIn.id}`),
        },
      });
    }
  },
});
