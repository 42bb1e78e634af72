// Claude Code's mergeUserMessages, shared by the compiler and the repair passes that re-merge neighbours.
import type { ApiBlock, ApiMessage, Entry } from '../../model/types.js';
import { pushAll } from '../../model/arrays.js';

/** Appended to the left text where two text blocks meet in a merge (observed: "do round two\n"). */
export const SEAM = '\n';

/** Block arrays mergeUserInto made, with how many tool_result blocks lead each. */
const hoisted = new WeakMap<ApiBlock[], number>();

/** String content becomes blocks, the seam is added between texts, and tool_result blocks are hoisted first. */
export function mergeUserInto(target: ApiMessage, blocks: readonly ApiBlock[], entries: readonly Entry[]): void {
  const left = target.blocks[target.blocks.length - 1];
  const right = blocks[0];
  if (
    left &&
    right &&
    left.block.type === 'text' &&
    right.block.type === 'text' &&
    typeof left.block.text === 'string'
  ) {
    target.blocks[target.blocks.length - 1] = {
      block: { ...left.block, text: left.block.text + SEAM },
      origin: left.origin,
    };
  }
  // Merged in place once the target's blocks are an array of our own, already hoisted: a run of thousands of user
  // messages (many copies of one session) would otherwise be copied once per message.
  let results = hoisted.get(target.blocks);
  if (results === undefined) {
    const all = target.blocks;
    target.blocks = [
      ...all.filter((b) => b.block.type === 'tool_result'),
      ...all.filter((b) => b.block.type !== 'tool_result'),
    ];
    results = target.blocks.length - all.filter((b) => b.block.type !== 'tool_result').length;
  }
  const merged = target.blocks;
  for (const b of blocks) {
    if (b.block.type === 'tool_result') merged.splice(results++, 0, b);
    else merged.push(b);
  }
  hoisted.set(merged, results);
  target.stringContent = false;
  pushAll(target.entries, entries);
}
