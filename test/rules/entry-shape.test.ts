import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import rule, { MAX_PER_ENTRY, validateTree } from '../../rules/entry-shape.js';
import { ARRAYS, EFFECT, SCHEMAS, type SchemaName } from '../../rules/entry-shape/schemas.js';
// @ts-expect-error: a plain .mjs script, without types
import { generate, OUTPUT } from '../../scripts/gen-entry-shape.mjs';
import { isLazyString, LAZY_LINE_BYTES, LAZY_STRING_BYTES } from '../../src/loader/lazy-strings.js';
import type { ReportDescriptor } from '../../src/sdk/rule-api.js';
import { image, text, thinking, toolResult, toolUse, transcript } from '../helpers/build.js';
import { lintWith, runRuleTests } from '../helpers/rule-tester.js';
import { assistantMsg, doc, jsonl, lineAt, request, TOOLS, userMsg } from '../helpers/plain.js';
import { loadTranscript } from '../helpers/formats.js';

// Plain Messages API inputs: the shape the API validates.
const goodRequest = doc(
  request(
    [
      userMsg('hi'),
      assistantMsg([
        { type: 'thinking', thinking: 'x', signature: 's' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
      ]),
      userMsg([{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'ok' }] }]),
    ],
    {
      system: [{ type: 'text', text: 'be brief' }],
      tools: TOOLS,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    },
  ),
);
const badRequest = doc(
  request(
    [
      userMsg(42),
      assistantMsg([{ type: 'tool_use', id: 'toolu_1', input: {} }]),
      { role: 'tool', content: 'x' },
      userMsg([{ text: 'no type' }]),
    ],
    {
      system: [{ type: 'image', text: 'x' }],
      thinking: 'on',
    },
  ),
);
const noModel = doc({ messages: [userMsg('hi')] }, 'tab');

// The shapes Claude Code 2.1.332 writes: string prompts, split parts, results hanging off their parts, attachments,
// metadata entries, a compaction, thinking with signatures, unknown fields and unknown entry types.
const clean = transcript();
clean.raw({ type: 'queue-operation', operation: 'enqueue', timestamp: '2026-11-01T12:00:00.000Z', sessionId: 's' });
clean.user('run two commands', { extra: { promptId: 'p1', someFutureField: { nested: true } } });
clean.attachment(
  { type: 'environment', cwd: '/tmp' },
  { rendered: ['<system-reminder>env</system-reminder>'], renderedRole: 'system' },
);
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
clean.raw({
  type: 'system',
  subtype: 'turn_duration',
  uuid: '00000000-0000-4000-8000-0000000000ff',
  parentUuid: clean.lastUuid,
  durationMs: 5,
});
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
    {
      name: 'assistant content given as a string',
      text: (() => {
        const t = base();
        t.raw({ type: 'assistant', uuid: 'a1', parentUuid: null, message: { role: 'assistant', content: 'hi' } });
        return t.toString();
      })(),
    },
    {
      name: 'unknown entry types and typeless lines are not entry-shape findings',
      text: base().toString() + '{"type":"frame-link","x":1}\n{"silly":"this"}\n{"type":"future-thing","message":42}\n',
    },
    {
      name: 'empty thinking text with a signature (omitted thinking) is well-formed',
      text: (() => {
        const t = base();
        t.assistant([thinking('', 'sig'), text('ok')]);
        return t.toString();
      })(),
    },
    {
      name: 'tool_result content may be a string, an array of typed blocks, a tool_reference, or absent',
      text: (() => {
        const t = base();
        t.assistant([toolUse('toolu_A'), toolUse('toolu_B'), toolUse('toolu_C')]);
        t.user([
          toolResult('toolu_A', 'ok'),
          toolResult('toolu_B', [{ type: 'tool_reference', tool_name: 'X' }]),
          { type: 'tool_result', tool_use_id: 'toolu_C' },
        ]);
        return t.toString();
      })(),
    },
    {
      name: 'a root with parentUuid null and an entry without parentUuid',
      text: base().toString() + '{"type":"user","uuid":"u9","message":{"role":"user","content":"x"}}\n',
    },
    {
      name: 'last-prompt without leafUuid, or with a null one',
      text: base().toString() + '{"type":"last-prompt","lastPrompt":"x"}\n{"type":"last-prompt","leafUuid":null}\n',
    },
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
      text:
        base().toString() + '{"type":"user","uuid":"u2","parentUuid":null,"message":{"role":"user","contenst":[]}}\n',
      errors: [{ messageId: 'unreadableEntry', line: 2, messageIncludes: '`message.content` is missing' }],
    },
    {
      name: 'content neither string nor array',
      text:
        base().toString() +
        '{"type":"assistant","uuid":"a2","parentUuid":null,"message":{"role":"assistant","content":42}}\n',
      errors: [
        {
          messageId: 'unreadableEntry',
          line: 2,
          messageIncludes: '`message.content` is a number, not a string or an array',
        },
      ],
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
        {
          messageId: 'droppedBlock',
          line: 2,
          blockIndex: 0,
          messageIncludes: '`message.content[0]` is a string, not an object',
        },
        {
          messageId: 'droppedBlock',
          line: 3,
          blockIndex: 1,
          messageIncludes: '`message.content[1]` is null, not an object',
        },
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
        {
          messageId: 'droppedBlock',
          line: 3,
          blockIndex: 2,
          messageIncludes: '`message.content[2].text` is a number, not a string',
        },
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
        {
          messageId: 'droppedBlock',
          line: 3,
          blockIndex: 0,
          messageIncludes: '`message.content[0].tool_use_id` is missing',
        },
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
        {
          messageId: 'rejectedBlock',
          line: 2,
          blockIndex: 0,
          messageIncludes: '`message.content[0].thinking` is missing',
        },
        {
          messageId: 'rejectedBlock',
          line: 3,
          blockIndex: 0,
          messageIncludes: '`message.content[0].content[1].type` is missing',
        },
        {
          messageId: 'rejectedBlock',
          line: 4,
          blockIndex: 1,
          messageIncludes: '`message.content[1].source` is a string, not an object',
        },
      ],
    },
    {
      name: 'uuid missing on an attachment, uuid a number on a user entry',
      text:
        base().toString() +
        '{"type":"attachment","parentUuid":null,"attachment":{"type":"date"}}\n{"type":"user","uuid":12345,"parentUuid":null,"message":{"role":"user","content":"x"}}\n',
      errors: [
        { messageId: 'badUuid', line: 2, messageIncludes: '`uuid` is missing' },
        { messageId: 'badUuid', line: 3, messageIncludes: '`uuid` is a number, not a string' },
      ],
    },
    {
      name: 'parentUuid neither a string nor null',
      text:
        base().toString() + '{"type":"system","subtype":"local_command","uuid":"s1","parentUuid":42,"content":"x"}\n',
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
        {
          messageId: 'apiShape',
          line: lineAt(badRequest, '/system/0/type'),
          messageIncludes: '`system[0].type` is "image", not "text"',
        },
        {
          messageId: 'apiShape',
          line: lineAt(badRequest, '/thinking'),
          messageIncludes: '`thinking` is a string, not an object',
        },
        {
          messageId: 'apiShape',
          line: lineAt(badRequest, '/messages/0/content'),
          messageIncludes: '`messages[0].content` is a number',
        },
        {
          messageId: 'apiShape',
          line: lineAt(badRequest, '/messages/1/content/0'),
          messageIncludes: '`messages[1].content[0].name` is missing',
        },
        {
          messageId: 'apiShape',
          line: lineAt(badRequest, '/messages/2/role'),
          messageIncludes: '`messages[2].role` is "tool", not "user", "assistant" or "system"',
        },
        {
          messageId: 'apiShape',
          line: lineAt(badRequest, '/messages/3/content/0'),
          messageIncludes: '`messages[3].content[0].type` is missing',
        },
      ].sort((a, b) => a.line - b.line),
    },
    {
      name: 'a request without a model',
      text: noModel,
      errors: [
        {
          messageId: 'apiShape',
          line: 1,
          severity: 'error',
          messageIncludes: '`model` is missing; the API rejects the request.',
        },
      ],
    },
    {
      name: 'a JSONL message list: per line',
      text: jsonl([userMsg('hi'), { role: 'human', content: 'x' }, assistantMsg({ text: 'x' })]),
      errors: [
        { messageId: 'apiShape', line: 2, messageIncludes: '`role` is "human"' },
        { messageId: 'apiShape', line: 3, messageIncludes: '`content` is an object, not a string or an array' },
      ],
    },
  ],
});

runRuleTests(rule, {
  valid: [
    { name: 'a well-formed request', text: goodRequest },
    {
      // What Claude Code 2.1.332 sends (recorded): its attachments as role "system" messages inside messages[],
      // and an empty one after a compaction; the strict stand-in takes them.
      name: 'a request with role "system" messages inside messages[], as Claude Code 2.1.332 sends them',
      text: doc({
        model: 'claude-opus-5-5',
        max_tokens: 1024,
        messages: [
          userMsg('hi'),
          { role: 'system', content: [{ type: 'text', text: 'Today is 2026-12-01.' }] },
          assistantMsg([{ type: 'text', text: 'hello' }]),
          { role: 'system', content: [] },
          userMsg('again'),
        ],
      }),
    },
    {
      name: 'a well-formed message list',
      text: jsonl([userMsg('hi'), assistantMsg([{ type: 'text', text: 'hello' }])]),
    },
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

// ---- bounded output, and the standalone validators ----------------------------------------------------------

/** `n` blocks that are not objects, as the content of a user entry (line 2) or of a message. */
const zeros = (n: number): unknown[] => Array<number>(n).fill(0);

runRuleTests(rule, {
  valid: [],
  invalid: [
    {
      name: `an entry with more than ${MAX_PER_ENTRY} malformed blocks: the first ${MAX_PER_ENTRY}, then one count of the rest`,
      text:
        base().toString() +
        JSON.stringify({
          type: 'user',
          uuid: 'u2',
          parentUuid: null,
          message: { role: 'user', content: zeros(MAX_PER_ENTRY + 3) },
        }) +
        '\n',
      errors: [
        ...Array.from({ length: MAX_PER_ENTRY }, (_, i) => ({
          messageId: 'droppedBlock',
          line: 2,
          blockIndex: i,
          messageIncludes: '` is a number, not an object, so Claude Code drops this block',
        })),
        {
          messageId: 'more',
          line: 2,
          messageIncludes: `and 3 more malformed fields in this \`user\` entry, not listed one by one (only the first ${MAX_PER_ENTRY} are).`,
        },
      ],
    },
    {
      name: 'the cap counts per entry: the next entry is reported in full',
      text:
        base().toString() +
        JSON.stringify({
          type: 'user',
          uuid: 'u2',
          parentUuid: null,
          message: { role: 'user', content: zeros(MAX_PER_ENTRY + 1) },
        }) +
        '\n' +
        '{"type":"user","uuid":"u3","parentUuid":"u2","message":{"role":"user","content":[{"type":"text"}]}}\n',
      errors: [
        ...Array.from({ length: MAX_PER_ENTRY }, () => ({ messageId: 'droppedBlock', line: 2 })),
        { messageId: 'more', line: 2, messageIncludes: 'and 1 more malformed fields in this `user` entry' },
        { messageId: 'droppedBlock', line: 3, messageIncludes: '`message.content[0].text` is missing' },
      ],
    },
    {
      name: 'a message-list line with more than the cap of malformed blocks',
      text: jsonl([userMsg('hi'), assistantMsg(zeros(MAX_PER_ENTRY + 2))]),
      errors: [
        ...Array.from({ length: MAX_PER_ENTRY }, () => ({ messageId: 'apiShape', line: 2 })),
        { messageId: 'more', line: 2, messageIncludes: 'and 2 more malformed fields in this message' },
      ],
    },
  ],
});

const ENTRY_ROOTS = ['messageEntry', 'chainEntry', 'lastPrompt', 'summary'] as const;

/** The schema `name` with its arrays' `items` put back: the whole schema the rule used to hand Ajv. */
function wholeSchema(name: SchemaName): Record<string, unknown> {
  const schema = structuredClone(SCHEMAS[name]) as Record<string, any>;
  const spec = ARRAYS.find((a) => a.owner === name);
  if (!spec) return schema;
  let at = schema;
  if (spec.when) at = at.allOf.find((p: any) => p.if.properties[spec.when!.key].const === spec.when!.equals).then;
  for (const key of spec.path) at = (at.properties ??= {})[key] ??= {};
  at.items = wholeSchema(spec.item);
  return schema;
}

const scalar = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom('', 'x', 'text', 'user'),
  fc.constant([]),
  fc.constant({}),
);
const str = fc.oneof(fc.string({ maxLength: 3 }), scalar);
const blockType = fc.oneof(
  fc.constantFrom('text', 'tool_use', 'tool_result', 'thinking', 'image', 'document', 'other'),
  scalar,
);
const nestedArb = fc.oneof(
  scalar,
  fc.record({ type: blockType, text: str, source: fc.oneof(fc.constant({}), scalar) }, { requiredKeys: [] }),
);
const blockArb = fc.oneof(
  scalar,
  fc.record(
    {
      type: blockType,
      text: str,
      id: str,
      name: str,
      tool_use_id: str,
      thinking: str,
      source: fc.oneof(fc.constant({}), scalar),
      content: fc.oneof(fc.array(nestedArb, { maxLength: 3 }), str),
    },
    { requiredKeys: [] },
  ),
);
const messageArb = fc.oneof(
  { weight: 1, arbitrary: scalar },
  {
    weight: 5,
    arbitrary: fc.record(
      {
        role: fc.oneof(fc.constantFrom('user', 'assistant', 'system'), scalar),
        content: fc.oneof(fc.array(blockArb, { maxLength: 4 }), str),
      },
      { requiredKeys: [] },
    ),
  },
);
const entryArb = fc.record(
  { uuid: str, parentUuid: str, message: messageArb, summary: str, leafUuid: str },
  { requiredKeys: [] },
);
const requestArb = fc.record(
  {
    model: str,
    messages: fc.oneof(fc.array(messageArb, { maxLength: 3 }), scalar),
    system: fc.oneof(str, fc.array(fc.record({ type: str, text: str }, { requiredKeys: [] }), { maxLength: 2 })),
    tools: fc.oneof(fc.array(scalar, { maxLength: 2 }), scalar),
    thinking: fc.oneof(fc.record({ type: str }, { requiredKeys: [] }), scalar),
  },
  { requiredKeys: [] },
);

describe('entry-shape validators', () => {
  it('the committed module is what scripts/gen-entry-shape.mjs generates from the schemas (else: npm run gen:entry-shape)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === generate(SCHEMAS, EFFECT)).toBe(true);
  });

  it("never loads Ajv's compiler at run time", () => {
    for (const file of [
      '../../rules/entry-shape.ts',
      '../../rules/entry-shape/validators.ts',
      '../../rules/entry-shape/schemas.ts',
    ]) {
      const source = readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
      expect(
        source.match(/^import (?!type ).*$|require\(/gm)?.filter((l) => /ajv|require\(/.test(l)) ?? [],
        file,
      ).toEqual([]);
    }
  });

  it('arrays validated element by element give the errors of the whole schema, in the same order', () => {
    const ajv = new Ajv2020({
      allErrors: true,
      verbose: true,
      strict: true,
      strictTypes: false,
      strictRequired: false,
    });
    ajv.addKeyword({ keyword: EFFECT, schemaType: 'string' });
    const key = (e: ErrorObject, pointer: string) => [
      pointer,
      e.keyword,
      e.params,
      (e.parentSchema as Record<string, unknown>)[EFFECT],
      e.data,
    ];
    const compiled = new Map<SchemaName, ValidateFunction>();
    const compare = (name: SchemaName, value: unknown): void => {
      const whole = compiled.get(name) ?? compiled.set(name, ajv.compile(wholeSchema(name))).get(name)!;
      const expected: unknown[] = [];
      const seen = new Set<string>();
      if (!whole(value)) {
        for (const e of whole.errors ?? []) {
          const pointer =
            e.keyword === 'required'
              ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`
              : e.instancePath;
          if (e.keyword === 'if' || seen.has(pointer)) continue;
          seen.add(pointer);
          expected.push(key(e, pointer));
        }
      }
      const got: unknown[] = [];
      validateTree(name, value, (e, pointer) => got.push(key(e, pointer)));
      expect(got).toEqual(expected);
    };
    const runs = { numRuns: 300, seed: 20261129 };
    fc.assert(fc.property(fc.constantFrom(...ENTRY_ROOTS), entryArb, compare), runs);
    fc.assert(
      fc.property(requestArb, (r) => compare('plainRequest', r)),
      runs,
    );
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 3 }), (m) => compare('plainMessages', m)),
      runs,
    );
    fc.assert(
      fc.property(messageArb, (m) => compare('plainMessage', m)),
      runs,
    );
  });

  it('does not decode long strings kept as bytes, nor change them, and reports them as strings', () => {
    const long = 'x'.repeat(LAZY_LINE_BYTES);
    const t = base();
    t.user(long);
    t.assistant([text(long), toolUse('toolu_L')]);
    t.user([toolResult('toolu_L', long)]);
    t.user([toolResult('toolu_L', [text(long)]), { type: 'image', source: long }]);
    const model = loadTranscript('long.jsonl', new TextEncoder().encode(t.toString()));
    const message = (i: number) => model.entries[i]!.raw.message as { content: Record<string, unknown>[] };
    const lazy = () => [
      isLazyString(message(1), 'content'),
      isLazyString(message(2).content[0]!, 'text'),
      isLazyString(message(3).content[0]!, 'content'),
      isLazyString((message(4).content[0]!.content as object[])[0]!, 'text'),
      isLazyString(message(4).content[1]!, 'source'),
    ];
    expect(lazy()).toEqual([true, true, true, true, true]);
    const bufferToString = vi.spyOn(Buffer.prototype, 'toString');
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    const reports: ReportDescriptor[] = [];
    try {
      rule.check({ model, target: 'claude-code', report: (d) => reports.push(d) });
      const long = bufferToString.mock.calls.filter(
        ([, start = 0, end = Infinity]) => (end as number) - (start as number) >= LAZY_STRING_BYTES,
      );
      expect(long.length + decode.mock.calls.length, 'long strings decoded').toBe(0);
    } finally {
      bufferToString.mockRestore();
      decode.mockRestore();
    }
    expect(reports.map((r) => `${r.messageId} ${String(r.data?.problem)}`)).toEqual([
      'rejectedBlock is a string, not an object',
    ]);
    expect(lazy()).toEqual([true, true, true, true, true]);
    expect(message(4).content[1]!.source).toBe(long);
  });
});
