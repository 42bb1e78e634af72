// gemini/empty-session: a session file holds some conversation. Resuming a session with Gemini CLI 0.61.0 appends
// the new turn to the original file and also creates a second file, `session-<now>-<same first 8>.jsonl`, holding
// only a header and the `<session_context>` message (google-gemini/gemini-cli#28036). The CLI finds nothing to
// resume in it (no user text outside the context, no model reply): it reads no session from such a file
// (hasResumableContent is false), so `--resume latest` finds none, and its start-up session cleanup deletes it
// (generated Gemini seeds 20 and 22: "No previous sessions found for this project.", and the file was gone after the
// run), and with it every other `session-*-<same first 8>.jsonl` of the folder: recorded with 0.61.0, a new session
// started beside a session file and the second file its resume left deleted both. An error: the next session started
// deletes the conversation; no fix (the file holds nothing to move into it, and a fix never deletes a file).
// A file whose only user prompt is cut off (a line the CLI cannot read, or kept by a fix in a record it skips) is
// deleted the same way, the prompt with it (src/formats/gemini-cli/stranded-text.ts); its unsafe fix writes the
// prompt's text up to the cut as the user message the CLI began, so the CLI lists the session again.
import { defineRule, Gemini } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'gemini/empty-session',
    type: 'suggestion',
    view: 'gemini',
    description: 'A Gemini CLI session file holds some conversation, not only its header and session context.',
    docs: {
      detects:
        'a session file with nothing to resume: the nearly empty second file Gemini CLI 0.61.0 leaves on resume, or a file whose only prompt is cut off',
      fix: 'unsafe, for a cut-off prompt (write its text up to the cut as the user message the CLI began, the cut line kept after it); none for the nearly empty file',
    },
    severity: { gemini: 'error' },
    fixable: 'unsafe',
    formats: ['gemini-cli'],
    messages: {
      empty:
        'Session {{id}} holds no conversation (only its header and session context): Gemini CLI lists no session in this file (`--resume latest` answers "No previous sessions found"), and its session cleanup (on by default) deletes the file when the CLI starts, with every other session file of the folder named with the same first 8 of the id (recorded with 0.61.0: a new session started beside the two files of a resumed session deleted both, the conversation with them). The CLI leaves such a second file when it resumes a session (gemini-cli #28036), the conversation being in the other file of this id; a crash right after the session began leaves one too. Move the file out of the chats folder: it holds nothing but its header and the session context.',
      stranded:
        "Session {{id}} holds no message Gemini CLI resumes, and its only user prompt is cut off on line {{line}} ({{how}}): the CLI lists no session in this file, and its session cleanup (on by default) deletes the file when the CLI starts, the prompt with it (recorded with 0.61.0: a file of a header, the context and a prompt cut off was gone after the run). --fix --unsafe-fixes writes the prompt's text up to the cut as the user message the CLI began, before that line, so the CLI lists and resumes the session.",
    },
  },
  check(ctx) {
    const { session, file } = ctx.model;
    const stranded = Gemini.strandedText(ctx.model);
    if (stranded) {
      const line = file.lines[stranded.line - 1]!;
      ctx.report({
        messageId: 'stranded',
        at: { line: stranded.line },
        data: {
          id: session.headers[0]!.sessionId,
          line: stranded.line,
          how: stranded.kept
            ? `kept in a ${Gemini.KEPT_LINE} record, which the CLI skips`
            : 'a line the CLI cannot read',
        },
        fix: {
          applicability: 'unsafe',
          description: `write the cut-off prompt's text as a user message before line ${stranded.line}, the line kept after it`,
          edits: [
            {
              kind: 'replaceText',
              line: stranded.line,
              text: `${stranded.message}${file.eol}${
                stranded.kept
                  ? new TextDecoder().decode(line.bytes)
                  : Gemini.keptLineText(file, line, 'cut off; its text up to the cut is the user message before it')
              }`,
            },
          ],
        },
      });
      return;
    }
    if (session.headers.length === 0 || session.messages.some((m) => Gemini.isResumableMessage(m.raw))) return;
    if (file.lines.some((l) => !l.blank && !l.json)) return;
    ctx.report({
      messageId: 'empty',
      at: { line: session.headers[0]!.line },
      data: { id: session.headers[0]!.sessionId },
    });
  },
});
