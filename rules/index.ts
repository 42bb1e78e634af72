// The explicit rule registry: one import per rule. This list is the catalogue's order: `transcript-lint rules`, the
// README's rule table and the docs list the rules in it. No directory scanning.
import type { Rule } from '../src/sdk/index.js';
import validJson from './valid-json.js';
import entryShape from './entry-shape.js';
import uniqueUuid from './unique-uuid.js';
import parentExists from './parent-exists.js';
import noParentCycle from './no-parent-cycle.js';
import mainChainNotSidechain from './main-chain-not-sidechain.js';
import resumeBranch from './resume-branch.js';
import splitAssistantMessage from './split-assistant-message.js';
import toolUseHasResult from './tool-use-has-result.js';
import toolResultHasUse from './tool-result-has-use.js';
import uniqueToolUseId from './unique-tool-use-id.js';
import toolResultFirst from './tool-result-first.js';
import thinkingFirst from './thinking-first.js';
import thinkingSignature from './thinking-signature.js';
import thinkingPlacement from './thinking-placement.js';
import noEmptyContent from './no-empty-content.js';
import finalAssistantWhitespace from './final-assistant-whitespace.js';
import noInternalBlocks from './no-internal-blocks.js';
import imageLimits from './image-limits.js';
import documentLimits from './document-limits.js';
import errorResultTextOnly from './error-result-text-only.js';
import toolUseInput from './tool-use-input.js';
import toolIdFormat from './tool-id-format.js';
import firstMessageUser from './first-message-user.js';
import roleAlternation from './role-alternation.js';
import compactSummary from './compact-summary.js';
import toolResultContent from './tool-result-content.js';
import serverToolPairing from './server-tool-pairing.js';
import lastPromptLeaf from './last-prompt-leaf.js';
import singleSession from './single-session.js';
import imageMediaType from './image-media-type.js';
import projectPath from './project-path.js';
import pdfValidity from './pdf-validity.js';
import thinkingProvenance from './thinking-provenance.js';
import requestSize from './request-size.js';
import contextBudget from './context-budget.js';
import toolNames from './tool-names.js';
import cacheControlLimit from './cache-control-limit.js';
import thinkingConfig from './thinking-config.js';
import knownFormat from './known-format.js';
import noLoneSurrogate from './no-lone-surrogate.js';
import codexValidJsonl from './codex/valid-jsonl.js';
import codexSessionMeta from './codex/session-meta.js';
import codexOrdinalSequence from './codex/ordinal-sequence.js';
import codexCallHasOutput from './codex/call-has-output.js';
import codexOutputHasCall from './codex/output-has-call.js';
import codexUniqueCallId from './codex/unique-call-id.js';
import codexFunctionName from './codex/function-name.js';
import codexArgumentsJson from './codex/arguments-json.js';
import codexReasoningShape from './codex/reasoning-shape.js';
import codexRecordSize from './codex/record-size.js';
import codexUnknownRecord from './codex/unknown-record.js';
import codexCompaction from './codex/compaction.js';
import codexTurnContext from './codex/turn-context.js';
import copilotValidJson from './copilot/valid-json.js';
import copilotTrailingNul from './copilot/trailing-nul.js';
import copilotOneEventPerLine from './copilot/one-event-per-line.js';
import copilotConcatenatedEvent from './copilot/concatenated-event.js';
import copilotLineSeparator from './copilot/line-separator.js';
import copilotKnownEventType from './copilot/known-event-type.js';
import copilotSessionStructure from './copilot/session-structure.js';
import copilotToolRequestHasCompletion from './copilot/tool-request-has-completion.js';
import copilotSessionSize from './copilot/session-size.js';
import copilotSidecarConsistency from './copilot/sidecar-consistency.js';
import copilotMergedAnswers from './copilot/merged-answers.js';
import geminiValidJsonl from './gemini/valid-jsonl.js';
import geminiDoubledToolResult from './gemini/doubled-tool-result.js';
import geminiCallHasResponse from './gemini/call-has-response.js';
import geminiResponseHasCall from './gemini/response-has-call.js';
import geminiSingleSession from './gemini/single-session.js';
import geminiEmptySession from './gemini/empty-session.js';
import geminiStaleRecord from './gemini/stale-record.js';
import qwenValidJsonl from './qwen/valid-jsonl.js';
import qwenSingleSession from './qwen/single-session.js';
import qwenDuplicateRecord from './qwen/duplicate-record.js';
import qwenHistoryGap from './qwen/history-gap.js';
import qwenCallHasResult from './qwen/call-has-result.js';
import qwenResultHasCall from './qwen/result-has-call.js';
import clineResultMissing from './cline/result-missing.js';
import clineResultDropped from './cline/result-dropped.js';
import clineUnsignedThinking from './cline/unsigned-thinking.js';
import rooInterruptedToolUse from './roo/interrupted-tool-use.js';
import batchLineShape from './batch/line-shape.js';
import batchCustomIdUnique from './batch/custom-id-unique.js';
import batchCustomIdFormat from './batch/custom-id-format.js';
import batchNoStream from './batch/no-stream.js';
import batchMaxTokens from './batch/max-tokens.js';
import batchOneEndpoint from './batch/one-endpoint.js';
import batchOneModel from './batch/one-model.js';
import batchResultsSummary from './batch/results-summary.js';
import batchResultErrored from './batch/result-errored.js';
import openaiValidJson from './openai/valid-json.js';
import openaiFinetuneExampleShape from './openai/finetune-example-shape.js';
import openaiRoles from './openai/roles.js';
import openaiContentShape from './openai/content-shape.js';
import openaiMessageKeys from './openai/message-keys.js';
import openaiToolCallsAnswered from './openai/tool-calls-answered.js';
import openaiToolMessageHasCall from './openai/tool-message-has-call.js';
import openaiUniqueToolCallId from './openai/unique-tool-call-id.js';
import openaiArgumentsJson from './openai/arguments-json.js';
import openaiFunctionName from './openai/function-name.js';
import openaiToolsDeclared from './openai/tools-declared.js';
import openaiFinetuneHasAssistant from './openai/finetune-has-assistant.js';
import openaiFinetuneWeight from './openai/finetune-weight.js';
import openaiFinetuneTokens from './openai/finetune-tokens.js';

export const rules: readonly Rule[] = [
  validJson,
  entryShape,
  uniqueUuid,
  parentExists,
  noParentCycle,
  mainChainNotSidechain,
  resumeBranch,
  splitAssistantMessage,
  toolUseHasResult,
  toolResultHasUse,
  uniqueToolUseId,
  toolResultFirst,
  thinkingFirst,
  thinkingSignature,
  thinkingPlacement,
  noEmptyContent,
  finalAssistantWhitespace,
  noInternalBlocks,
  imageLimits,
  documentLimits,
  errorResultTextOnly,
  toolUseInput,
  toolIdFormat,
  firstMessageUser,
  roleAlternation,
  compactSummary,
  // Claude Code fidelity, second round: checked against recordings of the real Claude Code 2.1.332.
  toolResultContent,
  serverToolPairing,
  lastPromptLeaf,
  singleSession,
  imageMediaType,
  projectPath,
  pdfValidity,
  thinkingProvenance,
  requestSize,
  contextBudget,
  // Request-level checks of plain Messages API inputs.
  toolNames,
  cacheControlLimit,
  thinkingConfig,
  // Any Messages API input: a character cut in two makes the request body invalid JSON.
  noLoneSurrogate,
  // Cline and Roo Code task histories.
  clineResultMissing,
  clineResultDropped,
  clineUnsignedThinking,
  rooInterruptedToolUse,
  // GitHub Copilot CLI sessions (src/formats/copilot-events).
  copilotValidJson,
  copilotTrailingNul,
  copilotOneEventPerLine,
  copilotConcatenatedEvent,
  copilotLineSeparator,
  copilotKnownEventType,
  copilotSessionStructure,
  copilotToolRequestHasCompletion,
  copilotMergedAnswers,
  copilotSessionSize,
  copilotSidecarConsistency,
  // Gemini CLI sessions (src/formats/gemini-cli).
  geminiValidJsonl,
  geminiDoubledToolResult,
  geminiCallHasResponse,
  geminiResponseHasCall,
  geminiSingleSession,
  geminiEmptySession,
  geminiStaleRecord,
  // Qwen Code sessions (src/formats/qwen-code).
  qwenValidJsonl,
  qwenSingleSession,
  qwenDuplicateRecord,
  qwenHistoryGap,
  qwenCallHasResult,
  qwenResultHasCall,
  // Anthropic Message Batches and OpenAI Batch API files (batch/*).
  batchLineShape,
  batchCustomIdUnique,
  batchCustomIdFormat,
  batchNoStream,
  batchMaxTokens,
  batchOneEndpoint,
  batchOneModel,
  batchResultsSummary,
  batchResultErrored,
  // OpenAI Chat Completions requests, fine-tuning data and batch bodies (openai/*).
  openaiValidJson,
  openaiFinetuneExampleShape,
  openaiRoles,
  openaiContentShape,
  openaiMessageKeys,
  openaiToolCallsAnswered,
  openaiToolMessageHasCall,
  openaiUniqueToolCallId,
  openaiArgumentsJson,
  openaiFunctionName,
  openaiToolsDeclared,
  openaiFinetuneHasAssistant,
  openaiFinetuneWeight,
  openaiFinetuneTokens,
  // OpenAI Codex CLI rollouts (src/formats/codex-rollout).
  codexValidJsonl,
  codexSessionMeta,
  codexOrdinalSequence,
  codexCallHasOutput,
  codexOutputHasCall,
  codexUniqueCallId,
  codexFunctionName,
  codexArgumentsJson,
  codexReasoningShape,
  codexRecordSize,
  codexUnknownRecord,
  codexCompaction,
  codexTurnContext,
  // Files of no supported format.
  knownFormat,
] as Rule[];

export const rulesById: ReadonlyMap<string, Rule> = new Map(rules.map((r) => [r.meta.id, r]));
