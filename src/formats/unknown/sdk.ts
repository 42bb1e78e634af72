// What known-format may use of a file of no supported format (re-exported by the rule SDK's barrel,
// src/sdk/index.ts, as `Unknown`).
export type { UnknownModel } from './index.js';
export { listKeys } from './describe.js';
