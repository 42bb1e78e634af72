// The explicit rule registry: one import per rule, in catalogue order (rules.md), then the rules added after the
// catalogue. No directory scanning.
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
import toolNames from './tool-names.js';
import cacheControlLimit from './cache-control-limit.js';
import thinkingConfig from './thinking-config.js';
import knownFormat from './known-format.js';
import clineResultMissing from './cline/result-missing.js';
import clineResultDropped from './cline/result-dropped.js';
import clineUnsignedThinking from './cline/unsigned-thinking.js';
import rooInterruptedToolUse from './roo/interrupted-tool-use.js';

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
  // Request-level checks of plain Messages API inputs (not in the catalogue's table).
  toolNames,
  cacheControlLimit,
  thinkingConfig,
  // Cline and Roo Code task histories.
  clineResultMissing,
  clineResultDropped,
  clineUnsignedThinking,
  rooInterruptedToolUse,
  // Files of no supported format.
  knownFormat,
] as Rule[];

export const rulesById: ReadonlyMap<string, Rule> = new Map(rules.map((r) => [r.meta.id, r]));
