// What the Codex rules may use of the format (re-exported by the rule SDK's barrel, src/sdk/index.ts).
export type { CodexModel } from './model.js';
export type { CodexRecord, Generation } from './records.js';
export type { CodexResume, Fatal, FatalCause, HistoryItem } from './compile.js';
export { fatalMessage, isUserTurnStart } from './compile.js';
export { CodexFix, markerValue, repairFix, withMarker } from './fixes.js';
export { decodeItem, isObj, outputError, serdeKind } from './decode.js';
export { applyOps, type RecordRepair, type RepairOp, recordRepairs, repairsBy } from './repairs.js';
export { type Recovery, recoverLine, recoverSplit, recoveredRecords } from './recover.js';
export { ordinalEdit, renumberFrom } from './write-back.js';
export { dataUrlBase64, IMAGE_OMITTED, sentItem, truncateMiddle, undecodableImage } from './serialize.js';
export { syntheticOutput } from './synthetic.js';
export {
  ABORTED_OUTPUT,
  ANSWERED_BY,
  API_LIMITS,
  type CallType,
  CODEX_MARKER_FIELD,
  callTypesAnsweredBy,
  isCallType,
  isOutputType,
  type OutputType,
  RECORD_TYPES,
  SUMMARY_PREFIX,
  TOOL_OUTPUT_BUDGET_BYTES,
} from './shapes.js';
export { inputIndex, isWholeRecord, itemLabel, removeItem, siteOf, storedRecord } from './items.js';
export { lineSessions, otherSessionsOf, unnamedSessionTurn } from './joined-sessions.js';
export { isKeptLine, KEPT_LINE, keptLine, keptLineText } from './kept-line.js';
export { historyLostBefore, historyLostToRestarts } from './restarts.js';
export { inReplayedBlock, type ReplayedBlock, replayedBlocks, restoredCopies, restoredCopyAt } from './replay.js';
