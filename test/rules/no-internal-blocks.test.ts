import rule from '../../rules/no-internal-blocks.js';
import {
  image,
  text,
  thinking,
  toolResult,
  toolUse,
  transcript,
  fixed,
  uuidAt,
  type EditableEntry,
} from '../helpers/build.js';
import { runRuleTests } from '../helpers/rule-tester.js';

type Json = EditableEntry;
/** Remove blocks by index (given highest first). */
const dropBlocks =
  (...indexes: number[]) =>
  (e: Json): void => {
    for (const i of indexes) e.message.content.splice(i, 1);
  };

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
const advisorResult = {
  type: 'advisor_tool_result',
  tool_use_id: 'srvtoolu_adv',
  content: { type: 'advisor_result', text: 'ok' },
};

const splitPart = transcript();
splitPart.user('search the docs');
splitPart.assistant([{ type: 'connector_text', connector_text: 'x' }], { id: 'msg_a' });
splitPart.assistant([toolUse('toolu_1', 'ToolSearch')], { id: 'msg_a' });
splitPart.result('toolu_1');
splitPart.assistant([text('Done.')], { id: 'msg_b' });

const t = {
  toolRef: session({ result: [toolResult('toolu_1', 'loaded'), toolRef] }),
  connector: session({ assistant: [{ type: 'connector_text', connector_text: 'x' }] }),
  sticker: session({ prompt: [text('hi'), { type: 'sticker', id: 1 }] }),
  onlySticker: session({ prompt: [{ type: 'sticker', id: 1 }] }),
  wrongRole: session({ prompt: [text('hi'), toolUse('toolu_9')], assistant: [image()] }),
  badResult: session({ result: [toolResult('toolu_1', [text('a'), toolUse('toolu_x')])] }),
  onlyBadResult: session({
    result: [toolResult('toolu_1', [toolUse('toolu_x'), { type: 'thinking', thinking: 'x' }])],
  }),
  advisorUnpaired: session({ assistant: [advisorCall, text('ok')] }),
  advisorPair: session({ assistant: [advisorCall, advisorResult, text('ok')] }),
  advisorAlone: session({ assistant: [advisorCall] }),
  splitPart: splitPart.toString(),
};

runRuleTests(rule, {
  valid: [
    {
      name: 'tool_reference inside a tool_result (claude-code-trace shape)',
      text: session({ result: [toolResult('toolu_1', [toolRef])] }),
    },
    {
      name: 'user blocks the API accepts',
      text: session({
        prompt: [
          text('see'),
          image(),
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'x' } },
        ],
        result: [
          toolResult('toolu_1', [text('a'), image(), { type: 'search_result', source: 'u', title: 't', content: [] }]),
        ],
      }),
    },
    { name: 'server tool use and its result in the assistant message', text: session({ assistant: webSearch }) },
    {
      name: 'thinking blocks',
      text: session({ assistant: [thinking('', 'sig'), { type: 'redacted_thinking', data: 'abc' }] }),
    },
    {
      name: 'claude-code: a complete advisor pair is left to Claude Code',
      text: session({ assistant: [advisorCall, advisorResult, text('ok')] }),
    },
    {
      name: "a block without a type is entry-shape's finding",
      text: session({ prompt: [text('hi'), { text: 'wow error' }] }),
    },
    { name: 'api target: server tool pair', text: session({ assistant: webSearch }), target: 'api' },
  ],
  invalid: [
    {
      name: 'top-level tool_reference in a user message',
      text: t.toolRef,
      errors: [{ messageId: 'toolReference', line: 3, blockIndex: 1, severity: 'error' }],
      output: fixed(t.toolRef, { 3: dropBlocks(1) }),
    },
    {
      name: 'an internal block type (connector_text)',
      text: t.connector,
      errors: [{ messageId: 'unknown', line: 2, blockIndex: 0, messageIncludes: '`connector_text`' }],
      output: fixed(t.connector, { 2: dropBlocks(0) }),
    },
    {
      name: 'a made-up block type in a user prompt',
      text: t.sticker,
      errors: [{ messageId: 'unknown', line: 1, blockIndex: 1 }],
      output: fixed(t.sticker, { 1: dropBlocks(1) }),
    },
    {
      name: 'a prompt holding only an unknown block keeps its turn as "(no content)"',
      text: t.onlySticker,
      errors: [{ messageId: 'unknown', line: 1, blockIndex: 0 }],
      output: fixed(t.onlySticker, { 1: (e) => void (e.message.content = '(no content)') }),
    },
    {
      name: 'a split part holding only an internal block is removed, the next part re-linked',
      text: t.splitPart,
      errors: [{ messageId: 'unknown', line: 2, blockIndex: 0 }],
      output: fixed(t.splitPart, { 2: null, 3: (e) => void (e.parentUuid = uuidAt(t.splitPart, 1)) }),
    },
    {
      name: 'blocks in the wrong role',
      text: t.wrongRole,
      output: fixed(t.wrongRole, { 1: dropBlocks(1), 2: dropBlocks(0) }),
      errors: [
        { messageId: 'wrongRole', line: 1, blockIndex: 1, messageIncludes: 'only in assistant messages' },
        { messageId: 'wrongRole', line: 2, blockIndex: 0, messageIncludes: 'only in user messages' },
      ],
    },
    {
      name: 'a block a tool_result cannot hold',
      text: t.badResult,
      errors: [{ messageId: 'badResultContent', line: 3, blockIndex: 0 }],
      output: fixed(t.badResult, { 3: (e) => void e.message.content[0].content.splice(1, 1) }),
    },
    {
      name: 'a tool_result holding only blocks it cannot hold gets a placeholder',
      text: t.onlyBadResult,
      errors: [
        { messageId: 'badResultContent', line: 3, blockIndex: 0 },
        { messageId: 'badResultContent', line: 3, blockIndex: 0 },
      ],
      output: fixed(t.onlyBadResult, {
        3: (e) =>
          void (e.message.content[0].content = [
            {
              type: 'text',
              text: '[transcript-lint: removed `tool_use`, `thinking` content that a tool_result cannot hold]',
            },
          ]),
      }),
    },
    {
      name: 'claude-code: an advisor call without its result (Claude Code removes it)',
      text: t.advisorUnpaired,
      errors: [{ messageId: 'advisorUnpaired', line: 2, blockIndex: 0, severity: 'warn' }],
      output: fixed(t.advisorUnpaired, { 2: dropBlocks(0) }),
    },
    {
      name: 'api target: advisor blocks',
      target: 'api',
      text: t.advisorPair,
      output: fixed(t.advisorPair, { 2: dropBlocks(1, 0) }),
      errors: [
        { messageId: 'advisor', line: 2, blockIndex: 0, severity: 'error' },
        { messageId: 'advisor', line: 2, blockIndex: 1, severity: 'error' },
      ],
    },
    {
      name: 'api target: an advisor call without its result',
      target: 'api',
      text: t.advisorAlone,
      errors: [{ messageId: 'advisorUnpaired', line: 2, severity: 'error' }],
      output: fixed(t.advisorAlone, { 2: dropBlocks(0) }),
    },
    {
      name: 'api target: top-level tool_reference',
      target: 'api',
      text: t.toolRef,
      errors: [{ messageId: 'toolReference', line: 3, severity: 'error' }],
      output: fixed(t.toolRef, { 3: dropBlocks(1) }),
    },
  ],
});
