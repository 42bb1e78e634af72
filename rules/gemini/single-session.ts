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

/** Whether a line of a session with nothing to resume changes what the CLI reads of the file: its header, or a `$set` of messages or sessionId. */
function loadsAs(v: Gemini.Obj | undefined): boolean {
  if (!v) return false;
  const kind = Gemini.kindOf(v);
  if (kind === 'header') return true;
  if (kind !== 'set') return false;
  const set = v.$set as Gemini.Obj;
  return Array.isArray(set.messages) || typeof set.sessionId === 'string';
}

const whatOf = (v: Gemini.Obj | undefined): string => (v && Gemini.kindOf(v) === 'header' ? 'header' : '$set line');

export default defineRule({
  meta: {
    id: 'gemini/single-session',
    type: 'problem',
    view: 'gemini',
    description: 'A Gemini CLI session file holds the lines of one session (one sessionId in its headers).',
    docs: {
      detects:
        "a second header with another sessionId (another session's file joined to this one), or a `$set` of another sessionId",
      fix: "unsafe, for a `$set` of another id (keep the line in a transcript-lint.kept-line record, which the CLI skips) and for the header of another session with nothing to resume (keep its header and `$set` lines of messages or sessionId so); none for another session's header otherwise (`transcript-lint split` moves the other session into its own file, unless either file would then hold nothing the CLI resumes)",
    },
    severity: { gemini: 'error' },
    fixable: 'unsafe',
    formats: ['gemini-cli'],
    messages: {
      joined:
        "Line starts session {{other}} inside the file of session {{own}} (two files joined): Gemini CLI loads both sessions' messages as one history on resume. Run transcript-lint split to move it into a file of its own.",
      joinedEmpty:
        "Line starts session {{other}} inside the file of session {{own}} (two files joined), and {{other}}'s lines hold nothing Gemini CLI resumes: the CLI reads the file as session {{other}}, and {{other}}'s $set messages snapshot, if any, replaces {{own}}'s history on resume. transcript-lint split leaves these lines here: alone in a file they would be no session to the CLI, and its session cleanup deletes such a file at start-up with every session file named with the same first 8 of the id. --fix --unsafe-fixes keeps {{other}}'s header and $set lines of messages or sessionId in transcript-lint.kept-line records, which the CLI skips.",
      joinedToEmpty:
        "Line starts session {{other}} inside the file of session {{own}} (two files joined), and {{own}}'s lines hold nothing Gemini CLI resumes: the CLI reads the file as session {{other}}. transcript-lint split leaves it so: the file left would be no session to the CLI, and its session cleanup deletes such a file at start-up, with every session file named with the same first 8 of the id.",
      setsOther:
        'Line sets the session id to {{other}} inside the file of session {{own}} (a line of another session): Gemini CLI then lists the file as session {{other}}, and `gemini --resume {{own}}` fails ("Invalid session identifier"). --fix --unsafe-fixes keeps its text on this line in a transcript-lint.kept-line record, which the CLI skips.',
    },
  },
  check(ctx) {
    const { headers, idSets } = ctx.model.session;
    const own = headers[0]?.sessionId;
    if (own === undefined) return;
    const { file } = ctx.model;
    const isHeader = new Set(headers.map((h) => h.line));
    const others = Gemini.otherSessionLines(ctx.model, own).lines;
    const staying = new Set(file.lines.map((l) => l.lineNo));
    for (const moved of others.values()) for (const n of moved) staying.delete(n);
    const ownListed = Gemini.listsSession(file, staying);
    let current = own;
    for (const h of [...headers, ...idSets].sort((a, b) => a.line - b.line)) {
      if (isHeader.has(h.line)) {
        if (h.sessionId !== current && h.sessionId !== own) {
          const theirs = others.get(h.sessionId) ?? [];
          const data = { other: h.sessionId, own };
          if (!Gemini.listsSession(file, new Set(theirs)))
            ctx.report({
              messageId: 'joinedEmpty',
              at: { line: h.line },
              data,
              fix: {
                applicability: 'unsafe',
                description: `keep session ${h.sessionId}'s header and its $set lines of messages or sessionId in ${Gemini.KEPT_LINE} records, which Gemini CLI skips`,
                edits: theirs
                  .filter((n) => loadsAs(file.lines[n - 1]!.json))
                  .map((n) => ({
                    kind: 'replaceText' as const,
                    line: n,
                    text: Gemini.keptLineText(
                      file,
                      file.lines[n - 1]!,
                      `another session's ${whatOf(file.lines[n - 1]!.json)}, with nothing to resume`,
                    ),
                  })),
              },
            });
          else if (!ownListed) ctx.report({ messageId: 'joinedToEmpty', at: { line: h.line }, severity: 'warn', data });
          else ctx.report({ messageId: 'joined', at: { line: h.line }, data });
        }
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
