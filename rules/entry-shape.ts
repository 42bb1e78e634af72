// entry-shape: an entry of a known type that Claude Code cannot read as written. The schemas are loose (unknown
// fields are normal and allowed) and list only what was seen to matter when Claude Code 2.1.332 resumed a mutated
// session (spec: claude-code-observed.md; each check below was tried with the oracle):
// - user/assistant `message` missing or not an object, `content` neither a string nor an array nor null: the entry
//   is skipped (null content is no-empty-content's: Claude Code handles it, recorded items 11a-11d);
// - a content block that is not an object, has no string `type`, a text block without string `text`, a tool_use
//   without string `id`, a tool_result without string `tool_use_id`: the block is dropped (and its pair with it);
// - a thinking block without string `thinking`, an image/document whose `source` is not an object, a malformed block
//   inside tool_result content: sent as is, so the API rejects the request;
// - `uuid` not a string, `parentUuid` neither a string nor null: the link is lost (a prompt after it starts the
//   history, as with a dangling parent).
// Unknown entry types are not errors. Each schema node that can fail carries `x-effect`, which picks the message.
// The schemas (rules/entry-shape/schemas.ts) are compiled ahead of time into rules/entry-shape/validators.ts
// (npm run gen:entry-shape): loading Ajv's compiler and compiling them took ~45 ms of every start.
import { defineRule, Lines, type ReportDescriptor, type RuleContext, type Site } from '../src/sdk/index.js';
import { ARRAYS, type ArraySpec, EFFECT, type Effect, SCHEMAS, type SchemaName } from './entry-shape/schemas.js';
import * as generated from './entry-shape/validators.js';
import { certainlyValid } from './entry-shape/fast-check.js';

/** Diagnostics kept per entry (or plain line, or plain document); the rest are counted in one more diagnostic. */
export const MAX_PER_ENTRY = 200;

/** The fields of an error the generated validators report (Ajv's ErrorObject, which only the generator needs). */
interface ErrorObject {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

type Validator = ((data: unknown, options?: { instancePath?: string }) => boolean) & { errors?: ErrorObject[] | null };
const VALIDATORS = generated as unknown as Record<SchemaName, Validator>;

const ENTRY_SCHEMAS: Record<string, SchemaName> = {
  user: 'messageEntry',
  assistant: 'messageEntry',
  attachment: 'chainEntry',
  system: 'chainEntry',
  'last-prompt': 'lastPrompt',
  summary: 'summary',
};

/** Per schema: its validator, the fields it reads, and the array of blocks it leaves out (if any). */
interface Node {
  validate: Validator;
  reads: Reads;
  array: ArraySpec | undefined;
}

/**
 * Calls `onError` for each error of `value` against schema `name` and, element by element, against the arrays the
 * schema leaves out (ARRAYS), in the order Ajv gave for the whole schema; once per pointer, `if` errors left out.
 * Linear in the number of errors; `onError` decides what to keep.
 */
export function validateTree(
  name: SchemaName,
  value: unknown,
  onError: (error: ErrorObject, pointer: string) => void,
  path = '',
): void {
  const node = NODES[name];
  const valid = node.validate(viewOf(value, node.reads), { instancePath: path });
  const errors = valid ? undefined : (node.validate.errors ?? undefined);
  const spec = node.array;
  const array = spec ? arrayAt(value, spec) : undefined;
  if (!errors && !array) return;
  const seen = new Set<string>();
  const emit = (error: ErrorObject): void => {
    if (error.keyword === 'if') return;
    const pointer = pointerOf(error);
    if (seen.has(pointer)) return;
    seen.add(pointer);
    onError(error, pointer);
  };
  // The errors Ajv gave after the elements' (those of later properties).
  const count = errors?.length ?? 0;
  const later = spec?.before;
  const tail = errors && later && array ? errors.findIndex((e) => later.some((p) => e.schemaPath.startsWith(p))) : -1;
  const split = tail === -1 ? count : tail;
  for (let i = 0; i < split; i++) emit(errors![i]!);
  if (array) {
    const at = path + spec!.path.map((k) => `/${escapePointer(k)}`).join('');
    for (let i = 0; i < array.length; i++) validateTree(spec!.item, array[i], onError, `${at}/${i}`);
  }
  for (let i = split; i < count; i++) emit(errors![i]!);
}

/** The array at `spec.path` below `value` when Ajv would have validated its items, without decoding long strings. */
function arrayAt(value: unknown, spec: ArraySpec): unknown[] | undefined {
  if (spec.path.length === 0) return Array.isArray(value) ? value : undefined;
  let holder = value;
  for (let i = 0; i < spec.path.length - 1; i++) {
    if (!isObject(holder) || Lines.isLazyString(holder, spec.path[i]!)) return undefined;
    holder = holder[spec.path[i]!];
  }
  if (!isObject(holder)) return undefined;
  if (spec.when && (Lines.isLazyString(holder, spec.when.key) || holder[spec.when.key] !== spec.when.equals))
    return undefined;
  const key = spec.path[spec.path.length - 1]!;
  return Lines.isArrayField(holder, key) ? (holder[key] as unknown[]) : undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- long strings ----------------------------------------------------------------------------------------------
// A validator only needs to know that a field holds a string, but reading a long string kept as bytes
// (src/loader/lazy-strings.ts) decodes it. It therefore sees a copy of each object that holds one, with '' in its
// place: the same verdict and the same errors (a message names only the kind of a wrong value, except for
// enum/const, whose value problemOf reads from the original).

/** The fields a schema reads, by object: `keys` at this level, `nested` for the objects below it. */
interface Reads {
  keys: string[];
  nested: Map<string, Reads>;
}

function readsOf(schema: Record<string, unknown>, into: Reads = { keys: [], nested: new Map() }): Reads {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, sub] of Object.entries(properties)) {
    if (!into.keys.includes(key)) into.keys.push(key);
    if (sub.properties || sub.allOf) {
      const nested = into.nested.get(key) ?? { keys: [], nested: new Map() };
      into.nested.set(key, readsOf(sub, nested));
    }
  }
  for (const part of (schema.allOf ?? []) as Record<string, unknown>[]) {
    for (const sub of [part, part.if, part.then]) if (sub) readsOf(sub as Record<string, unknown>, into);
  }
  return into;
}

const NODES = Object.fromEntries(
  (Object.entries(SCHEMAS) as [SchemaName, Record<string, unknown>][]).map(([name, schema]) => [
    name,
    { validate: VALIDATORS[name], reads: readsOf(schema), array: ARRAYS.find((a) => a.owner === name) },
  ]),
) as Record<SchemaName, Node>;

function viewOf(value: unknown, reads: Reads): unknown {
  if (!isObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  // The copy keeps the getters (copying values would decode them); a field is replaced by defining it anew, since
  // assigning would call the lazy field's setter, which rewrites the original object.
  const put = (key: string, v: unknown): void => {
    copy ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(value)) as Record<string, unknown>;
    Object.defineProperty(copy, key, { value: v, writable: true, enumerable: true, configurable: true });
  };
  for (const key of reads.keys) if (Lines.isLazyString(value, key)) put(key, '');
  for (const [key, sub] of reads.nested) {
    const inner = (copy ?? value)[key];
    const view = viewOf(inner, sub);
    if (view !== inner) put(key, view);
  }
  return copy ?? value;
}

/** The value at `pointer` in `root` (for the few messages that show a value). */
function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

// ---- plain inputs (a Messages API request or a message list): the shape the API validates ----------------------

/** The shape checks of a plain input: the document as a whole, or each line of a JSONL message list. */
function checkPlain(ctx: RuleContext<typeof MESSAGES, 'storage'>): void {
  const { model } = ctx;
  const plain = model.plain!;
  /** `at`: the site of the value at a pointer; `whole`: the site of what was validated, for the count of the rest. */
  const check = (name: SchemaName, value: unknown, at: (pointer: string) => Site, whole: Site, root: string): void => {
    const cap = new Cap();
    validateTree(name, value, (error, pointer) => {
      if (!cap.keep()) return;
      const field = fieldName(pointer) || root;
      const problem = problemOf(error, value);
      ctx.report({ messageId: 'apiShape', at: at(pointer), data: { field, problem } });
    });
    if (cap.more > 0) ctx.report({ messageId: 'more', at: whole, data: cap.data(`in this ${root}`) });
  };
  if (plain.container === 'document') {
    const doc = plain.document!;
    if (!doc.ok) return; // valid-json reports it
    // The document as a whole is its shell line (1), as valid-json reports it.
    const field = (pointer: string): Site => ({ requestField: pointer });
    if (plain.format === 'request') check('plainRequest', doc.value, field, { line: 1 }, 'request');
    else check('plainMessages', doc.value, field, { line: 1 }, 'message list');
    return;
  }
  // A line of a message list need not be an entry (a system message, or a role the API does not know, is none).
  for (const line of model.file.lines) {
    if (line.json)
      check(
        'plainMessage',
        line.json,
        (pointer) => ({ line: line.lineNo, pointer: '/message' + pointer }),
        { line: line.lineNo },
        'message',
      );
  }
}

/** Counts the diagnostics of one entry (or line, or document) and keeps the first MAX_PER_ENTRY. */
class Cap {
  count = 0;
  get more(): number {
    return Math.max(0, this.count - MAX_PER_ENTRY);
  }
  keep(): boolean {
    return ++this.count <= MAX_PER_ENTRY;
  }
  data(where: string): { count: number; shown: number; where: string } {
    return { count: this.more, shown: MAX_PER_ENTRY, where };
  }
}

const EFFECTS: ReadonlySet<string> = new Set<Effect>(['entry', 'dropped', 'rejected', 'uuid', 'parent', 'meta']);

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
  more: 'and {{count}} more malformed fields {{where}}, not listed one by one (only the first {{shown}} are).',
} as const;

/** The report of an error by its effect: the effect picks the message, which takes the data it names. */
function effectReport(
  effect: Effect,
  at: Site,
  field: string,
  problem: string,
  type: string,
): ReportDescriptor<typeof MESSAGES> {
  switch (effect) {
    case 'entry':
      return { messageId: 'unreadableEntry', at, data: { field, problem, type } };
    case 'dropped':
      return { messageId: 'droppedBlock', at, data: { field, problem } };
    case 'rejected':
      return { messageId: 'rejectedBlock', at, data: { field, problem } };
    case 'uuid':
      return { messageId: 'badUuid', at, data: { problem } };
    case 'parent':
      return { messageId: 'badParent', at, data: { problem } };
    case 'meta':
      return { messageId: 'badMeta', at, data: { field, problem, type } };
  }
}

export default defineRule({
  meta: {
    id: 'entry-shape',
    type: 'problem',
    view: 'storage',
    description:
      'Entries of a known type have the fields Claude Code needs to read them: a message with content, typed blocks, string uuids.',
    docs: {
      detects:
        'an entry of a known type that breaks its schema (`message` missing, `content` neither string nor array, ...)',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    formats: ['claude-code', 'request', 'messages'],
    messages: MESSAGES,
  },
  check(ctx) {
    if (ctx.model.plain) {
      checkPlain(ctx);
      return;
    }
    // Read once: through the rule's view of the model, each read of a field is a proxy trap.
    const { entries, file } = ctx.model;
    const { lines } = file;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const name = Object.hasOwn(ENTRY_SCHEMAS, entry.type) ? ENTRY_SCHEMAS[entry.type]! : undefined;
      if (!name || certainlyValid(name, entry.raw, lines[entry.line - 1])) continue;
      const cap = new Cap();
      validateTree(name, entry.raw, (error, pointer) => {
        const effect = effectOf(error);
        if (!effect || !cap.keep()) return;
        const block = /^\/message\/content\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
        const at = { entry, block: block !== undefined ? Number(block) : undefined, pointer };
        ctx.report(effectReport(effect, at, fieldName(pointer), problemOf(error, entry.raw), `\`${entry.type}\``));
      });
      if (cap.more > 0)
        ctx.report({ messageId: 'more', at: { entry }, data: cap.data(`in this \`${entry.type}\` entry`) });
    }
  },
});

function effectOf(error: ErrorObject): Effect | undefined {
  const effect = (error.parentSchema as Record<string, unknown> | undefined)?.[EFFECT];
  return typeof effect === 'string' && EFFECTS.has(effect) ? (effect as Effect) : undefined;
}

/** RFC 6901 pointer to the field at fault (the missing property itself for `required`). */
function pointerOf(error: ErrorObject): string {
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: unknown }).missingProperty ?? '');
    return `${error.instancePath}/${escapePointer(missing)}`;
  }
  return error.instancePath;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** `/message/content/2/text` -> `message.content[2].text`. */
function fieldName(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

/** `root`: what was validated (error.data comes from the validated copy, where a long string reads as ''). */
function problemOf(error: ErrorObject, root: unknown): string {
  const data = error.keyword === 'enum' || error.keyword === 'const' ? valueAt(root, error.instancePath) : error.data;
  if (error.keyword === 'required') return 'is missing';
  if (error.keyword === 'type') {
    const expected = ([] as string[]).concat((error.params as { type: string | string[] }).type).map(article);
    return `is ${describe(data)}, not ${expected.join(' or ')}`;
  }
  if (error.keyword === 'enum' || error.keyword === 'const') {
    const allowed =
      error.keyword === 'enum'
        ? (error.params as { allowedValues: unknown[] }).allowedValues
        : [(error.params as { allowedValue: unknown }).allowedValue];
    const shown =
      typeof data === 'string' ? JSON.stringify(data.length > 40 ? `${data.slice(0, 37)}...` : data) : describe(data);
    return `is ${shown}, not ${orList(allowed.map((v) => JSON.stringify(v)))}`;
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

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' or ') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
