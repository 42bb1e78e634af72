// What the Qwen Code rules may use of the format (re-exported by the rule SDK's barrel, src/sdk/index.ts).
export type { QwenModel } from './model.js';
export type { Part, QwenRecord, SkippedObject } from './records.js';
export type { ChainGap, ChainStep, QwenChain } from './chain.js';
export type { Content, HistoryPart, MadeUpResponse } from './compile.js';
export { accumulate, ORPHAN_REASON } from './compile.js';
export { isObj, type LineRead, lineText, readLine, recoverObjects } from './lines.js';
export { QwenFix, recordText } from './fixes.js';
export { isConversationRecord } from './records.js';
export { closingBreak } from '../../fixer/kept-bytes.js';
export { isKeptLine, KEPT_LINE, keptObject, type SessionHead, sessionHead } from './kept-line.js';
export { type Interleaved, interleavedLines } from '../gemini-cli/interleaved.js';
