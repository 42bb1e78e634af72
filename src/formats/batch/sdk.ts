// What the batch/* rules may use of batch files (re-exported by the rule SDK's barrel, src/sdk/index.ts, as `Batch`).
export type { BatchFile, BatchRecord } from './model.js';
export { deleteRecord, recordEdit, recordSite } from './model.js';
export { fileLineOf } from '../json-container/container.js';
export { OPENAI_BATCH_ENDPOINTS } from '../openai/index.js';
