// A hand-written check of the shapes nearly every entry has, so that entry-shape calls the generated validators
// (and builds the error views they need) only for an entry this check cannot vouch for. It answers "certainly
// valid" only when the schemas of schemas.ts (messageEntry, chainEntry, lastPrompt, summary, and block and
// nestedBlock for the arrays of ARRAYS) give no error at all for the entry, reading each field the way the generated
// validators do (`data.key`, Ajv's `type` tests). Anything else (a wrong field, an entry on a line long enough to hold
// strings kept as bytes, whose getters this check must not read) answers false, and the rule validates the entry as
// before: the findings and their messages never depend on this check, only the time to find none.
import { Lines } from '../../src/sdk/index.js';
import type { SchemaName } from './schemas.js';

type Obj = Record<string, unknown>;

/** Ajv's `type: "object"`. */
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `{ type: ['string', 'null'] }` on an optional field. */
const stringOrNull = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** A source object of an image or document block. */
const sourceOk = (b: Obj): boolean => isObj(b.source);

/** schemas.ts `nestedBlock`: a block inside a tool_result's content. */
function nestedBlockOk(n: unknown): boolean {
  if (!isObj(n)) return false;
  const type = n.type;
  if (typeof type !== 'string') return false;
  if (type === 'text') return typeof n.text === 'string';
  if (type === 'image' || type === 'document') return sourceOk(n);
  return true;
}

/** schemas.ts `block`, with its tool_result content array (ARRAYS: nestedBlock per element). */
function blockOk(b: unknown): boolean {
  if (!isObj(b)) return false;
  const type = b.type;
  if (typeof type !== 'string') return false;
  switch (type) {
    case 'text':
      return typeof b.text === 'string';
    case 'tool_use':
      return typeof b.id === 'string';
    case 'tool_result': {
      if (typeof b.tool_use_id !== 'string') return false;
      const content = b.content;
      if (Array.isArray(content)) for (let i = 0; i < content.length; i++) if (!nestedBlockOk(content[i])) return false;
      return true;
    }
    case 'thinking':
      return typeof b.thinking === 'string';
    case 'image':
    case 'document':
      return sourceOk(b);
    default:
      return true;
  }
}

/** schemas.ts `messageEntry`, with message.content's array (ARRAYS: block per element). */
function messageEntryOk(e: Obj): boolean {
  if (typeof e.uuid !== 'string' || !stringOrNull(e.parentUuid)) return false;
  const message = e.message;
  if (!isObj(message)) return false;
  const content = message.content;
  if (typeof content === 'string') return true;
  if (!Array.isArray(content)) return false;
  for (let i = 0; i < content.length; i++) if (!blockOk(content[i])) return false;
  return true;
}

/**
 * Whether the entry `raw`, read from `line`, certainly passes schema `name` with every array element of ARRAYS below
 * it. False means "not known": validate it in full.
 */
export function certainlyValid(name: SchemaName, raw: Obj, line: Lines.SourceLine | undefined): boolean {
  // Only the line's own object, and never one that may hold strings kept as bytes (see lazy-strings.ts).
  if (line === undefined || line.json !== raw || Lines.holdsLazyStrings(raw)) return false;
  switch (name) {
    case 'messageEntry':
      return messageEntryOk(raw);
    case 'chainEntry':
      return typeof raw.uuid === 'string' && stringOrNull(raw.parentUuid);
    case 'lastPrompt':
      return stringOrNull(raw.leafUuid);
    case 'summary':
      return (raw.summary === undefined || typeof raw.summary === 'string') && stringOrNull(raw.leafUuid);
    default:
      return false;
  }
}
