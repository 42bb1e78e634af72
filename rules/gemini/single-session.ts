// gemini/single-session: a session file holds one session. Two files joined into one (`cat a.jsonl >> b.jsonl`, a
// restored copy appended) put a second header with another sessionId into it; Gemini CLI 0.61.0's loader merges
// the headers (the last sessionId wins) and loads both sessions' messages as one history, so resuming either
// continues a mix of the two. `transcript-lint split` moves the other session's lines into a file of its own
// (session-<its start>-<its id's first 8>.jsonl, beside this one). A `{"$set":{"sessionId":…}}` line of another id
// (another session's lines interleaved or appended: resume writes one of the file's own id) changes the id the CLI
// lists the file under: recorded with Gemini CLI 0.61.0, one such line in a session file made `gemini --resume
// <its header's id>` fail ("Invalid session identifier"). Its unsafe fix keeps that line's text in a
// `transcript-lint.kept-line` record the CLI skips, so the file is listed under its header's id again (the other
// session's other lines, when there are any, stay where they are: nothing in the file marks them).
import { defineRule, Gemini } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'gemini/single-session',
    type: 'problem',
    view: 'gemini',
    description: 'A Gemini CLI session file holds the lines of one session (one sessionId in its headers).',
    docs: {
      detects:
        "a second header with another sessionId (another session's file joined to this one), or a `$set` of another sessionId",
      fix: 'unsafe, for a `$set` of another id (keep the line in a transcript-lint.kept-line record, which the CLI skips); none for a second header (`transcript-lint split` moves the other session into its own file)',
    },
    severity: { gemini: 'error' },
    fixable: 'unsafe',
    formats: ['gemini-cli'],
    messages: {
      joined:
        "Line starts session {{other}} inside the file of session {{own}} (two files joined): Gemini CLI loads both sessions' messages as one history on resume. Run transcript-lint split to move it into a file of its own.",
      setsOther:
        'Line sets the session id to {{other}} inside the file of session {{own}} (a line of another session): Gemini CLI then lists the file as session {{other}}, and `gemini --resume {{own}}` fails ("Invalid session identifier"). --fix --unsafe-fixes keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
    },
  },
  check(ctx) {
    const { headers, idSets } = ctx.model.session;
    const own = headers[0]?.sessionId;
    if (own === undefined) return;
    const isHeader = new Set(headers.map((h) => h.line));
    let current = own;
    for (const h of [...headers, ...idSets].sort((a, b) => a.line - b.line)) {
      if (isHeader.has(h.line)) {
        if (h.sessionId !== current && h.sessionId !== own)
          ctx.report({ messageId: 'joined', at: { line: h.line }, data: { other: h.sessionId, own } });
        current = h.sessionId;
      } else if (h.sessionId !== current && h.sessionId !== own)
        ctx.report({
          messageId: 'setsOther',
          at: { line: h.line },
          data: { other: h.sessionId, own },
          fix: {
            applicability: 'unsafe',
            description: `keep the line in a ${Gemini.KEPT_LINE} record, which Gemini CLI skips: the file is session ${own} again`,
            edits: [
              {
                kind: 'replaceText',
                line: h.line,
                text: Gemini.keptLineText(
                  ctx.model.file,
                  ctx.model.file.lines[h.line - 1]!,
                  `sets another session's id`,
                ),
              },
            ],
          },
        });
    }
  },
});
