// What the cline/* and roo/* rules may use of the format (re-exported by the rule SDK's barrel, src/sdk/index.ts, as
// `Cline`).
export type { TaskHistoryModel } from './model.js';
export type { SendPath, SendRepair } from './compile.js';
export { appendResultsFix, callIds, pairFix, removeThinkingFix, resultsFirstFix, WAITING_TOOLS } from './fixes.js';
