// Reading entries: `raw` is the parsed object itself and is never modified; everything is read from it defensively,
// because transcripts are often damaged or of another version.
import type { Block, Entry, MessageView } from './types.js';

export type { Block, Entry, MessageView } from './types.js';

/** Entry types that take part in the uuid/parentUuid tree and can reach the model. */
export const CHAIN_TYPES = new Set(['user', 'assistant', 'attachment', 'system']);

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function messageOf(entry: Entry): MessageView | undefined {
  const m = entry.raw.message;
  if (!isObject(m)) return undefined;
  return {
    role: m.role,
    id: typeof m.id === 'string' ? m.id : undefined,
    model: typeof m.model === 'string' ? m.model : undefined,
    content: m.content,
  };
}

/** The content as an array of blocks; a string becomes one text block; malformed content gives []. */
export function blocksOf(entry: Entry): Block[] {
  const content = messageOf(entry)?.content;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isObject) as Block[];
}

// The fact helpers below read `raw.message` directly rather than through messageOf, and once per entry (Entry.facts):
// the chain model and the rules ask them of every entry, several times over.

const KNOWN = 1;
const TOOL_RESULT = 2;
const PROMPT = 4;

function factsOf(entry: Entry): number {
  const known = entry.facts;
  if (known !== undefined && known !== 0) return known;
  let facts = KNOWN;
  // `message` is read of user and assistant entries only: on others (progress) it may be a shallow object's getter.
  if (entry.type === 'user') {
    if (holdsToolResult(entry.raw.message)) facts |= TOOL_RESULT;
    else if (entry.raw.isMeta !== true && entry.raw.isCompactSummary !== true) facts |= PROMPT;
  }
  // An entry a library caller froze is read again at every call.
  if (Object.isExtensible(entry)) {
    entry.messageId = messageIdOf(entry) ?? null;
    entry.facts = facts;
  }
  return facts;
}

function messageIdOf(entry: Entry): string | undefined {
  if (entry.type !== 'assistant') return undefined;
  const m = entry.raw.message;
  return isObject(m) && typeof m.id === 'string' ? m.id : undefined;
}

function holdsToolResult(m: unknown): boolean {
  if (!isObject(m)) return false;
  const content = m.content;
  if (!Array.isArray(content)) return false;
  for (const b of content) if (isObject(b) && b.type === 'tool_result') return true;
  return false;
}

export function isToolResultEntry(entry: Entry): boolean {
  return (factsOf(entry) & TOOL_RESULT) !== 0;
}

/** A user entry a person typed (or Claude Code wrote as a prompt): not a tool result, not meta, not a summary. */
export function isUserPrompt(entry: Entry): boolean {
  return (factsOf(entry) & PROMPT) !== 0;
}

export function isCompactBoundary(entry: Entry): boolean {
  return entry.type === 'system' && entry.raw.subtype === 'compact_boundary';
}

export function isSyntheticApiError(entry: Entry): boolean {
  if (entry.type !== 'assistant' || entry.raw.isApiErrorMessage !== true) return false;
  const m = entry.raw.message;
  return isObject(m) && m.model === '<synthetic>';
}

export function assistantMessageId(entry: Entry): string | undefined {
  if (factsOf(entry) === entry.facts) return entry.messageId ?? undefined;
  return messageIdOf(entry);
}

/**
 * A transcript value as text, for messages and ids. `String(value)` is not safe on parsed JSON: an object with an
 * own `toString` or `valueOf` key that is not a function makes it throw.
 */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return '[value]';
  }
}
