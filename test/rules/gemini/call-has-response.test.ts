import rule from '../../../rules/gemini/call-has-response.js';
import { runRuleTests } from '../../helpers/rule-tester.js';
import { edited, recorded, text, without } from './session.js';

const call = recorded('tool-call');
const parallel = recorded('parallel');
type ToolCall = { result?: unknown; status?: string };
const dropResults = (l: string) =>
  edited(l, (v) => {
    for (const tc of v.toolCalls as ToolCall[]) delete tc.result;
  });
const cancelled = (l: string, ...ids: string[]) =>
  edited(l, (v) =>
    (v.toolCalls as (ToolCall & { id: string; name: string })[]).forEach((tc, k) => {
      tc.status = 'cancelled';
      tc.result = [
        {
          functionResponse: {
            id: ids[k] ?? tc.id,
            name: tc.name,
            response: {
              error: '[Operation Cancelled] Reason: the tool call was interrupted and its result was not recorded',
            },
          },
        },
      ];
    }),
  );

runRuleTests(rule, {
  valid: [
    { name: 'a recorded call with its result', text: text(call) },
    {
      name: 'the call answered by the separate user record only',
      text: text(call.map((l, i) => (i === 6 ? dropResults(l) : l))),
    },
    { name: 'the model record before its tool calls were written (no call yet)', text: text(call.slice(0, 6)) },
  ],
  invalid: [
    {
      name: 'every response dropped (toolCalls[].result and the user record): the oracle’s 400',
      text: text(without(call, 8).map((l, i) => (i === 6 ? dropResults(l) : l))),
      errors: [{ messageId: 'unanswered', line: 7 }],
      output: text(without(call, 8).map((l, i) => (i === 6 ? cancelled(dropResults(l)) : l))),
    },
    {
      name: 'both parallel calls left without results at the end of the file',
      text: text(parallel.slice(0, 7).map((l, i) => (i === 6 ? dropResults(l) : l))),
      errors: [
        { messageId: 'unanswered', line: 7 },
        { messageId: 'unanswered', line: 7 },
      ],
      output: text(parallel.slice(0, 7).map((l, i) => (i === 6 ? cancelled(dropResults(l)) : l))),
    },
  ],
});
