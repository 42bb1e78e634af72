// What the Gemini CLI rules may use of the format (re-exported by the rule SDK's barrel, src/sdk/index.ts).
export type { GeminiModel } from './model.js';
export type { GeminiSession, HeaderLine, LoadedMessage } from './session.js';
export type { PartOrigin, SentPart, SentTurn } from './compile.js';
export { clientHistory, contentParts, contentText, INTERRUPTED, sessionContext } from './compile.js';
export { isIgnoredUserText, isObj, kindOf, MESSAGE_TYPES, type Obj, type RecordKind } from './records.js';
export {
  type CallPairing,
  callPairings,
  type DoubledResult,
  doubledResults,
  orphanResponses,
  keepingEdits,
  responseOnlyIds,
} from './pairing.js';
export { isKeptLine, KEPT_LINE, keptEntry, keptLineText, keptRecordText } from './kept-line.js';
export { type RecordOwner, recordOwner } from './record-owner.js';
export { type Interleaved, interleavedLines } from './interleaved.js';
export type { StaleCopy } from './stale-copies.js';
export { rebuiltHeader } from './rebuilt-header.js';
export { SESSION_FILE } from './sessions.js';
export { otherSessionLines } from './joined-sessions.js';
export { isResumableMessage, listsSession } from './resumable.js';
export { type StrandedText, strandedText } from './stranded-text.js';
