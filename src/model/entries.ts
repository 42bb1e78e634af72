// Entries: a thin, lossless view over parsed lines. `raw` is the parsed object itself and is never modified;
// everything else is read from it defensively because transcripts are often damaged or of another version.
import type { SourceFile } from '../loader/read-jsonl.js';

/** Entry types that take part in the uuid/parentUuid tree and can reach the model. */
export const CHAIN_TYPES = new Set(['user', 'assistant', 'attachment', 'system']);

export interface Entry {
  /** 1-based line number in the file. */
  line: number;
  /** Position among the file's entries (file order). */
  index: number;
  /** The entry's `type`, or '' when it has none. */
  type: string;
  uuid?: string;
  /** undefined when the field is absent, null when it is JSON null. */
  parentUuid?: string | null;
  isSidechain: boolean;
  raw: Record<string, unknown>;
}

export interface MessageView {
  role?: unknown;
  id?: string;
  model?: string;
  /** The message content as stored: a string, an array of blocks, or something malformed. */
  content: unknown;
}

export type Block = Record<string, unknown> & { type?: unknown };

export function buildEntries(file: SourceFile): Entry[] {
  const entries: Entry[] = [];
  for (const line of file.lines) {
    const raw = line.json;
    if (!raw) continue;
    entries.push({
      line: line.lineNo,
      index: entries.length,
      type: typeof raw.type === 'string' ? raw.type : '',
      uuid: typeof raw.uuid === 'string' ? raw.uuid : undefined,
      parentUuid: readParent(raw.parentUuid),
      isSidechain: raw.isSidechain === true,
      raw,
    });
  }
  return entries;
}

function readParent(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === 'string' ? value : undefined;
}

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

export function isToolResultEntry(entry: Entry): boolean {
  if (entry.type !== 'user') return false;
  const content = messageOf(entry)?.content;
  return Array.isArray(content) && content.some((b) => isObject(b) && b.type === 'tool_result');
}

/** A user entry a person typed (or Claude Code wrote as a prompt): not a tool result, not meta, not a summary. */
export function isUserPrompt(entry: Entry): boolean {
  return (
    entry.type === 'user' &&
    !isToolResultEntry(entry) &&
    entry.raw.isMeta !== true &&
    entry.raw.isCompactSummary !== true
  );
}

export function isCompactBoundary(entry: Entry): boolean {
  return entry.type === 'system' && entry.raw.subtype === 'compact_boundary';
}

export function isSyntheticApiError(entry: Entry): boolean {
  return entry.type === 'assistant' && entry.raw.isApiErrorMessage === true && messageOf(entry)?.model === '<synthetic>';
}

export function assistantMessageId(entry: Entry): string | undefined {
  return entry.type === 'assistant' ? messageOf(entry)?.id : undefined;
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
