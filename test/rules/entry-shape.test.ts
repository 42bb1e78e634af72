import { describe, expect, it } from 'vitest';
import rule from '../../rules/entry-shape.js';
import { image, text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';
import { assistantMsg, doc, jsonl, lineAt, request, TOOLS, userMsg } from '../helpers/plain.js';

// Plain Messages API inputs: the shape the API validates.
const goodRequest = doc(
  request([userMsg('hi'), assistantMsg([{ type: 'thinking', thinking: 'x', signature: 's' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }]), userMsg([{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'ok' }] }])], {
    system: [{ type: 'text', text: 'be brief' }],
    tools: TOOLS,
    thinking: { type: 'enabled', budget_tokens: 1024 },
  }),
);
const badRequest = doc(
  request([userMsg(42), assistantMsg([{ type: 'tool_use', id: 'toolu_1', input: {} }]), { role: 'tool', content: 'x' }, userMsg([{ text: 'no type' }])], {
    system: [{ type: 'image', text: 'x' }],
    thinking: 'on',
  }),
);
const noModel = doc({ messages: [userMsg('hi')] }, 'tab');

// The shapes Claude Code 2.1.332 writes: string prompts, split parts, results hanging off their parts, attachments,
// metadata entries, a compaction, thinking with signatures, unknown fields and unknown entry types.
const clean = transcript();
clean.raw({ type: 'queue-operation', operation: 'enqueue', timestamp: '2026-11-01T12:00:00.000Z', sessionId: 's' });
clean.user('run two commands', { extra: { promptId: 'p1', someFutureField: { nested: true } } });
clean.attachment({ type: 'environment', cwd: '/tmp' }, { rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' });
clean.assistant([thinking('plan', 'sig')], { id: 'msg_1' });
clean.assistant([text('Running.')], { id: 'msg_1' });
const u1 = clean.assistant([toolUse('toolu_1')], { id: 'msg_1' });
const u2 = clean.assistant([toolUse('toolu_2')], { id: 'msg_1' });
clean.result('toolu_1', [text('one'), image()], { parent: u1 });
const r2 = clean.result('toolu_2', 'two', { parent: u2 });
clean.assistant([text('Done.')], { parent: r2 });
clean.lastPrompt();
clean.raw({ type: 'api-request', id: 'req', params: {} });
clean.raw({ type: 'summary', summary: 'A session', leafUuid: clean.lastUuid });
clean.compactBoundary();
clean.compactSummary();
clean.raw({ type: 'system', subtype: 'turn_duration', uuid: '00000000-0000-4000-8000-0000000000ff', parentUuid: clean.lastUuid, durationMs: 5 });
clean.raw({ type: 'last-prompt', lastPrompt: 'x', sessionId: 's' });
const good = clean.toString();

const base = () => {
  const t = transcript();
  t.user('hello');
  return t;
};

runRuleTests(rule, {
  valid: [
    { name: 'a clean 2.1.332-shaped session with metadata, attachments, split parts and a compaction', text: good },
    { name: 'assistant content given as a string', text: (() => { const t = base(); t.raw({ type: 'assistant', uuid: 'a1', parentUuid: null, message: { role: 'assistant', content: 'hi' } }); return t.toString(); })() },
    { name: 'unknown entry types and typeless lines are not entry-shape findings', text: base().toString() + '{"type":"frame-link","x":1}\n{"silly":"this"}\n{"type":"future-thing","message":42}\n' },
    { name: 'empty thinking text with a signature (omitted thinking) is well-formed', text: (() => { const t = base(); t.assistant([thinking('', 'sig'), text('ok')]); return t.toString(); })() },
    { name: 'tool_result content may be a string, an array of typed blocks, a tool_reference, or absent', text: (() => {
      const t = base();
      t.assistant([toolUse('toolu_A'), toolUse('toolu_B'), toolUse('toolu_C')]);
      t.user([toolResult('toolu_A', 'ok'), toolResult('toolu_B', [{ type: 'tool_reference', tool_name: 'X' }]), { type: 'tool_result', tool_use_id: 'toolu_C' }]);
      return t.toString();
    })() },
    { name: 'a root with parentUuid null and an entry without parentUuid', text: base().toString() + '{"type":"user","uuid":"u9","message":{"role":"user","content":"x"}}\n' },
    { name: 'last-prompt without leafUuid, or with a null one', text: base().toString() + '{"type":"last-prompt","lastPrompt":"x"}\n{"type":"last-prompt","leafUuid":null}\n' },
  ],
  invalid: [
    {
      name: 'message missing',
      text: base().toString() + '{"type":"user","uuid":"u2","parentUuid":null}\n',
      errors: [{ messageId: 'unreadableEntry', line: 2, severity: 'error', messageIncludes: '`message` is missing' }],
    },
    {
      name: 'message a string (edge_cases line 11)',
      text: base().toString() + '{"type":"user","uuid":"u2","parentUuid":null,"message":"error"}\n',
      errors: [{ messageId: 'unreadableEntry', line: 2, messageIncludes: '`message` is a string, not an object' }],
    },
    {
      name: 'content missing (a misspelt key, edge_cases line 10)',
      text: base().toString() + '{"type":"user","uuid":"u2","parentUuid":null,"message":{"role":"user","contenst":[]}}\n',
      errors: [{ messageId: 'unreadableEntry', line: 2, messageIncludes: '`message.content` is missing' }],
    },
    {
      name: 'content neither string nor array',
      text: base().toString() + '{"type":"assistant","uuid":"a2","parentUuid":null,"message":{"role":"assistant","content":42}}\n',
      errors: [{ messageId: 'unreadableEntry', line: 2, messageIncludes: '`message.content` is a number, not a string or an array' }],
    },
    {
      name: 'a block that is not an object (edge_cases line 18) and a null block',
      text: (() => {
        const t = base();
        t.user(['wow error' as unknown as Record<string, unknown>, text('ok')]);
        t.user([text('ok'), null as unknown as Record<string, unknown>]);
        return t.toString();
      })(),
      errors: [
        { messageId: 'droppedBlock', line: 2, blockIndex: 0, messageIncludes: '`message.content[0]` is a string, not an object' },
        { messageId: 'droppedBlock', line: 3, blockIndex: 1, messageIncludes: '`message.content[1]` is null, not an object' },
      ],
    },
    {
      name: 'a block without type, a text block whose text is not a string',
      text: (() => {
        const t = base();
        t.assistant([text('ok'), { text: 'no type' }]);
        t.assistant([text('ok'), text('fine'), { type: 'text', text: 42 }]);
        return t.toString();
      })(),
      errors: [
        { messageId: 'droppedBlock', line: 2, blockIndex: 1, messageIncludes: '`message.content[1].type` is missing' },
        { messageId: 'droppedBlock', line: 3, blockIndex: 2, messageIncludes: '`message.content[2].text` is a number, not a string' },
      ],
    },
    {
      name: 'a tool_use without id and a tool_result without tool_use_id',
      text: (() => {
        const t = base();
        t.assistant([{ type: 'tool_use', name: 'Bash', input: {} }]);
        t.user([{ type: 'tool_result', content: 'ok' }]);
        return t.toString();
      })(),
      errors: [
        { messageId: 'droppedBlock', line: 2, blockIndex: 0, messageIncludes: '`message.content[0].id` is missing' },
        { messageId: 'droppedBlock', line: 3, blockIndex: 0, messageIncludes: '`message.content[0].tool_use_id` is missing' },
      ],
    },
    {
      name: 'thinking without text, an image whose source is not an object, a typeless block inside a tool_result',
      text: (() => {
        const t = base();
        t.assistant([{ type: 'thinking', signature: 'sig' }, toolUse('toolu_X')]);
        t.user([toolResult('toolu_X', [text('fine'), { text: 'no type' }])]);
        t.user([text('look'), { type: 'image', source: 'bad' }]);
        return t.toString();
      })(),
      errors: [
        { messageId: 'rejectedBlock', line: 2, blockIndex: 0, messageIncludes: '`message.content[0].thinking` is missing' },
        { messageId: 'rejectedBlock', line: 3, blockIndex: 0, messageIncludes: '`message.content[0].content[1].type` is missing' },
        { messageId: 'rejectedBlock', line: 4, blockIndex: 1, messageIncludes: '`message.content[1].source` is a string, not an object' },
      ],
    },
    {
      name: 'uuid missing on an attachment, uuid a number on a user entry',
      text: base().toString() + '{"type":"attachment","parentUuid":null,"attachment":{"type":"date"}}\n{"type":"user","uuid":12345,"parentUuid":null,"message":{"role":"user","content":"x"}}\n',
      errors: [
        { messageId: 'badUuid', line: 2, messageIncludes: '`uuid` is missing' },
        { messageId: 'badUuid', line: 3, messageIncludes: '`uuid` is a number, not a string' },
      ],
    },
    {
      name: 'parentUuid neither a string nor null',
      text: base().toString() + '{"type":"system","subtype":"local_command","uuid":"s1","parentUuid":42,"content":"x"}\n',
      errors: [{ messageId: 'badParent', line: 2, messageIncludes: '`parentUuid` is a number, not a string or null' }],
    },
    {
      name: 'metadata: last-prompt leafUuid and summary text of the wrong type',
      text: base().toString() + '{"type":"last-prompt","leafUuid":7}\n{"type":"summary","summary":["x"]}\n',
      errors: [
        { messageId: 'badMeta', line: 2, messageIncludes: '`leafUuid` is a number' },
        { messageId: 'badMeta', line: 3, messageIncludes: '`summary` is an array, not a string' },
      ],
    },
    {
      name: 'the api target reports it too',
      target: 'api',
      text: base().toString() + '{"type":"user","uuid":"u2","parentUuid":null,"message":{"role":"user"}}\n',
      errors: [{ messageId: 'unreadableEntry', line: 2, severity: 'error' }],
    },
    {
      name: 'a request: each field the API refuses, at its line',
      text: badRequest,
      errors: [
        { messageId: 'apiShape', line: lineAt(badRequest, '/system/0/type'), messageIncludes: '`system[0].type` is "image", not "text"' },
        { messageId: 'apiShape', line: lineAt(badRequest, '/thinking'), messageIncludes: '`thinking` is a string, not an object' },
        { messageId: 'apiShape', line: lineAt(badRequest, '/messages/0/content'), messageIncludes: '`messages[0].content` is a number' },
        { messageId: 'apiShape', line: lineAt(badRequest, '/messages/1/content/0'), messageIncludes: '`messages[1].content[0].name` is missing' },
        { messageId: 'apiShape', line: lineAt(badRequest, '/messages/2/role'), messageIncludes: '`messages[2].role` is "tool", not "user" or "assistant"' },
        { messageId: 'apiShape', line: lineAt(badRequest, '/messages/3/content/0'), messageIncludes: '`messages[3].content[0].type` is missing' },
      ].sort((a, b) => a.line - b.line),
    },
    {
      name: 'a request without a model',
      text: noModel,
      errors: [{ messageId: 'apiShape', line: 1, severity: 'error', messageIncludes: '`model` is missing; the API rejects the request.' }],
    },
    {
      name: 'a JSONL message list: per line',
      text: jsonl([userMsg('hi'), { role: 'system', content: 'x' }, assistantMsg({ text: 'x' })]),
      errors: [
        { messageId: 'apiShape', line: 2, messageIncludes: '`role` is "system"' },
        { messageId: 'apiShape', line: 3, messageIncludes: '`content` is an object, not a string or an array' },
      ],
    },
  ],
});

runRuleTests(rule, {
  valid: [
    { name: 'a well-formed request', text: goodRequest },
    { name: 'a well-formed message list', text: jsonl([userMsg('hi'), assistantMsg([{ type: 'text', text: 'hello' }])]) },
  ],
  invalid: [],
});

describe('entry-shape details', () => {
  it('points at the bad field with a JSON pointer and names the entry', () => {
    const t = base();
    t.assistant([text('ok'), { type: 'text', text: 1 }]);
    const [d] = lintWith(rule, t.toString()).result.diagnostics;
    expect(d?.pointer).toBe('/message/content/1/text');
    expect(d?.uuid).toBe(t.lastUuid);
  });

  it('reports every bad field of one entry once', () => {
    const t = base();
    t.raw({ type: 'user', uuid: 3, parentUuid: 4, message: { role: 'user', content: [{}, { type: 'text' }] } });
    const pointers = lintWith(rule, t.toString()).result.diagnostics.map((d) => d.pointer);
    expect(pointers).toEqual(['/uuid', '/parentUuid', '/message/content/0/type', '/message/content/1/text']);
  });
});
