// Shared reading helpers for the request-structure rules (tool pairing, roles, ids): the conversational messages
// of the compiled request, their tool blocks, and a file-wide index of tool ids for `related` lines; and the edits
// their fixes share (removing blocks across entries, the marker field).
import { createHash } from 'node:crypto';
import type { ApiBlock, ApiMessage } from '../model/types.js';
import { asText, type Entry, isObject } from '../model/entries.js';
import type { TranscriptModel } from '../model/index.js';

/** The messages the API pairing and alternation rules look at: role 'system' messages (rendered attachments) are skipped. */
export function conversation(merged: readonly ApiMessage[]): ApiMessage[] {
  return merged.filter((m) => m.role !== 'system');
}

/** Recorded (not synthetic) blocks of one type, in message order. */
export function blocksOfType(m: ApiMessage, type: string): ApiBlock[] {
  return m.blocks.filter((b) => !b.origin.synthetic && b.block.type === type);
}

/** An id or name for a message: the string itself, or a short JSON rendering of whatever is there instead. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(none)';
  const json = asText(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** The first line of the message's last recorded block, or of its last entry. */
export function lastLineOf(m: ApiMessage): number {
  for (let i = m.blocks.length - 1; i >= 0; i--) {
    const b = m.blocks[i]!;
    if (!b.origin.synthetic) return b.origin.line;
  }
  return m.entries[m.entries.length - 1]?.line ?? 0;
}

/** The line of the message's first recorded block, or of its first entry. */
export function firstLineOf(m: ApiMessage): number {
  const b = m.blocks.find((x) => !x.origin.synthetic);
  return b?.origin.line ?? m.entries[0]?.line ?? 0;
}

export interface ToolSite {
  line: number;
  blockIndex: number;
}

export interface ToolIndex {
  /** Every tool_use per id, in file order (all entries, whether or not on the active chain). */
  uses: Map<string, ToolSite[]>;
  /** Every tool_result per tool_use_id, in file order. */
  results: Map<string, ToolSite[]>;
}

const toolIndexCache = new WeakMap<TranscriptModel, ToolIndex>();

/** tool_use and tool_result blocks of every entry in the file, by id: one pass, memoised per model. */
export function toolIndex(model: TranscriptModel): ToolIndex {
  const cached = toolIndexCache.get(model);
  if (cached) return cached;
  const index: ToolIndex = { uses: new Map(), results: new Map() };
  for (const entry of model.entries) {
    if (entry.type !== 'user' && entry.type !== 'assistant') continue;
    const content = contentArray(entry);
    content.forEach((block, blockIndex) => {
      if (!isObject(block)) return;
      if (block.type === 'tool_use' && typeof block.id === 'string') push(index.uses, block.id, { line: entry.line, blockIndex });
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        push(index.results, block.tool_use_id, { line: entry.line, blockIndex });
      }
    });
  }
  toolIndexCache.set(model, index);
  return index;
}

function contentArray(entry: Entry): unknown[] {
  const message = entry.raw.message;
  if (!isObject(message) || !Array.isArray(message.content)) return [];
  return message.content;
}

function push(map: Map<string, ToolSite[]>, key: string, site: ToolSite): void {
  const list = map.get(key);
  if (list) list.push(site);
  else map.set(key, [site]);
}

/** A short stable hash (hex) of some strings, for ids transcript-lint makes up. */
export function shortHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}
