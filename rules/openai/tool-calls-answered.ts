// openai/tool-calls-answered: every tool call of an assistant message is answered by a tool message right after it
// (the tool messages that directly follow the message, in any order). The API rejects the request otherwise:
// "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The
// following tool_call_ids did not have response messages: call_i8vT76kQ8XOpe9ErYaTYRRxV" (param `messages.[14].role`;
// RamiAwar/dataline#172, router-for-me/CLIProxyAPI#2798, sdcb/chats#132). A fine-tuning example may end on an
// assistant message with tool calls and no answer (the spec's own example does), so the last message of an example
// is left alone there. The fix (safe) inserts, after the message's answers, one tool message per missing id saying
// its result was not recorded: the model learns nothing false, and every other message stays as it was. Where an
// answer right after the message carries an id the message did not call (a likely answer under a wrong id, which
// openai/tool-message-has-call relinks), no answer is invented for that message.
import { defineRule, OpenAI } from '../../src/sdk/index.js';

/** The content of an inserted answer. */
export const RESULT_NOT_RECORDED = 'The result of this tool call was not recorded.';

interface Unanswered {
  index: number;
  ids: string[];
  /** An answer right after the message names a call it did not make: perhaps one of these under a wrong id. */
  mislabelled: boolean;
}

function unanswered(c: OpenAI.Conversation): Unanswered[] {
  const out: Unanswered[] = [];
  const trailingAllowed = c.kind === 'finetune' || c.kind === 'preference';
  c.messages.forEach((m, i) => {
    const calls = OpenAI.toolCallsOf(m).filter((call) => call.id !== undefined);
    if (calls.length === 0) return;
    const answers = OpenAI.answersAfter(c.messages, i);
    if (trailingAllowed && answers.length === 0 && i === c.messages.length - 1) return;
    const answered = new Set(answers.map((j) => OpenAI.toolCallIdOf(c.messages[j])));
    const ids = [...new Set(calls.map((call) => call.id!))].filter((id) => !answered.has(id));
    const called = new Set(calls.map((call) => call.id));
    const mislabelled = [...answered].some((id) => id === undefined || !called.has(id));
    if (ids.length > 0) out.push({ index: i, ids, mislabelled });
  });
  return out;
}

export default defineRule({
  meta: {
    id: 'openai/tool-calls-answered',
    type: 'problem',
    view: 'openai-chat',
    description:
      'Every tool call of an assistant message is answered by a tool message among those that directly follow it.',
    docs: {
      detects: 'an assistant message whose `tool_calls` ids have no tool message right after it',
      fix: 'safe (insert a tool message saying the result was not recorded)',
    },
    severity: { openai: 'error' },
    fixable: 'safe',
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      missing:
        "Not every tool call of this assistant message is answered by the tool messages right after it; the API answers: \"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: {{ids}}\"",
    },
  },
  check(ctx) {
    for (const c of ctx.model.conversations) {
      const found = unanswered(c);
      if (found.length === 0) continue;
      // One fix for the whole conversation, carried by each of its reports.
      const inserts = new Map<number, OpenAI.ChatMessage[]>();
      for (const { index, ids, mislabelled } of found) {
        if (mislabelled) continue;
        const answers = OpenAI.answersAfter(c.messages, index);
        const after = answers.length > 0 ? answers[answers.length - 1]! : index;
        inserts.set(
          after,
          ids.map((id) => ({ role: 'tool', tool_call_id: id, content: RESULT_NOT_RECORDED })),
        );
      }
      const total = found.reduce((n, f) => n + (f.mislabelled ? 0 : f.ids.length), 0);
      const fix =
        total > 0
          ? {
              applicability: 'safe' as const,
              description:
                total === 1
                  ? 'answer the tool call with "result not recorded"'
                  : `answer ${total} tool calls with "result not recorded"`,
              edits: new OpenAI.ChatEdits(c).restructure(new Set(), inserts),
            }
          : undefined;
      for (const { index, ids, mislabelled } of found)
        ctx.report({
          messageId: 'missing',
          at: c.at(index),
          data: { ids: ids.join(', ') },
          fix: mislabelled ? undefined : fix,
        });
    }
  },
});
