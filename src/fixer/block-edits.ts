// Edits on the content blocks of one entry, as request-view rules need them. Removing the last block of an entry
// removes the entry itself (its children re-linked), because Claude Code would drop an empty message anyway.
import { type Entry, messageOf } from '../model/entries.js';
import type { TranscriptStorage } from '../model/index.js';
import { removeEntries } from './chain-edits.js';
import type { Edit } from './edits.js';

const contentPointer = (i: number): string => `/message/content/${i}`;

/** Remove some blocks of an entry (indexes into message.content); the entry goes when nothing is left. */
export function removeBlocks(model: TranscriptStorage, entry: Entry, blockIndexes: readonly number[]): Edit[] {
  return removeBlocksAcross(model, new Map([[entry, blockIndexes]]));
}

/**
 * Remove blocks from several entries in one fix (e.g. a tool_use and its result). An entry left without blocks is
 * deleted, its children re-linked to the nearest ancestor that stays.
 */
export function removeBlocksAcross(model: TranscriptStorage, targets: ReadonlyMap<Entry, readonly number[]>): Edit[] {
  const edits: Edit[] = [];
  const emptied: Entry[] = [];
  for (const [entry, indexes] of targets) {
    const content = messageOf(entry)?.content;
    const unique = [...new Set(indexes)].sort((a, b) => b - a);
    if (!Array.isArray(content) || unique.length >= content.length) emptied.push(entry);
    else for (const i of unique) edits.push({ kind: 'remove', line: entry.line, pointer: contentPointer(i) });
  }
  return [...edits, ...removeEntries(model, emptied)];
}

/** Set the whole content array of an entry (for reorders). */
export function setContent(entry: Entry, content: unknown[]): Edit {
  return { kind: 'set', line: entry.line, pointer: '/message/content', value: content };
}
