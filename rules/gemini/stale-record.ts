// gemini/stale-record: no older copy of a record after a newer one. Gemini CLI 0.61.0's loader (loadConversationRecord)
// lets the later line of a message id win, and a `$set messages` snapshot replaces every message loaded before it,
// while the CLI never writes the same record or snapshot twice. So a restored backup appended to the file (its
// lines repeated after newer ones) silently brings back old content on resume: recorded with the CLI, the model
// record repeated without its toolCalls left the stored response without its call (the API rejects the request:
// "Please ensure that function response turn comes immediately after a function call turn."), and a repeated
// `$set messages` snapshot dropped the tool call and every message after it from the history sent. Reported only
// when the repeats change what the CLI loads (src/formats/gemini-cli/stale-copies.ts). The fix keeps each
// repeated line's text on its line in a record the CLI skips, so the newest content wins again and nothing is deleted.
import { defineRule, Gemini } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'gemini/stale-record',
    type: 'problem',
    view: 'gemini',
    description:
      'No older copy of a record (or of the history snapshot) appended after newer ones, as a restored backup leaves.',
    docs: {
      detects:
        'a message record or `$set messages` snapshot repeated byte for byte after newer lines, when that changes the history the CLI loads',
      fix: 'safe (keep the repeated line in a record the CLI skips, so the newest content wins again)',
    },
    severity: { gemini: 'error' },
    fixable: 'safe',
    formats: ['gemini-cli'],
    messages: {
      record:
        'Line repeats line {{repeats}}, an older copy of record {{id}} written after newer lines (a restored backup?): Gemini CLI lets the later line win, so what was written after line {{repeats}} is lost or broken on resume. --fix keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
      snapshot:
        'Line repeats the $set messages snapshot of line {{repeats}} after newer lines (a restored backup?): Gemini CLI starts the history again from it, so messages written after line {{repeats}} are lost on resume. --fix keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    for (const copy of model.staleCopies) {
      const line = model.file.lines[copy.line - 1]!;
      const at = { line: copy.line };
      const fix = {
        applicability: 'safe' as const,
        description: `keep the older copy in a ${Gemini.KEPT_LINE} record on line ${copy.line}, which Gemini CLI skips`,
        edits: [
          {
            kind: 'replaceText' as const,
            line: copy.line,
            text: Gemini.keptLineText(model.file, line, `older copy of line ${copy.repeats}`),
          },
        ],
      };
      if (copy.id === undefined) ctx.report({ messageId: 'snapshot', at, data: { repeats: copy.repeats }, fix });
      else ctx.report({ messageId: 'record', at, data: { repeats: copy.repeats, id: copy.id }, fix });
    }
  },
});
