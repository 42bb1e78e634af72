// The response that ends the history, when only some of its parallel calls have results. Recorded with the real
// Claude Code 2.1.332 (test/fixtures/interrupted-tail): on resume it writes one "interrupted" error result entry per
// unanswered call, in call order, each hanging off the part that holds the call, and sends them after everything the
// history held before, in the same user message as the recorded results (an attachment below a recorded result is
// still folded into that result first).
import type { ApiBlock, Repair } from '../../model/types.js';
import type { Item } from './compile-item.js';
import { INTERRUPTED_TOOL_RESULT } from './repair-passes.js';

export interface InterruptedTail {
  /** The parts of the last response: filterUnresolvedToolUses spares them. */
  parts: ReadonlySet<Item>;
  /** The results Claude Code writes, in call order (none when no call of the response has a result). */
  results: ApiBlock[];
  repairs: Repair[];
}

/**
 * The tail response's parts and, when some of its calls have a result and some have none anywhere, the results
 * Claude Code writes for the others. A response whose calls all lack results is left to repairPasses: its
 * interrupted results make a user message of their own.
 */
export function interruptedTail(items: readonly Item[], resolved: ReadonlySet<unknown>): InterruptedTail {
  const parts = tailParts(items);
  const calls: ApiBlock[] = [];
  let answered = false;
  for (const part of parts) {
    for (const b of part.blocks) {
      if (b.block.type !== 'tool_use') continue;
      if (resolved.has(b.block.id)) answered = true;
      else calls.push(b);
    }
  }
  if (calls.length === 0 || !answered) return { parts, results: [], repairs: [] };
  const results = calls.map((b) => ({
    block: { type: 'tool_result', tool_use_id: b.block.id, content: INTERRUPTED_TOOL_RESULT, is_error: true },
    origin: { line: b.origin.line, synthetic: true },
  }));
  const repairs = calls.map((b) => ({
    pass: 'interrupted-result',
    description: `interrupted error result added for ${String(b.block.id)}`,
    origin: b.origin,
  }));
  return { parts, results, repairs };
}

/**
 * The assistant items of the response that ends the history, in item order: walking back over results and
 * attachments, the items sharing the last assistant item's message.id (that item alone without one), until anything
 * else.
 */
function tailParts(items: readonly Item[]): Set<Item> {
  const parts: Item[] = [];
  let id: string | undefined;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.attachment || isResultItem(item)) continue;
    if (item.role !== 'assistant') break;
    if (parts.length === 0) id = item.messageId;
    else if (id === undefined || item.messageId !== id) break;
    parts.push(item);
  }
  return new Set(parts.reverse());
}

const isResultItem = (item: Item): boolean =>
  item.role === 'user' && !item.attachment && item.blocks.length > 0 && item.blocks[0]!.block.type === 'tool_result';
