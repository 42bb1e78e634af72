// The rule SDK: everything a rule may use, from one place. Rules import this barrel and nothing deeper, so the model,
// the formats and the fixer can change shape behind it.
export * from './rule-api.js';
export type { ViewModels } from './views.js';
export * from './held-reports.js';
export * from './line-problems.js';
export * from '../model/media.js';
export { jsonBytes, stringFieldBytes, stringFieldHead } from '../model/json-size.js';
export * from './request.js';
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
export type { UnknownModel } from '../formats/unknown/index.js';
export { listKeys } from '../formats/unknown/describe.js';
export { INTERRUPTED_TOOL_RESULT } from '../formats/claude-code/repair-passes.js';
export { type MediaRemoval, mediaRemovals } from '../formats/claude-code/compile.js';
export { folderFits, projectFolderOf } from '../formats/claude-code/project-folder.js';
export { type JoinedSession, sessionsInFile } from '../formats/claude-code/joined-sessions.js';
export {
  holdsLazyStrings,
  isArrayField,
  isLazyString,
  LAZY_LINE_BYTES,
  lazyJsonBytes,
} from '../loader/lazy-strings.js';
export type { SourceLine } from '../loader/read-jsonl.js';
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
export type { BatchFile, BatchRecord } from '../formats/batch/model.js';
export { deleteRecord, recordEdit, recordSite } from '../formats/batch/model.js';
export { type ChatInputKind, Conversation, type ChatFile, type ConversationKind } from '../formats/openai/model.js';
export { type ChatMessage, ChatEdits } from '../formats/openai/fixes.js';
export { fileLineOf } from '../formats/json-container/container.js';
export * as Codex from '../formats/codex-rollout/sdk.js';
export * as Copilot from '../formats/copilot-events/sdk.js';
export * as Gemini from '../formats/gemini-cli/sdk.js';
export * as Qwen from '../formats/qwen-code/sdk.js';
export * as openai from '../formats/openai/messages.js';
export { OPENAI_BATCH_ENDPOINTS } from '../formats/openai/index.js';
export type { TaskHistoryModel } from '../formats/cline/model.js';
export type { SendPath, SendRepair } from '../formats/cline/compile.js';
export {
  appendResultsFix,
  callIds,
  pairFix,
  removeThinkingFix,
  resultsFirstFix,
  WAITING_TOOLS,
} from '../formats/cline/fixes.js';
