// openai/tool-message-has-call: every tool message answers a call of the assistant message it follows (directly, or
// after other tool messages answering the same message). The API's words, verbatim:
// - no assistant message with tool calls before it: "Invalid parameter: messages with role 'tool' must be a response
//   to a preceeding message with 'tool_calls'." (sic; param `messages.[4].role`: smarter-sh/smarter#264,
//   miurla/morphic#136, sdcb/chats#132);
// - an id that message did not call: "Invalid parameter: 'tool_call_id' of 'call_XXXXXXXXX' not found in
//   'tool_calls' of previous message." (dapr/dapr-agents#145);
// - no id at all: "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'."
//   (run-llama/multi-agent-concierge PR #16, langchain#22600).
// The fix (safe) removes a tool message that follows no call at all. One whose id the message before did not call
// is likely an answer under a wrong id: when that message has exactly one call left unanswered, the unsafe fix gives
// the answer that id; otherwise it removes the answer (unsafe: its content goes). A missing id gets no fix.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

type Finding = {
  index: number;
  messageId: 'orphan' | 'unknownId' | 'missingId';
  id?: string;
  /** For an unknown id: the one call of the message before that no tool message answers, if there is one. */
  relink?: string;
};

function findings(c: OpenAI.Conversation): Finding[] {
  const out: Finding[] = [];
  c.messages.forEach((m, j) => {
    if (OpenAI.roleOf(m) !== 'tool') return;
    let k = j - 1;
    while (k >= 0 && OpenAI.roleOf(c.messages[k]) === 'tool') k--;
    const calls = k >= 0 ? OpenAI.toolCallsOf(c.messages[k]) : [];
    const id = OpenAI.toolCallIdOf(m);
    if (calls.length === 0) out.push({ index: j, messageId: 'orphan' });
    else if (id === undefined) out.push({ index: j, messageId: 'missingId' });
    else if (!calls.some((call) => call.id === id)) {
      const answered = new Set(OpenAI.answersAfter(c.messages, k).map((a) => OpenAI.toolCallIdOf(c.messages[a])));
      const open = [...new Set(calls.map((call) => call.id).filter((x) => x !== undefined && !answered.has(x)))];
      out.push({ index: j, messageId: 'unknownId', id, relink: open.length === 1 ? open[0] : undefined });
    }
  });
  return out;
}

export default defineRule({
  meta: {
    id: 'openai/tool-message-has-call',
    type: 'problem',
    view: 'openai-chat',
    description: 'Every tool message answers, by its tool_call_id, a call of the assistant message it follows.',
    docs: {
      detects:
        'a tool message with no assistant `tool_calls` message before it, with an id that message did not call, or with no `tool_call_id`',
      fix: 'safe (remove a tool message that follows no call); unsafe (relink or remove one with an unknown id)',
    },
    severity: { openai: 'error' },
    fixable: 'safe',
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      orphan:
        "This tool message follows no assistant message with tool calls; the API answers: \"Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.\"",
      unknownId:
        "The assistant message before this tool message made no call {{id}}; the API answers: \"Invalid parameter: 'tool_call_id' of '{{id}}' not found in 'tool_calls' of previous message.\"",
      missingId:
        "This tool message has no tool_call_id; the API answers: \"Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.\"",
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const found = findings(c);
      if (found.length === 0) continue;
      const edits = new OpenAI.ChatEdits(c);
      const orphans = new Set(found.filter((f) => f.messageId === 'orphan').map((f) => f.index));
      // The orphans of the conversation go in one fix, carried by each of their reports.
      const removeOrphans = {
        applicability: 'safe' as const,
        description:
          orphans.size === 1
            ? 'remove the tool message that follows no tool call'
            : `remove ${orphans.size} tool messages that follow no tool call`,
        edits: edits.restructure(orphans),
      };
      for (const f of found) {
        if (f.messageId === 'orphan') ctx.report({ messageId: 'orphan', at: c.at(f.index), fix: removeOrphans });
        else if (f.messageId === 'missingId') ctx.report({ messageId: 'missingId', at: c.at(f.index) });
        else
          ctx.report({
            messageId: 'unknownId',
            at: c.at(f.index, '/tool_call_id'),
            data: { id: f.id! },
            fix:
              f.relink !== undefined
                ? {
                    applicability: 'unsafe',
                    description: `answer the one unanswered call instead (tool_call_id ${f.relink})`,
                    edits: [edits.set(f.index, '/tool_call_id', f.relink)],
                  }
                : {
                    applicability: 'unsafe',
                    description: 'remove the tool message (its content goes)',
                    edits: edits.restructure(new Set([f.index])),
                  },
          });
      }
    }
  },
});
