// Helpers shared by the storage-view rules (entry links and the resume point).
import { CHAIN_TYPES, type Entry, isObject, messageOf } from '../model/entries.js';

/**
 * Whether Claude Code can read the entry at all: a user or assistant entry needs a `message` whose content is a
 * string or an array of objects. Claude Code never resumes from, nor bridges to, an entry it cannot read.
 */
export function isReadable(e: Entry): boolean {
  if (e.type !== 'user' && e.type !== 'assistant') return true;
  const content = messageOf(e)?.content;
  return typeof content === 'string' || (Array.isArray(content) && content.every(isObject));
}

/** An entry of the main conversation's uuid tree: a chain type (or legacy `progress`) with a uuid, not a sidechain. */
export function isMainTreeEntry(e: Entry): boolean {
  return e.uuid !== undefined && !e.isSidechain && (CHAIN_TYPES.has(e.type) || e.type === 'progress');
}

/** The entry's timestamp in milliseconds, when it has a parseable one. */
export function timeOf(e: Entry): number | undefined {
  const t = typeof e.raw.timestamp === 'string' ? Date.parse(e.raw.timestamp) : NaN;
  return Number.isNaN(t) ? undefined : t;
}
