// qwen/single-session: a session file holds one session's records. A file with records of two sessions (two files
// joined, a copy pasted into another) is refused by Qwen Code 0.24.4 as a whole: recorded, `qwen --resume` exits
// with "An unexpected critical error occurred: TranscriptRecordPreparationError: Transcript records contain
// multiple session ids." before any request. `transcript-lint split` moves each other session's lines to its own
// file, `<sessionId>.jsonl` beside this one.
import { defineRule } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'qwen/single-session',
    type: 'problem',
    view: 'qwen',
    description: 'The file holds the records of one session only (one sessionId).',
    docs: {
      detects: 'records of two or more sessions in one file: Qwen Code refuses to resume it',
    },
    severity: { qwen: 'error', openai: 'error' },
    formats: ['qwen-code'],
    messages: {
      mixed:
        'Record has sessionId {{other}}, not {{own}} like line {{ownLine}}: Qwen Code refuses the whole file on resume ("Transcript records contain multiple session ids."). Run `transcript-lint split` to move each session to its own file.',
    },
  },
  check(ctx) {
    const records = ctx.model.read.records;
    if (!ctx.model.chain().mixedSessions) return;
    const first = records[0]!;
    const seen = new Set([first.sessionId]);
    for (const r of records) {
      if (seen.has(r.sessionId)) continue;
      seen.add(r.sessionId);
      ctx.report({
        messageId: 'mixed',
        at: { line: r.line, pointer: '/sessionId' },
        data: { other: r.sessionId, own: first.sessionId, ownLine: first.line },
      });
    }
  },
});
