// Plain Messages API inputs (issue 4): a request JSON and a message list (JSON array or JSONL) with each defect of
// api-errors.md are reported by the right rule at the line where the offending message or block starts, in every
// layout (2 spaces, 4 spaces, tabs, compact, JSONL); clean inputs give nothing; targets api and bedrock.
import { describe, expect, it } from 'vitest';
import { lintBytes } from '../src/index.js';
import type { Target } from '../src/sdk/rule-api.js';
import {
  assistantMsg,
  doc,
  jsonl,
  type Layout,
  lineAt,
  type Message,
  request,
  text,
  thinking,
  toolResult,
  toolUse,
  TOOLS,
  userMsg,
} from './helpers/plain.js';
import { enc } from './helpers/bytes.js';

function lint(textOfFile: string, target?: Target) {
  return lintBytes('fixture.json', enc(textOfFile), { target }).result;
}

const got = (textOfFile: string, target?: Target): string[] =>
  lint(textOfFile, target).diagnostics.map((d) => `${d.ruleId}/${d.messageId} @${d.line}`);

const image = (data: string, mediaType = 'image/png') => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
});
const pdf = (pages: number): string => {
  let s = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  s += `2 0 obj\n<< /Type /Pages /Kids [] /Count ${pages} >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.from(s, 'latin1').toString('base64');
};
const cached = (t: string) => text(t, { cache_control: { type: 'ephemeral' } });

/** Where an expected finding is: in message `message` at `path` (a pointer into the message), or in the request. */
interface At {
  rule: string;
  messageId: string;
  message?: number;
  path?: string;
  /** A pointer into the request document (request-level fields). */
  request?: string;
}

interface DefectCase {
  name: string;
  /** api-errors.md reference. */
  ref: string;
  messages: Message[];
  /** Request fields besides model, max_tokens and messages; a case with them is a request only. */
  extra?: Record<string, unknown>;
  expect: At[];
  target?: Target;
}

const hi = userMsg('What is the weather in Paris?');

const defects: DefectCase[] = [
  {
    name: 'a tool_use without its tool_result',
    ref: 'E1',
    messages: [hi, assistantMsg([text('Checking.'), toolUse('toolu_01')]), userMsg('never mind')],
    expect: [{ rule: 'tool-use-has-result', messageId: 'missing', message: 1, path: '/content/1' }],
  },
  {
    name: 'a tool_result without its tool_use',
    ref: 'E2',
    messages: [hi, assistantMsg('Sunny.'), userMsg([toolResult('toolu_09'), text('thanks')])],
    expect: [{ rule: 'tool-result-has-use', messageId: 'unexpected', message: 2, path: '/content/0' }],
  },
  {
    name: 'a tool_use id used twice',
    ref: 'E3',
    messages: [
      hi,
      assistantMsg([toolUse('toolu_01')]),
      userMsg([toolResult('toolu_01')]),
      assistantMsg([toolUse('toolu_01')]),
      userMsg([toolResult('toolu_01')]),
    ],
    expect: [{ rule: 'unique-tool-use-id', messageId: 'notUnique', message: 3, path: '/content/0' }],
  },
  {
    name: 'thinking enabled and the turn in progress starts with text',
    ref: 'E5',
    messages: [hi, assistantMsg([text('Checking.'), toolUse('toolu_01')]), userMsg([toolResult('toolu_01')])],
    extra: { thinking: { type: 'enabled', budget_tokens: 2048 } },
    expect: [{ rule: 'thinking-config', messageId: 'notThinkingFirst', message: 1, path: '/content/0' }],
  },
  {
    name: 'thinking that is not the first block',
    ref: 'E6',
    messages: [
      hi,
      assistantMsg([text('Checking.'), thinking(), toolUse('toolu_01')]),
      userMsg([toolResult('toolu_01')]),
      assistantMsg('Sunny.'),
      userMsg('thanks'),
    ],
    expect: [{ rule: 'thinking-first', messageId: 'notFirst', message: 1, path: '/content/1' }],
  },
  {
    name: 'thinking in a final assistant message without thinking enabled',
    ref: 'E7',
    messages: [hi, assistantMsg([thinking(), text('It is')])],
    extra: { thinking: { type: 'disabled' } },
    expect: [{ rule: 'thinking-config', messageId: 'thinkingWhileDisabled', message: 1, path: '/content/0' }],
  },
  {
    name: 'a final assistant message ending with thinking',
    ref: 'E7',
    messages: [hi, assistantMsg([text('It is'), thinking()])],
    extra: { thinking: { type: 'enabled', budget_tokens: 2048 } },
    expect: [
      { rule: 'thinking-first', messageId: 'notFirst', message: 1, path: '/content/1' },
      { rule: 'thinking-placement', messageId: 'trailingThinking', message: 1, path: '/content/1' },
    ],
  },
  {
    name: 'a thinking block without a signature',
    ref: 'E8',
    messages: [hi, assistantMsg([{ type: 'thinking', thinking: 'hmm' }, text('Sunny.')]), userMsg('thanks')],
    expect: [{ rule: 'thinking-signature', messageId: 'missingSignature', message: 1, path: '/content/0' }],
  },
  {
    name: 'a redacted_thinking block without data',
    ref: 'E9',
    messages: [hi, assistantMsg([{ type: 'redacted_thinking', data: '' }, text('Sunny.')]), userMsg('thanks')],
    expect: [{ rule: 'thinking-signature', messageId: 'redactedNoData', message: 1, path: '/content/0' }],
  },
  {
    name: 'empty and whitespace-only text blocks',
    ref: 'E10',
    messages: [hi, assistantMsg([text(''), text('Sunny.')]), userMsg([text('thanks'), text(' \n')])],
    expect: [
      { rule: 'no-empty-content', messageId: 'emptyText', message: 1, path: '/content/0' },
      { rule: 'no-empty-content', messageId: 'emptyText', message: 2, path: '/content/1' },
    ],
  },
  {
    name: 'a final assistant message ending with whitespace',
    ref: 'E11',
    messages: [hi, assistantMsg([text('It is ')])],
    expect: [{ rule: 'final-assistant-whitespace', messageId: 'trailingWhitespace', message: 1, path: '/content/0' }],
  },
  {
    name: 'an empty image',
    ref: 'E12',
    messages: [userMsg([image(''), text('what is this?')])],
    expect: [{ rule: 'image-limits', messageId: 'empty', message: 0, path: '/content/0' }],
  },
  {
    name: 'an image over 5 MB',
    ref: 'E12',
    messages: [userMsg([text('what is this?'), image('A'.repeat(5 * 1024 * 1024 + 4))])],
    expect: [{ rule: 'image-limits', messageId: 'tooLarge', message: 0, path: '/content/1' }],
  },
  {
    name: 'a PDF over 100 pages',
    ref: 'E13',
    messages: [
      userMsg([
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: pdf(150) } },
        text('summarise'),
      ]),
    ],
    expect: [{ rule: 'document-limits', messageId: 'tooManyPages', message: 0, path: '/content/0' }],
  },
  {
    name: 'five blocks with cache_control',
    ref: 'E14',
    messages: [
      userMsg([cached('a')]),
      assistantMsg([cached('b')]),
      userMsg([cached('c'), cached('d')]),
      assistantMsg('e'),
      userMsg([cached('f')]),
    ],
    expect: [{ rule: 'cache-control-limit', messageId: 'tooMany', message: 4, path: '/content/0' }],
  },
  {
    name: 'cache_control counted over system and tools',
    ref: 'E14',
    messages: [userMsg([cached('a'), cached('b')]), assistantMsg('c'), userMsg([cached('d')])],
    extra: { system: [cached('You are helpful.')], tools: [{ ...TOOLS[0], cache_control: { type: 'ephemeral' } }] },
    expect: [{ rule: 'cache-control-limit', messageId: 'tooMany', message: 2, path: '/content/0' }],
  },
  {
    name: 'a top-level tool_reference',
    ref: 'E16',
    messages: [userMsg([{ type: 'tool_reference', tool_name: 'get_weather' }, text('use it')])],
    expect: [{ rule: 'no-internal-blocks', messageId: 'toolReference', message: 0, path: '/content/0' }],
  },
  {
    name: 'an advisor call without its result',
    ref: 'E16',
    messages: [
      hi,
      assistantMsg([{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'advisor', input: {} }, text('ok')]),
      userMsg('thanks'),
    ],
    expect: [{ rule: 'no-internal-blocks', messageId: 'advisorUnpaired', message: 1, path: '/content/0' }],
  },
  {
    name: 'a tool_result after text',
    ref: '§4 tool pairing',
    messages: [hi, assistantMsg([toolUse('toolu_01')]), userMsg([text('here'), toolResult('toolu_01')])],
    expect: [{ rule: 'tool-result-first', messageId: 'notFirst', message: 2, path: '/content/1' }],
  },
  {
    name: 'an is_error tool_result holding an image',
    ref: '§4 tool pairing',
    messages: [
      hi,
      assistantMsg([toolUse('toolu_01')]),
      userMsg([toolResult('toolu_01', [text('failed'), image('aGVsbG8=')], { is_error: true })]),
    ],
    expect: [{ rule: 'error-result-text-only', messageId: 'nonText', message: 2, path: '/content/0' }],
  },
  {
    name: 'a tool_use input that is not an object',
    ref: '§4',
    messages: [
      hi,
      assistantMsg([toolUse('toolu_01', 'get_weather', '{"city": "Par')]),
      userMsg([toolResult('toolu_01')]),
    ],
    expect: [{ rule: 'tool-use-input', messageId: 'notObject', message: 1, path: '/content/0' }],
  },
  {
    name: 'a request starting with an assistant message',
    ref: '§4 roles',
    messages: [assistantMsg('Hello.'), hi],
    expect: [{ rule: 'first-message-user', messageId: 'assistantFirst', message: 0 }],
  },
  {
    name: 'a tool name outside the pattern and a duplicate tool',
    ref: '§4 IDs/names',
    messages: [hi],
    extra: { tools: [...TOOLS, { name: 'get weather!', input_schema: { type: 'object' } }, TOOLS[0]] },
    expect: [
      { rule: 'tool-names', messageId: 'pattern', request: '/tools/1/name' },
      { rule: 'tool-names', messageId: 'duplicate', request: '/tools/2/name' },
    ],
  },
  {
    name: 'a message with a role other than user, assistant or system, and one without content',
    ref: '§4 roles',
    messages: [hi, { role: 'human', content: 'be brief' }, { role: 'assistant' } as unknown as Message],
    expect: [
      { rule: 'entry-shape', messageId: 'apiShape', message: 1, path: '/role' },
      // The missing field has no line of its own: the message's.
      { rule: 'entry-shape', messageId: 'apiShape', message: 2 },
    ],
  },
];

/** The containers a case is written in, with the pointer prefix of message i and how to find a line. */
interface Container {
  name: string;
  write(c: DefectCase): string;
  lineOf(textOfFile: string, at: At): number;
}

const documentContainer = (layout: Layout): Container => ({
  name: `request, ${layout}`,
  write: (c) => doc(request(c.messages, c.extra), layout),
  lineOf: (t, at) => lineAt(t, at.request ?? `/messages/${at.message}${at.path ?? ''}`),
});

const containers: Container[] = [
  documentContainer('pretty2'),
  documentContainer('pretty4'),
  documentContainer('tab'),
  documentContainer('compact'),
];
const listContainers: Container[] = [
  {
    name: 'message list, JSON array',
    write: (c) => doc(c.messages, 'pretty2'),
    lineOf: (t, at) => lineAt(t, `/${at.message}${at.path ?? ''}`),
  },
  { name: 'message list, JSONL', write: (c) => jsonl(c.messages), lineOf: (_t, at) => at.message! + 1 },
];

describe('each defect is reported by the right rule at the right line (target api)', () => {
  for (const c of defects) {
    const all = c.extra ? containers : [...containers, ...listContainers];
    for (const container of all) {
      it(`${c.ref}: ${c.name} (${container.name})`, () => {
        const t = container.write(c);
        const result = lint(t, c.target);
        expect(result.target).toBe('api');
        const want = c.expect.map((at) => `${at.rule}/${at.messageId} @${container.lineOf(t, at)}`).sort();
        expect(got(t, c.target).sort()).toEqual(want);
        if (container.name.endsWith('compact'))
          expect(new Set(result.diagnostics.map((d) => d.line))).toEqual(new Set([1]));
        // In a JSON document the pointer names the value, whatever the layout.
        if (container.name.startsWith('request')) {
          const pointers = result.diagnostics.map((d) => d.pointer ?? '');
          for (const at of c.expect) {
            const where = at.request ?? `/messages/${at.message}${at.path ?? ''}`;
            expect(pointers.some((p) => p === where || p.startsWith(where + '/'))).toBe(true);
          }
        }
      });
    }
  }

  it('points at the line of the block in a pretty-printed request (counted by hand)', () => {
    const t = doc(request([hi, assistantMsg([text('Checking.'), toolUse('toolu_01')]), userMsg('never mind')]));
    // 1 {  2 model  3 max_tokens  4 "messages": [  5 {  6 role  7 content  8 },  9 {  10 role  11 "content": [
    // 12 {  13 type  14 text  15 },  16 { <- the tool_use
    expect(t.split('\n')[15]).toBe('        {');
    expect(t.split('\n')[16]).toContain('"type": "tool_use"');
    const [d] = lint(t).diagnostics;
    expect(d).toMatchObject({
      ruleId: 'tool-use-has-result',
      line: 16,
      pointer: '/messages/1/content/1',
      blockIndex: 1,
    });
  });

  it('names the line of the earlier copy in a message about it', () => {
    const c = defects.find((x) => x.ref === 'E3')!;
    const t = doc(request(c.messages));
    const [d] = lint(t).diagnostics;
    expect(d!.message).toContain(`already used on line ${lineAt(t, '/messages/1/content/0')}`);
    expect(d!.related).toEqual([{ line: lineAt(t, '/messages/1'), message: 'first tool_use with id toolu_01' }]);
  });
});

describe('clean inputs', () => {
  const clean = [
    hi,
    assistantMsg([thinking(), text('Let me check.'), toolUse('toolu_01')]),
    userMsg([toolResult('toolu_01')]),
    assistantMsg([text('It is 20°C and sunny.')]),
    userMsg([cached('Thanks! And tomorrow?'), image('aGVsbG8=')]),
    assistantMsg([thinking('Forecast.'), toolUse('toolu_02', 'get_weather', { city: 'Paris', day: 'tomorrow' })]),
    userMsg([toolResult('toolu_02', [text('18°C, rain')])]),
  ];
  const extra = {
    system: [cached('You are a weather assistant.')],
    tools: [
      { ...TOOLS[0], cache_control: { type: 'ephemeral' } },
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
    ],
    thinking: { type: 'enabled', budget_tokens: 2048 },
  };
  const texts: [string, string][] = [
    ['request, pretty2', doc(request(clean, extra))],
    ['request, pretty4', doc(request(clean, extra), 'pretty4')],
    ['request, tab', doc(request(clean, extra), 'tab')],
    ['request, compact', doc(request(clean, extra), 'compact')],
    ['request without a final newline', JSON.stringify(request(clean, extra), null, 2)],
    ['request with CRLF and a BOM', '\uFEFF' + doc(request(clean, extra)).replace(/\n/g, '\r\n')],
    ['message list, JSON array', doc(clean)],
    ['message list, JSONL', jsonl(clean)],
    ['a request ending with an assistant prefill', doc(request([hi, assistantMsg('It is')]))],
  ];
  for (const target of ['api', 'bedrock', 'claude-code'] as const) {
    it.each(texts)(`%s gives nothing (target ${target})`, (_name, t) => {
      expect(got(t, target)).toEqual([]);
    });
  }
});

describe('targets', () => {
  const twoUsers = [userMsg('first question'), userMsg('second question'), assistantMsg('Both answered.')];

  it('defaults to api for requests and message lists', () => {
    expect(lint(doc(request(twoUsers)))).toMatchObject({ inputFormat: 'request', target: 'api' });
    expect(lint(jsonl(twoUsers))).toMatchObject({ inputFormat: 'messages', target: 'api' });
    expect(lint(doc(twoUsers))).toMatchObject({ inputFormat: 'messages', target: 'api' });
  });

  it.each([
    ['request', doc(request(twoUsers))],
    ['JSON array', doc(twoUsers)],
    ['JSONL', jsonl(twoUsers)],
  ])('consecutive user messages pass api and fail bedrock (%s)', (_name, t) => {
    const api = lint(t, 'api');
    expect(api.errorCount).toBe(0);
    expect(api.diagnostics.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(['role-alternation warn']);
    const bedrock = lint(t, 'bedrock');
    expect(bedrock.errorCount).toBe(1);
    expect(bedrock.diagnostics.map((d) => `${d.ruleId} ${d.severity}`)).toEqual(['role-alternation error']);
    expect(bedrock.diagnostics[0]!.line).toBe(
      t.startsWith('{"') ? 2 : lineAt(t, t.startsWith('[') ? '/1' : '/messages/1'),
    );
  });

  it('bedrock limits tool_use ids to [a-zA-Z0-9_-]{1,64}', () => {
    const long = 'toolu_' + 'x'.repeat(70);
    const messages = [
      hi,
      assistantMsg([toolUse(long), toolUse('call.1')]),
      userMsg([toolResult(long), toolResult('call.1')]),
    ];
    const t = doc(request(messages));
    const api = lint(t, 'api');
    expect(api.errorCount).toBe(0);
    expect(api.diagnostics.map((d) => `${d.messageId} ${d.severity} @${d.line}`)).toEqual([
      `idCharset warn @${lineAt(t, '/messages/1/content/1')}`,
    ]);
    const bedrock = lint(t, 'bedrock');
    expect(bedrock.diagnostics.map((d) => `${d.messageId} ${d.severity} @${d.line}`)).toEqual([
      `idLength error @${lineAt(t, '/messages/1/content/0')}`,
      `idCharset error @${lineAt(t, '/messages/1/content/1')}`,
    ]);
  });

  it('an explicit claude-code target on a request keeps the request-view rules and never runs session rules', () => {
    const t = doc(request([hi, assistantMsg([toolUse('toolu_01')]), userMsg('never mind')]));
    const r = lint(t, 'claude-code');
    expect(r).toMatchObject({ inputFormat: 'request', target: 'claude-code' });
    expect(r.diagnostics.map((d) => `${d.ruleId}/${d.messageId}`)).toEqual(['tool-use-has-result/dropped']);
  });

  it('an explicit input format overrides detection', () => {
    const t = jsonl([hi, assistantMsg('ok')]);
    const asSession = lintBytes('x.jsonl', enc(t), { inputFormat: 'claude-code' }).result;
    // Read as a session, lines without a `type` are no entries Claude Code knows: nothing to say.
    expect(asSession).toMatchObject({ inputFormat: 'claude-code', target: 'claude-code', diagnostics: [] });
    const asRequest = lintBytes('x.jsonl', enc(doc([hi])), { inputFormat: 'request' }).result;
    expect(asRequest.diagnostics.map((d) => `${d.messageId} ${d.pointer}`)).toEqual(['apiShape ']);
  });
});

describe('files that are not what they claim', () => {
  it('a request that is not JSON is one valid-json finding at the error', () => {
    const t = '{\n  "model": "claude-opus-5-5",\n  "messages": [\n    {"role": "user", "content": "hi"},\n  ]\n}\n';
    const r = lint(t);
    expect(r.inputFormat).toBe('request');
    expect(r.diagnostics.map((d) => `${d.ruleId}/${d.messageId} @${d.line}`)).toEqual(['valid-json/document @5']);
    expect(r.diagnostics[0]!.message).toContain("Unexpected ']'");
    expect(r.diagnostics[0]!.message).toContain('column 3');
  });

  it('a torn JSON array is a message list with one finding', () => {
    const t = '[\n  {"role": "user", "content": "hi"},\n  {"role": "assistant", "content": [{"type": "te';
    const r = lint(t);
    expect(r.inputFormat).toBe('messages');
    expect(r.diagnostics.map((d) => `${d.ruleId}/${d.messageId} @${d.line}`)).toEqual(['valid-json/document @3']);
  });

  it('a compact request cut short on its one line: a valid-json document finding (review)', () => {
    const request = lint('{"model":"claude-opus-5-5","max_tokens":5,"messages":[{"role":"user","content":"hi"}');
    expect(request.inputFormat).toBe('request');
    expect(request.diagnostics.map((d) => `${d.ruleId}/${d.messageId} @${d.line}`)).toEqual(['valid-json/document @1']);
    expect(request.diagnostics[0]!.message).toContain('column 85');
    // Other formats' lines cut short name `model` or `messages` too: not taken for a request.
    for (const other of [
      '{"timestamp":"2026-01-01T00:00:00.000Z","type":"session_meta","payload":{"id":"x","model":"gpt-5","cwd":"/p"',
      '{"model":"gpt-4o","messages":[{"role":"system","content":"be brief"},{"role":"us',
      '{"messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}',
      '{"custom_id":"r1","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-4o"',
    ])
      expect(lint(other).inputFormat, other).not.toBe('request');
    // A session's one torn line stays a session's.
    const torn = lint(
      '{"parentUuid":null,"type":"user","message":{"role":"user","content":"hi"},"uuid":"u1","sessionId":"s',
    );
    expect(torn.inputFormat).toBe('claude-code');
  });

  it('a JSONL message list with a bad line and a torn last line', () => {
    const t = '{"role":"user","content":"hi"}\nnot json\n{"role":"assistant","content":"ok"}\n{"role":"us';
    expect(got(t)).toEqual(['valid-json/messageParse @2', 'valid-json/messageTorn @4']);
  });

  it("another tool's pretty-printed JSON (a package.json, a tsconfig.json) is not a request, valid or cut short", () => {
    for (const t of [
      '{\n  "name": "app",\n  "version": "1.0.0"\n}\n',
      '{\n  "compilerOptions": {\n    "strict": true\n  }\n}\n',
      '{\n  "name": "app",\n  "version": "1.0',
      '[\n  1,\n  2\n]\n',
    ]) {
      const r = lint(t);
      expect(r.inputFormat, t).toBe('unknown');
      expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['known-format']);
    }
  });

  it('a request without messages, or with an empty list', () => {
    const noMessages = lint('{\n  "model": "claude-opus-5-5",\n  "max_tokens": 10\n}\n');
    expect(noMessages.inputFormat).toBe('request');
    expect(noMessages.diagnostics.map((d) => `${d.messageId} @${d.line} ${d.pointer}`)).toEqual([
      'apiShape @1 /messages',
    ]);
    const empty = doc(request([]));
    expect(got(empty)).toEqual([`entry-shape/apiShape @${lineAt(empty, '/messages')}`]);
  });

  it('never throws on damaged or hostile documents', () => {
    const hostile = [
      '{"messages": 5}',
      '{"messages": [1, "x", null, [], {"role": "user", "content": 5}]}',
      '[{"role": "user", "content": [1, null, {"type": 5}]}]',
      '{"messages": [{"role": "assistant", "content": [{"type": "tool_use", "id": {"__proto__": []}, "input": []}]}], "tools": [1, {"name": 5}], "system": 4, "thinking": "on"}',
      '{"messages":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}',
      '[' + '{"role":"user","content":"x"},'.repeat(2000) + '{"role":"user","content":"y"}]',
      '\u0000{"messages": []}',
    ];
    for (const t of hostile) {
      expect(() => lintBytes('x', enc(t), { inputFormat: 'request' })).not.toThrow();
      expect(() => lintBytes('x', enc(t), { inputFormat: 'messages' })).not.toThrow();
      expect(() => lintBytes('x', enc(t))).not.toThrow();
    }
  });
});
