// split-assistant-message's walks along the parentUuid chain: the nearest prompt or response above a part, and
// whether one part is linked in between two parts of one response.
import { type Entry, isSyntheticApiError, isUserPrompt, type TranscriptModel } from '../../src/sdk/index.js';

export interface ChainWalk {
  /** The nearest user prompt or (real) response above an entry along the chain, outside subagents. */
  stopAbove(part: Entry): Entry | undefined;
  /** A single part between two parts of one response, linked in between them: a part with a wrong id. */
  mislabeledPart(between: Entry, before: Entry, after: Entry): boolean;
}

export function chainWalk(model: TranscriptModel): ChainWalk {
  const chain = model.chain();
  const isStop = (e: Entry): boolean =>
    !e.isSidechain && (isUserPrompt(e) || (e.type === 'assistant' && !isSyntheticApiError(e)));
  const { entries } = model;
  // The chain's parents by entry index answer without a lookup by uuid (for this model's own entries).
  const { parentIndex } = chain;
  const parentEntry =
    parentIndex !== undefined && parentIndex.length === entries.length
      ? (e: Entry): Entry | undefined => {
          const at = parentIndex[e.index]!;
          return at >= 0 ? entries[at] : undefined;
        }
      : (e: Entry): Entry | undefined => {
          const p = chain.parentOf(e);
          return typeof p === 'string' ? chain.byUuid.get(p) : undefined;
        };
  // The nearest prompt or response above an entry along the chain; memoised over the entries in between, by entry
  // index: -2 not known yet, -1 none, else the stop's index.
  const stopMemo = new Int32Array(entries.length).fill(-2);
  // The stopAbove call that last saw each entry (a loop along the chain ends the climb).
  const seenBy = new Int32Array(entries.length);
  let call = 0;
  const stopAbove = (part: Entry): Entry | undefined => {
    const path: Entry[] = [];
    call++;
    let cur = parentEntry(part);
    let found: Entry | null = null;
    while (cur) {
      if (isStop(cur)) {
        found = cur;
        break;
      }
      const memo = stopMemo[cur.index]!;
      if (memo !== -2) {
        found = memo === -1 ? null : entries[memo]!;
        break;
      }
      if (seenBy[cur.index] === call) break;
      seenBy[cur.index] = call;
      path.push(cur);
      cur = parentEntry(cur);
    }
    const memo = found === null ? -1 : found.index;
    for (const e of path) stopMemo[e.index] = memo;
    return found ?? undefined;
  };

  const mislabeledPart = (between: Entry, before: Entry, after: Entry): boolean =>
    between.index === before.index + 1 &&
    after.index === between.index + 1 &&
    chain.parentOf(between) === before.uuid &&
    chain.parentOf(after) === between.uuid;

  return { stopAbove, mislabeledPart };
}
