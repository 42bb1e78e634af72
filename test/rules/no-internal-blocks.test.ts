import rule from '../../rules/no-internal-blocks.js';
import { image, text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Block = Record<string, unknown>;

/** A prompt, an assistant turn with `assistant` blocks and a tool call, the result entry with `result` blocks. */
function session(opts: { prompt?: Block[]; assistant?: Block[]; result?: Block[] } = {}): string {
  const t = transcript();
  t.user(opts.prompt ?? 'search the docs');
  t.assistant([...(opts.assistant ?? [text('Looking.')]), toolUse('toolu_1', 'ToolSearch')], { id: 'msg_a' });
  t.user(opts.result ?? [toolResult('toolu_1', 'ok')]);
  t.assistant([text('Done.')], { id: 'msg_b' });
  return t.toString();
}

const toolRef = { type: 'tool_reference', tool_name: 'mcp__docs__search' };
const webSearch: Block[] = [
  { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
  { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
];
const advisorCall = { type: 'server_tool_use', id: 'srvtoolu_adv', name: 'advisor', input: {} };
const advisorResult = { type: 'advisor_tool_result', tool_use_id: 'srvtoolu_adv', content: { type: 'advisor_result', text: 'ok' } };

runRuleTests(rule, {
  valid: [
    { name: 'tool_reference inside a tool_result (claude-code-trace shape)', text: session({ result: [toolResult('toolu_1', [toolRef])] }) },
    {
      name: 'user blocks the API accepts',
      text: session({
        prompt: [text('see'), image(), { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } }],
        result: [toolResult('toolu_1', [text('a'), image(), { type: 'search_result', source: 'u', title: 't', content: [] }])],
      }),
    },
    { name: 'server tool use and its result in the assistant message', text: session({ assistant: webSearch }) },
    { name: 'thinking blocks', text: session({ assistant: [thinking('', 'sig'), { type: 'redacted_thinking', data: 'abc' }] }) },
    { name: 'claude-code: a complete advisor pair is left to Claude Code', text: session({ assistant: [advisorCall, advisorResult, text('ok')] }) },
    { name: 'a block without a type is entry-shape\'s finding', text: session({ prompt: [text('hi'), { text: 'wow error' }] }) },
    { name: 'api target: server tool pair', text: session({ assistant: webSearch }), target: 'api' },
  ],
  invalid: [
    {
      name: 'top-level tool_reference in a user message',
      text: session({ result: [toolResult('toolu_1', 'loaded'), toolRef] }),
      errors: [{ messageId: 'toolReference', line: 3, blockIndex: 1, severity: 'error' }],
    },
    {
      name: 'an internal block type (connector_text)',
      text: session({ assistant: [{ type: 'connector_text', connector_text: 'x' }] }),
      errors: [{ messageId: 'unknown', line: 2, blockIndex: 0, messageIncludes: '`connector_text`' }],
    },
    {
      name: 'a made-up block type in a user prompt',
      text: session({ prompt: [text('hi'), { type: 'sticker', id: 1 }] }),
      errors: [{ messageId: 'unknown', line: 1, blockIndex: 1 }],
    },
    {
      name: 'blocks in the wrong role',
      text: session({ prompt: [text('hi'), toolUse('toolu_9')], assistant: [image()] }),
      errors: [
        { messageId: 'wrongRole', line: 1, blockIndex: 1, messageIncludes: 'only in assistant messages' },
        { messageId: 'wrongRole', line: 2, blockIndex: 0, messageIncludes: 'only in user messages' },
      ],
    },
    {
      name: 'a block a tool_result cannot hold',
      text: session({ result: [toolResult('toolu_1', [text('a'), toolUse('toolu_x')])] }),
      errors: [{ messageId: 'badResultContent', line: 3, blockIndex: 0 }],
    },
    {
      name: 'claude-code: an advisor call without its result (Claude Code removes it)',
      text: session({ assistant: [advisorCall, text('ok')] }),
      errors: [{ messageId: 'advisorUnpaired', line: 2, blockIndex: 0, severity: 'warn' }],
    },
    {
      name: 'api target: advisor blocks',
      target: 'api',
      text: session({ assistant: [advisorCall, advisorResult, text('ok')] }),
      errors: [
        { messageId: 'advisor', line: 2, blockIndex: 0, severity: 'error' },
        { messageId: 'advisor', line: 2, blockIndex: 1, severity: 'error' },
      ],
    },
    {
      name: 'api target: an advisor call without its result',
      target: 'api',
      text: session({ assistant: [advisorCall] }),
      errors: [{ messageId: 'advisorUnpaired', line: 2, severity: 'error' }],
    },
    {
      name: 'api target: top-level tool_reference',
      target: 'api',
      text: session({ result: [toolResult('toolu_1', 'loaded'), toolRef] }),
      errors: [{ messageId: 'toolReference', line: 3, severity: 'error' }],
    },
  ],
});
