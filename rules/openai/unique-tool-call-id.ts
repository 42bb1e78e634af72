// openai/unique-tool-call-id: a tool call id is made once and answered once in a conversation. Two tool messages
// answering one id: "Invalid parameter: Duplicate value for 'tool_call_id' of 'call_gmd4tanjXcwOxfPawOnDmq6R', in
// messages[7] and messages[8]." (param `messages.[8].tool_call_id`; agno-agi/agno#5116, fatwang2/search2ai#30). Two
// calls with one id: no API text was found (it surfaces as the error above once both are answered), so it is
// reported with the spec's own words, and ids only need to be unique to pair calls with answers. A second answer that
// is an exact copy of the first (the same JSON) is removed (safe: nothing is lost); other duplicates get no fix.
import { defineRule, HeldReports, OpenAI } from '../../src/sdk/index.js';

export default defineRule({
  meta: {
    id: 'openai/unique-tool-call-id',
    type: 'problem',
    view: 'openai-chat',
    description: 'Every tool call id of a conversation is used by one call and answered by one tool message.',
    docs: {
      detects: 'a tool call id used by two calls, or answered by two tool messages',
      fix: 'safe (remove a second answer that is an exact copy of the first)',
    },
    severity: { openai: 'error' },
    fixable: 'safe',
    formats: ['openai-chat', 'openai-finetune', 'openai-batch'],
    messages: {
      call: 'Tool call id {{id}} is already used by {{first}} (line {{line}}); each call needs its own id to be paired with its answer.',
      answer:
        "Tool call {{id}} is already answered by messages[{{first}}] (line {{line}}); the API answers: \"Invalid parameter: Duplicate value for 'tool_call_id' of '{{id}}', in messages[{{first}}] and messages[{{second}}].\"",
    },
  },
  check(ctx) {
    const model = ctx.model;
    for (const c of model.conversations) {
      const calls = new Map<string, { i: number; index: number }>();
      const answers = new Map<string, number>();
      const copies = new Set<number>();
      const held = new HeldReports(ctx);
      const removeCopies = () =>
        copies.size === 0
          ? undefined
          : {
              applicability: 'safe' as const,
              description:
                copies.size === 1
                  ? 'remove the copy of an earlier answer'
                  : `remove ${copies.size} copies of earlier answers`,
              edits: new OpenAI.ChatEdits(c).restructure(copies),
            };
      c.messages.forEach((m, i) => {
        for (const call of OpenAI.toolCallsOf(m)) {
          if (call.id === undefined) continue;
          const pointer = `/tool_calls/${call.index}/id`;
          const first = calls.get(call.id);
          if (first === undefined) {
            calls.set(call.id, { i, index: call.index });
            continue;
          }
          // Where the first call is, worked out only for a repeated id.
          const line = OpenAI.fileLineOf(model, c.at(first.i, `/tool_calls/${first.index}/id`));
          ctx.report({
            messageId: 'call',
            at: c.at(i, pointer),
            data: { id: call.id, first: c.param(first.i, `/tool_calls/${first.index}`), line },
            related: [{ line, message: `the first call with id ${call.id}` }],
          });
        }
        const id = OpenAI.roleOf(m) === 'tool' ? OpenAI.toolCallIdOf(m) : undefined;
        if (id === undefined) return;
        const first = answers.get(id);
        if (first === undefined) {
          answers.set(id, i);
          return;
        }
        const copy = JSON.stringify(c.messages[first]) === JSON.stringify(m);
        if (copy) copies.add(i);
        const line = OpenAI.fileLineOf(model, c.at(first));
        held.hold(
          {
            messageId: 'answer',
            at: c.at(i, '/tool_call_id'),
            data: { id, first, second: i, line },
            related: [{ line, message: `the first answer to ${id}` }],
          },
          copy ? removeCopies : undefined,
        );
      });
      held.send();
    }
  },
});
