// entry-shape: an entry of a known type that Claude Code cannot read as written. The schemas are loose (unknown
// fields are normal and allowed) and list only what was seen to matter when Claude Code 2.1.332 resumed a mutated
// session (spec: claude-code-observed.md; each check below was tried with the oracle):
// - user/assistant `message` missing or not an object, `content` neither a string nor an array: the entry is skipped;
// - a content block that is not an object, has no string `type`, a text block without string `text`, a tool_use
//   without string `id`, a tool_result without string `tool_use_id`: the block is dropped (and its pair with it);
// - a thinking block without string `thinking`, an image/document whose `source` is not an object, a malformed block
//   inside tool_result content: sent as is, so the API rejects the request;
// - `uuid` not a string, `parentUuid` neither a string nor null: the link is lost (a prompt after it starts the
//   history, as with a dangling parent).
// Unknown entry types are not errors. Each schema node that can fail carries `x-effect`, which picks the message.
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { INPUT_FORMATS, SHELL_LINE } from '../src/loader/input.js';
import type { TranscriptModel } from '../src/model/index.js';
import { defineRule, type RuleContext } from '../src/rule-api.js';

type Effect = 'entry' | 'dropped' | 'rejected' | 'uuid' | 'parent' | 'meta';

const EFFECT = 'x-effect';

const isType = (type: string) => ({ required: ['type'], properties: { type: { const: type } } });
const str = (effect: Effect) => ({ type: 'string', [EFFECT]: effect });
const obj = (effect: Effect) => ({ type: 'object', [EFFECT]: effect });

/** A block inside tool_result content: Claude Code passes it through, so a malformed one reaches the API. */
const nestedBlock = {
  type: 'object',
  [EFFECT]: 'rejected',
  required: ['type'],
  properties: { type: str('rejected') },
  allOf: [
    { if: isType('text'), then: { [EFFECT]: 'rejected', required: ['text'], properties: { text: str('rejected') } } },
    { if: isType('image'), then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } } },
    { if: isType('document'), then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } } },
  ],
};

/** A block of message.content. */
const block = {
  type: 'object',
  [EFFECT]: 'dropped',
  required: ['type'],
  properties: { type: str('dropped') },
  allOf: [
    { if: isType('text'), then: { [EFFECT]: 'dropped', required: ['text'], properties: { text: str('dropped') } } },
    { if: isType('tool_use'), then: { [EFFECT]: 'dropped', required: ['id'], properties: { id: str('dropped') } } },
    {
      if: isType('tool_result'),
      then: {
        [EFFECT]: 'dropped',
        required: ['tool_use_id'],
        properties: { tool_use_id: str('dropped'), content: { items: { $ref: '#/$defs/nestedBlock' } } },
      },
    },
    { if: isType('thinking'), then: { [EFFECT]: 'rejected', required: ['thinking'], properties: { thinking: str('rejected') } } },
    { if: isType('image'), then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } } },
    { if: isType('document'), then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } } },
  ],
};

const linkFields = {
  uuid: str('uuid'),
  parentUuid: { type: ['string', 'null'], [EFFECT]: 'parent' },
};

const messageEntry = {
  type: 'object',
  allOf: [
    { required: ['uuid'], [EFFECT]: 'uuid' },
    { required: ['message'], [EFFECT]: 'entry' },
  ],
  properties: {
    ...linkFields,
    message: {
      type: 'object',
      [EFFECT]: 'entry',
      required: ['content'],
      properties: { content: { type: ['string', 'array'], [EFFECT]: 'entry', items: { $ref: '#/$defs/block' } } },
    },
  },
  $defs: { block, nestedBlock },
};

const chainEntry = {
  type: 'object',
  allOf: [{ required: ['uuid'], [EFFECT]: 'uuid' }],
  properties: linkFields,
};

const SCHEMAS: Record<string, object> = {
  user: messageEntry,
  assistant: messageEntry,
  attachment: chainEntry,
  system: chainEntry,
  'last-prompt': { type: 'object', properties: { leafUuid: { type: ['string', 'null'], [EFFECT]: 'meta' } } },
  summary: {
    type: 'object',
    properties: { summary: str('meta'), leafUuid: { type: ['string', 'null'], [EFFECT]: 'meta' } },
  },
};

// Compiled on first use, each schema once: compiling all of them costs ~100 ms, paid by every run (and every
// worker) even when a file holds only a few entry types.
let ajv: Ajv2020 | undefined;
const compiled = new Map<object, ValidateFunction>();
function validator(schema: object): ValidateFunction {
  let v = compiled.get(schema);
  if (!v) {
    if (!ajv) {
      // Ajv itself is loaded on first use too (a run that lints nothing never needs it).
      const { Ajv2020: Ajv } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
      ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictTypes: false, strictRequired: false });
      ajv.addKeyword({ keyword: EFFECT, schemaType: 'string' });
    }
    v = ajv.compile(schema);
    compiled.set(schema, v);
  }
  return v;
}
const validatorFor = (type: string): ValidateFunction | undefined =>
  Object.hasOwn(SCHEMAS, type) ? validator(SCHEMAS[type]!) : undefined;

// ---- plain inputs (a Messages API request or a message list): the shape the API validates ----------------------

const plainStr = { type: 'string' };
const plainNested = {
  type: 'object',
  required: ['type'],
  properties: { type: plainStr },
  allOf: [
    { if: isType('text'), then: { required: ['text'], properties: { text: plainStr } } },
    { if: isType('image'), then: { required: ['source'], properties: { source: { type: 'object' } } } },
    { if: isType('document'), then: { required: ['source'], properties: { source: { type: 'object' } } } },
  ],
};
const plainBlock = {
  type: 'object',
  required: ['type'],
  properties: { type: plainStr },
  allOf: [
    { if: isType('text'), then: { required: ['text'], properties: { text: plainStr } } },
    { if: isType('tool_use'), then: { required: ['id', 'name'], properties: { id: plainStr, name: plainStr } } },
    {
      if: isType('tool_result'),
      then: { required: ['tool_use_id'], properties: { tool_use_id: plainStr, content: { type: ['string', 'array'], items: plainNested } } },
    },
    { if: isType('thinking'), then: { required: ['thinking'], properties: { thinking: plainStr } } },
    { if: isType('image'), then: { required: ['source'], properties: { source: { type: 'object' } } } },
    { if: isType('document'), then: { required: ['source'], properties: { source: { type: 'object' } } } },
  ],
};
const plainMessage = {
  type: 'object',
  required: ['role', 'content'],
  properties: { role: { enum: ['user', 'assistant'] }, content: { type: ['string', 'array'], items: plainBlock } },
};
const plainMessages = { type: 'array', minItems: 1, items: plainMessage };
const plainRequest = {
  type: 'object',
  required: ['model', 'messages'],
  properties: {
    model: plainStr,
    messages: plainMessages,
    system: {
      type: ['string', 'array'],
      items: { type: 'object', required: ['type', 'text'], properties: { type: { const: 'text' }, text: plainStr } },
    },
    tools: { type: 'array', items: { type: 'object' } },
    thinking: { type: 'object', required: ['type'], properties: { type: plainStr } },
  },
};
const plainValidators = {
  get request() {
    return validator(plainRequest);
  },
  get messages() {
    return validator(plainMessages);
  },
  get message() {
    return validator(plainMessage);
  },
};

/** The shape checks of a plain input: the document as a whole, or each line of a JSONL message list. */
function checkPlain(ctx: RuleContext<MessageId>, model: TranscriptModel): void {
  const plain = model.plain!;
  const report = (error: ErrorObject, line: number, prefix: string, seen: Set<string>, root: string): void => {
    if (error.keyword === 'if') return;
    const pointer = prefix + pointerOf(error);
    if (seen.has(pointer)) return;
    seen.add(pointer);
    const field = fieldName(pointerOf(error)) || root;
    ctx.report({ messageId: 'apiShape', line, pointer, data: { field, problem: problemOf(error) } });
  };
  if (plain.container === 'document') {
    const doc = plain.document!;
    if (!doc.ok) return; // valid-json reports it
    const validate = plain.format === 'request' ? plainValidators.request : plainValidators.messages;
    if (validate(doc.value)) return;
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) report(e, SHELL_LINE, '', seen, plain.format === 'request' ? 'request' : 'message list');
    return;
  }
  for (const line of model.file.lines) {
    if (!line.json || plainValidators.message(line.json)) continue;
    const seen = new Set<string>();
    for (const e of plainValidators.message.errors ?? []) report(e, line.lineNo, '/message', seen, 'message');
  }
}

const MESSAGE_BY_EFFECT = {
  entry: 'unreadableEntry',
  dropped: 'droppedBlock',
  rejected: 'rejectedBlock',
  uuid: 'badUuid',
  parent: 'badParent',
  meta: 'badMeta',
} as const;

const MESSAGES = {
  unreadableEntry:
    '`{{field}}` {{problem}}, so Claude Code cannot read this {{type}} entry: it is skipped on resume and what it holds is lost.',
  droppedBlock:
    '`{{field}}` {{problem}}, so Claude Code drops this block on resume and what it holds is lost (a tool call or result loses its pair with it).',
  rejectedBlock:
    '`{{field}}` {{problem}}; Claude Code sends the block as it is and the API rejects the request with a 400.',
  badUuid:
    '`uuid` {{problem}}, so no entry can name this one as its parent: on resume the entry after it is bridged past it or, if that is a user prompt, the history starts there.',
  badParent:
    '`parentUuid` {{problem}}, so Claude Code treats the link as missing: on a user prompt the resumed history silently starts there, elsewhere the gap is bridged.',
  badMeta: '`{{field}}` {{problem}}, so Claude Code ignores this {{type}} entry.',
  apiShape: '`{{field}}` {{problem}}; the API rejects the request.',
} as const;

type MessageId = keyof typeof MESSAGES;

export default defineRule({
  meta: {
    id: 'entry-shape',
    type: 'problem',
    view: 'storage',
    description: 'Entries of a known type have the fields Claude Code needs to read them: a message with content, typed blocks, string uuids.',
    severity: { 'claude-code': 'error', api: 'error' },
    inputs: INPUT_FORMATS,
    messages: MESSAGES,
  },
  check(ctx) {
    if (ctx.model.plain) {
      checkPlain(ctx, ctx.model);
      return;
    }
    for (const entry of ctx.model.entries) {
      const validate = validatorFor(entry.type);
      if (!validate || validate(entry.raw)) continue;
      const seen = new Set<string>();
      for (const error of validate.errors ?? []) {
        if (error.keyword === 'if') continue;
        const effect = effectOf(error);
        if (!effect) continue;
        const pointer = pointerOf(error);
        if (seen.has(pointer)) continue;
        seen.add(pointer);
        const blockIndex = /^\/message\/content\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
        ctx.report({
          messageId: MESSAGE_BY_EFFECT[effect],
          line: entry.line,
          ...(blockIndex !== undefined ? { blockIndex: Number(blockIndex) } : {}),
          ...(entry.uuid !== undefined ? { uuid: entry.uuid } : {}),
          pointer,
          data: { field: fieldName(pointer), problem: problemOf(error), type: `\`${entry.type}\`` },
        });
      }
    }
  },
});

function effectOf(error: ErrorObject): Effect | undefined {
  const effect = (error.parentSchema as Record<string, unknown> | undefined)?.[EFFECT];
  return typeof effect === 'string' && effect in MESSAGE_BY_EFFECT ? (effect as Effect) : undefined;
}

/** RFC 6901 pointer to the field at fault (the missing property itself for `required`). */
function pointerOf(error: ErrorObject): string {
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: unknown }).missingProperty ?? '');
    return `${error.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return error.instancePath;
}

/** `/message/content/2/text` -> `message.content[2].text`. */
function fieldName(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

function problemOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is missing';
  if (error.keyword === 'type') {
    const expected = ([] as string[]).concat((error.params as { type: string | string[] }).type).map(article);
    return `is ${describe(error.data)}, not ${expected.join(' or ')}`;
  }
  if (error.keyword === 'enum' || error.keyword === 'const') {
    const allowed = error.keyword === 'enum' ? (error.params as { allowedValues: unknown[] }).allowedValues : [(error.params as { allowedValue: unknown }).allowedValue];
    const shown = typeof error.data === 'string' ? JSON.stringify(error.data.length > 40 ? `${error.data.slice(0, 37)}...` : error.data) : describe(error.data);
    return `is ${shown}, not ${allowed.map((v) => JSON.stringify(v)).join(' or ')}`;
  }
  if (error.keyword === 'minItems') return 'is empty';
  return error.message ?? 'is malformed';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return article(typeof value);
}

function article(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
