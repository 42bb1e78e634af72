// The rule SDK: everything a rule may use, from one place. Rules import this barrel and nothing deeper, so the model,
// the formats and the fixer can change shape behind it.
export * from './rule-api.js';
export type { ApiBlock, ApiMessage, ApiRole, ApiView, Block, Chain, ChainStep, Entry, MessageView, Origin } from '../model/types.js';
export {
  asText,
  assistantMessageId,
  blocksOf,
  CHAIN_TYPES,
  isCompactBoundary,
  isObject,
  isSyntheticApiError,
  isToolResultEntry,
  isUserPrompt,
  messageOf,
} from '../model/entries.js';
export type { TranscriptModel } from '../model/index.js';
export { isMainTreeEntry, isReadable, newestTip, timeOf, timeOfValue } from '../model/queries.js';
export { INTERRUPTED_TOOL_RESULT } from '../formats/claude-code/repair-passes.js';
export { isArrayField, isLazyString } from '../loader/lazy-strings.js';
export type { SourceLine } from '../loader/read-jsonl.js';
export { INPUT_FORMATS, SHELL_LINE } from '../loader/input.js';
export type { Edit } from '../fixer/edits.js';
export { removeBlocksAcross, setContent } from '../fixer/block-edits.js';
export { derivedUuid, insertAfterEntry, insertRootBefore, MARKER_FIELD, markerEdit } from '../fixer/chain-edits.js';
export * from '../rules-support/content.js';
export * from '../rules-support/request-structure.js';
