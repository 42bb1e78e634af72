// gemini/empty-session: a session file holds some conversation. Resuming a session with Gemini CLI 0.61.0 appends
// the new turn to the original file and also creates a second file, `session-<now>-<same first 8>.jsonl`, holding
// only a header and the `<session_context>` message (google-gemini/gemini-cli#28036). The CLI finds nothing to
// resume in it (no user text outside the context, no model reply): it reads no session from such a file
// (hasResumableContent is false), so `--resume latest` finds none, and its start-up session cleanup deletes it
// (generated Gemini seeds 20 and 22: "No previous sessions found for this project.", and the file was gone after the
// run), and with it every other `session-*-<same first 8>.jsonl` of the folder: recorded with 0.61.0, a new session
// started beside a session file and the second file its resume left deleted both. A warning: the file holds nothing of the conversation, and nothing is done
// to it.
import { defineRule, Gemini } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'gemini/empty-session',
    type: 'suggestion',
    view: 'gemini',
    description: 'A Gemini CLI session file holds some conversation, not only its header and session context.',
    docs: {
      detects: 'a session file with nothing to resume: the nearly empty second file Gemini CLI 0.61.0 leaves on resume',
      fix: 'none',
    },
    severity: { gemini: 'warn' },
    formats: ['gemini-cli'],
    messages: {
      empty:
        'Session {{id}} holds no conversation (only its header and session context): Gemini CLI lists no session in this file (`--resume latest` answers "No previous sessions found"), and its session cleanup (on by default) deletes the file when the CLI starts, with every other session file of the folder named with the same first 8 of the id (recorded with 0.61.0: a new session started beside the two files of a resumed session deleted both, the conversation with them). The CLI leaves such a second file when it resumes a session (gemini-cli #28036), the conversation being in the other file of this id; a crash right after the session began leaves one too.',
    },
  },
  check(ctx) {
    const { session, file } = ctx.model;
    if (session.headers.length === 0 || session.messages.some((m) => Gemini.isResumableMessage(m.raw))) return;
    if (file.lines.some((l) => !l.blank && !l.json)) return;
    ctx.report({
      messageId: 'empty',
      at: { line: session.headers[0]!.line },
      data: { id: session.headers[0]!.sessionId },
    });
  },
});
