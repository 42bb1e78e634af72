// The JSON Schemas (2020-12) behind entry-shape. They are not compiled at run time: scripts/gen-entry-shape.mjs turns
// them into the standalone validators of rules/entry-shape/validators.ts (`npm run gen:entry-shape` after an edit; a
// test fails while that module is out of date).
//
// No schema here holds an array of blocks (`items`): the rule validates each element of such an array on its own
// (ARRAYS below). With `allErrors`, Ajv gathers the errors of items behind a $ref by concatenating arrays, which is
// quadratic, and an 8 MB line can hold millions of malformed blocks; one element at a time, the rule can also stop
// keeping errors after its cap. Ajv reports the errors of `items` after those of every keyword before it, so each
// array below sits where appending its elements' errors (or, for `messages`, inserting them before the errors of
// the later properties) gives exactly the order the whole schema gave.
//
// Each node of an entry schema that can fail carries `x-effect`, which picks the message.

export const EFFECT = 'x-effect';
export type Effect = 'entry' | 'dropped' | 'rejected' | 'uuid' | 'parent' | 'meta';

const isType = (type: string) => ({ required: ['type'], properties: { type: { const: type } } });
const str = (effect: Effect) => ({ type: 'string', [EFFECT]: effect });
const obj = (effect: Effect) => ({ type: 'object', [EFFECT]: effect });

// ---- transcript entries ------------------------------------------------------------------------------------------

/** A block inside tool_result content: Claude Code passes it through, so a malformed one reaches the API. */
const nestedBlock = {
  type: 'object',
  [EFFECT]: 'rejected',
  required: ['type'],
  properties: { type: str('rejected') },
  allOf: [
    { if: isType('text'), then: { [EFFECT]: 'rejected', required: ['text'], properties: { text: str('rejected') } } },
    {
      if: isType('image'),
      then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } },
    },
    {
      if: isType('document'),
      then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } },
    },
  ],
};

/** A block of message.content (a tool_result's content array: nestedBlock, each element on its own). */
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
      then: { [EFFECT]: 'dropped', required: ['tool_use_id'], properties: { tool_use_id: str('dropped') } },
    },
    {
      if: isType('thinking'),
      then: { [EFFECT]: 'rejected', required: ['thinking'], properties: { thinking: str('rejected') } },
    },
    {
      if: isType('image'),
      then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } },
    },
    {
      if: isType('document'),
      then: { [EFFECT]: 'rejected', required: ['source'], properties: { source: obj('rejected') } },
    },
  ],
};

const linkFields = {
  uuid: str('uuid'),
  parentUuid: { type: ['string', 'null'], [EFFECT]: 'parent' },
};

/** user and assistant entries (message.content's elements: block). */
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
      // null is read as "no content" and handled by Claude Code (recorded items 11a-11d): no-empty-content's.
      properties: { content: { type: ['string', 'array', 'null'], [EFFECT]: 'entry' } },
    },
  },
};

const chainEntry = {
  type: 'object',
  allOf: [{ required: ['uuid'], [EFFECT]: 'uuid' }],
  properties: linkFields,
};

const lastPrompt = { type: 'object', properties: { leafUuid: { type: ['string', 'null'], [EFFECT]: 'meta' } } };

const summary = {
  type: 'object',
  properties: { summary: str('meta'), leafUuid: { type: ['string', 'null'], [EFFECT]: 'meta' } },
};

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
/** A block of a message (a tool_result's content array: plainNested). */
const plainBlock = {
  type: 'object',
  required: ['type'],
  properties: { type: plainStr },
  allOf: [
    { if: isType('text'), then: { required: ['text'], properties: { text: plainStr } } },
    { if: isType('tool_use'), then: { required: ['id', 'name'], properties: { id: plainStr, name: plainStr } } },
    {
      if: isType('tool_result'),
      then: {
        required: ['tool_use_id'],
        properties: { tool_use_id: plainStr, content: { type: ['string', 'array'] } },
      },
    },
    { if: isType('thinking'), then: { required: ['thinking'], properties: { thinking: plainStr } } },
    { if: isType('image'), then: { required: ['source'], properties: { source: { type: 'object' } } } },
    { if: isType('document'), then: { required: ['source'], properties: { source: { type: 'object' } } } },
  ],
};
/**
 * A message (content's elements: plainBlock). `system` too: Claude Code 2.1.332 sends role "system" messages inside
 * messages[] (its attachments' reminders, and an empty one after a compaction), all 37 recorded requests of 19 runs
 * carry one, and the strict stand-in, which refuses what the real API refuses, takes them. The spec's API rules say
 * system is top-level only; the recording wins.
 */
const plainMessage = {
  type: 'object',
  required: ['role', 'content'],
  properties: { role: { enum: ['user', 'assistant', 'system'] }, content: { type: ['string', 'array'] } },
};
/** A message list (elements: plainMessage). */
const plainMessages = { type: 'array', minItems: 1 };
/** A request (messages' elements: plainMessage; their errors come before those of system, tools and thinking). */
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

/** Every schema, by the name its validator is exported under. */
export const SCHEMAS = {
  messageEntry,
  chainEntry,
  lastPrompt,
  summary,
  block,
  nestedBlock,
  plainRequest,
  plainMessages,
  plainMessage,
  plainBlock,
  plainNested,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/**
 * The arrays of blocks the schemas leave out: at `path` below a value of schema `owner` (when `when` holds for the
 * object holding the array), each element is validated with `item`. `before`: schema paths of errors that Ajv gave
 * after the elements' errors (by default the elements' errors come last).
 */
export interface ArraySpec {
  owner: SchemaName;
  path: readonly string[];
  item: SchemaName;
  when?: { key: string; equals: string };
  before?: readonly string[];
}

export const ARRAYS: readonly ArraySpec[] = [
  { owner: 'messageEntry', path: ['message', 'content'], item: 'block' },
  { owner: 'block', path: ['content'], item: 'nestedBlock', when: { key: 'type', equals: 'tool_result' } },
  {
    owner: 'plainRequest',
    path: ['messages'],
    item: 'plainMessage',
    before: ['#/properties/system/', '#/properties/tools/', '#/properties/thinking/'],
  },
  { owner: 'plainMessages', path: [], item: 'plainMessage' },
  { owner: 'plainMessage', path: ['content'], item: 'plainBlock' },
  { owner: 'plainBlock', path: ['content'], item: 'plainNested', when: { key: 'type', equals: 'tool_result' } },
];
