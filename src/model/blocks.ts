// Predicates on blocks of the compiled request that the client's repair passes and the rules share.
import type { ApiBlock } from './types.js';

export const isThinkingType = (type: unknown): boolean => type === 'thinking' || type === 'redacted_thinking';

export const isThinkingBlock = (b: ApiBlock): boolean => isThinkingType(b.block.type);

/** An empty or whitespace-only text block (a text block whose `text` is not a string counts as empty). */
export const isBlankText = (b: ApiBlock): boolean =>
  b.block.type === 'text' && (typeof b.block.text !== 'string' || b.block.text.trim() === '');
