// The `Anthropic` kit: walking a compiled Messages API request, for the request-view rules (Claude Code, Cline and
// Roo histories, request bodies, message lists): the conversational messages, their blocks (nested ones too) with
// where each is stored, and the tool ids across the file.
import { storedSite } from '../fixer/fix-plan.js';
import { appendTo } from '../model/arrays.js';
import { type Entry, isObject } from '../model/entries.js';
import type { TranscriptModel } from '../model/index.js';
import type { ApiBlock, ApiMessage } from '../model/types.js';
import { isArrayField } from './lines.js';

type Obj = Record<string, unknown>;

/** The message the request ends with (system messages aside), if any. */
export function finalMessage(merged: readonly ApiMessage[]): ApiMessage | undefined {
  for (let i = merged.length - 1; i >= 0; i--) if (merged[i]!.role !== 'system') return merged[i];
  return undefined;
}

/** RFC 6901 pointer to a block in its entry: `/message/content/3`, or `/message/content` for string content. */
export function blockPointer(b: ApiBlock, ...inner: (string | number)[]): string {
  const base = b.origin.blockIndex === undefined ? '/message/content' : `/message/content/${b.origin.blockIndex}`;
  return inner.length === 0 ? base : `${base}/${inner.join('/')}`;
}

/** Where a block (or a block nested in a tool_result) sits in the file. */
export interface BlockSite {
  block: Obj;
  /** The top-level block of the message holding it (the tool_result, for a nested block). */
  outer: ApiBlock;
  message: ApiMessage;
  /** Index in the tool_result's content, for a nested block. */
  nestedIndex?: number;
  line: number;
  blockIndex?: number;
  pointer: string;
}

/**
 * Every non-synthetic block of the conversational messages, in request order, followed (right after each
 * tool_result) by the blocks of its array content.
 */
export function* requestBlocks(merged: readonly ApiMessage[], opts: { nested?: boolean } = {}): Generator<BlockSite> {
  for (const message of merged) {
    if (message.role === 'system') continue;
    for (const outer of message.blocks) {
      if (outer.origin.synthetic) continue;
      yield new Site(outer.block, outer, message, undefined);
      if (!opts.nested || outer.block.type !== 'tool_result' || !isArrayField(outer.block, 'content')) continue;
      const content = outer.block.content as unknown[];
      for (let j = 0; j < content.length; j++) {
        const inner = content[j];
        if (!isObject(inner)) continue;
        yield new Site(inner, outer, message, j);
      }
    }
  }
}

/**
 * A BlockSite whose pointer is written only when read: every rule that walks the request makes one per block, and
 * only those it reports on need the text.
 */
class Site implements BlockSite {
  readonly line: number;
  readonly blockIndex: number | undefined;
  constructor(
    readonly block: Obj,
    readonly outer: ApiBlock,
    readonly message: ApiMessage,
    readonly nestedIndex: number | undefined,
  ) {
    this.line = outer.origin.line;
    this.blockIndex = outer.origin.blockIndex;
  }

  get pointer(): string {
    return this.nestedIndex === undefined
      ? blockPointer(this.outer)
      : blockPointer(this.outer, 'content', this.nestedIndex);
  }
}

/** Where a block of the request (top level or inside a tool_result) is stored, as an entry and a pointer. */
export function storedPointer(model: TranscriptModel, site: BlockSite): { entry: Entry; pointer: string } | undefined {
  const outer = storedSite(model, site.outer);
  if (outer?.kind !== 'element') return undefined;
  const base = `${outer.array}/${outer.index}`;
  return { entry: outer.entry, pointer: site.nestedIndex === undefined ? base : `${base}/content/${site.nestedIndex}` };
}

/** The messages the API pairs and alternates: role 'system' messages (Claude Code's rendered attachments) are skipped. */
export function conversation(merged: readonly ApiMessage[]): ApiMessage[] {
  return merged.filter((m) => m.role !== 'system');
}

/** Recorded (not synthetic) blocks of one type, in message order. */
export function blocksOfType(m: ApiMessage, type: string): ApiBlock[] {
  return m.blocks.filter((b) => !b.origin.synthetic && b.block.type === type);
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
  const { entries } = model;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.type !== 'user' && entry.type !== 'assistant') continue;
    const content = contentArray(entry);
    for (let blockIndex = 0; blockIndex < content.length; blockIndex++) {
      const block = content[blockIndex];
      if (!isObject(block)) continue;
      if (block.type === 'tool_use' && typeof block.id === 'string')
        appendTo(index.uses, block.id, { line: entry.line, blockIndex });
      if (block.type === 'tool_result' && typeof block.tool_use_id === 'string') {
        appendTo(index.results, block.tool_use_id, { line: entry.line, blockIndex });
      }
    }
  }
  toolIndexCache.set(model, index);
  return index;
}

const NO_BLOCKS: readonly unknown[] = [];

function contentArray(entry: Entry): readonly unknown[] {
  const message = entry.raw.message;
  if (!isObject(message) || !Array.isArray(message.content)) return NO_BLOCKS;
  return message.content;
}
