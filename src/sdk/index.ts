// The rule SDK: everything a rule may use, from one place. Rules import this barrel and nothing deeper, so the model,
// the formats and the fixer can change shape behind it.
export * from './rule-api.js';
export type { ViewModels } from './views.js';
export * from './held-reports.js';
export * from './line-problems.js';
export * from '../model/media.js';
export { jsonBytes, stringFieldBytes, stringFieldHead } from '../model/json-size.js';
export * from './words.js';
export type {
  ApiBlock,
  ApiMessage,
  ApiRole,
  ApiView,
  Block,
  Chain,
  ChainStep,
  Entry,
  MessageView,
  Origin,
} from '../model/types.js';
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
export { appendTo, firstAbove } from '../model/arrays.js';
export { isBlankText, isThinkingBlock, isThinkingType } from '../model/blocks.js';
export {
  aboveAttachments,
  BRIDGE_GAP_MS,
  isCompactSummary,
  isMainTreeEntry,
  isReadable,
  newestTip,
  reachesMainConversation,
  timeOf,
  timeOfValue,
} from '../model/queries.js';
export { sharedUuids } from '../model/single-lists.js';
export { chainKey, entriesBelow, nearestEarlierOfChain } from '../model/relink.js';
export type { TranscriptModel } from '../model/index.js';
// A file's lines as the loader read them, and a long line's strings kept as bytes (`Lines.isLazyString`).
export * as Lines from './lines.js';
export {
  FixPlan,
  NO_CONTENT_PLACEHOLDER,
  placeholder,
  type InsertOptions,
  type StoredSite,
  storedContent,
  storedSite,
} from '../fixer/fix-plan.js';
export { derivedUuid, MARKER_FIELD } from '../fixer/chain-edits.js';
// Walking a compiled Messages API request (`Anthropic.requestBlocks`), for the request-view rules.
export * as Anthropic from './request.js';
// The formats' kits, one namespace each (`Codex.CodexFix`): what a format's own rules use of it.
export * as Batch from '../formats/batch/sdk.js';
export * as ClaudeCode from '../formats/claude-code/sdk.js';
export * as Cline from '../formats/cline/sdk.js';
export * as Codex from '../formats/codex-rollout/sdk.js';
export * as Copilot from '../formats/copilot-events/sdk.js';
export * as Gemini from '../formats/gemini-cli/sdk.js';
export * as OpenAI from '../formats/openai/sdk.js';
export * as Qwen from '../formats/qwen-code/sdk.js';
export * as Unknown from '../formats/unknown/sdk.js';
