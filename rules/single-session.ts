// single-session: a Claude Code session file holds one session's conversation. Two files joined into one (`cat
// a.jsonl >> b.jsonl`, a copy restored into the wrong file) hold two conversation trees whose entries name two
// sessionIds, and Claude Code 2.1.332 resumes whichever ends last under this session's id, without a word: measured
// with the oracle, the corpus's plain.jsonl with multi.jsonl appended, resumed as plain's session, sent multi's
// conversation and none of plain's; multi with plain appended sent plain's only. What counts as another session's
// conversation is formats/claude-code/joined-sessions.ts's; `transcript-lint split` moves it to a file of its own.
import { ClaudeCode, defineRule } from '../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'single-session',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: "A session file holds one session's conversation, not two files joined.",
    docs: { detects: "entries of another session's conversation, joined to no entry of this one" },
    severity: { 'claude-code': 'error', api: 'off' },
    messages: {
      resumed:
        "{{lines}} another session ({{other}}): {{entries}} joined to no entry of session {{own}}, two files joined into one. Claude Code resumes this conversation, which ends last in the file, under session {{own}}, and sends none of that session's turns. `transcript-lint split` on this file moves these lines to {{other}}.jsonl beside it.",
      resumedNoOwn:
        "{{lines}} another session ({{other}}): {{entries}}, two files joined into one. Session {{own}} holds no conversation of its own (its lines hold no prompt or reply), so Claude Code resumes this other session's conversation under session {{own}}. `transcript-lint split` on this file moves these lines to {{other}}.jsonl beside it.",
      spliced:
        "{{lines}} another session ({{other}}): {{entries}} joined to no entry of session {{own}}, two files joined into one. Its compaction, later in the file than session {{own}}'s earlier turns, is applied on resume: Claude Code deletes those turns and sends that session's summary and preserved tail in their place, then session {{own}}'s later turns. `transcript-lint split` on this file moves these lines to {{other}}.jsonl beside it.",
      ignored:
        '{{lines}} another session ({{other}}): {{entries}} joined to no entry of session {{own}}, two files joined into one. Claude Code does not send them (session {{own}} ends later in the file); they are lost to both sessions until `transcript-lint split` on this file moves them to {{other}}.jsonl beside it.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const chain = model.chain();
    const sessions = ClaudeCode.sessionsInFile(model.file.path, model.entries, chain.byUuid, chain.leaf, chain.active);
    if (!sessions) return;
    for (const other of sessions.others) {
      const first = other.first.line;
      const last = other.lines[other.lines.length - 1] ?? first;
      ctx.report({
        messageId: other.resumed
          ? sessions.ownEmpty
            ? 'resumedNoOwn'
            : 'resumed'
          : other.sent
            ? 'spliced'
            : 'ignored',
        // Resumed: this session's turns are not sent, an error. Ignored: this session resumes whole (recorded with
        // 2.1.332: another session's lines interleaved before this one's end sent every item of this session), a
        // warning that the other conversation is in the wrong file. Spliced: its compaction, later in the file,
        // deleted this session's earlier turns and their place is taken by its summary (differential harness seed
        // 342), an error.
        severity: other.resumed || other.sent ? 'error' : 'warn',
        at: { entry: other.first, pointer: '/sessionId' },
        data: {
          lines: first === last ? `Line ${first} holds` : `Lines ${first}-${last} hold`,
          other: other.sessionIds.join(', '),
          entries: other.entries === 1 ? '1 entry' : `${other.entries} entries`,
          own: sessions.own,
        },
        related:
          sessions.ownFirstLine !== undefined
            ? [{ line: sessions.ownFirstLine, message: `session ${sessions.own} starts here` }]
            : [],
      });
    }
  },
});
