// What the copilot/* rules use of the format, exported through the rule SDK as the `Copilot` namespace.
export type { CopilotModel } from './model.js';
export type { CopilotEvent } from './events.js';
export type { Framing } from './framing.js';
export type { LockFile, Sidecar, WorkspaceState } from './sidecar.js';
export type { EventTypeSpec, RequiredField } from './event-types.js';
export { eventTypeSpec, hasJsonType, jsonTypeOf } from './event-types.js';
export { isObject, isTimestamp, isUuid, stringField, toolCallIdOf, toolRequestsOf, turnRequestOf } from './events.js';
export {
  FAILED_WITHOUT_ERROR,
  INTERRUPTED_MID,
  INTERRUPTED_TAIL,
  interruptedText,
  resultTextOf,
  userTextOf,
} from './compile.js';
export { BOM_STRIPS, CopilotFixPlan, MARK } from './fixes.js';
export { parsesAsObject } from './json-text.js';
export { EVENTS_FILE, WORKSPACE_FILE } from './sidecar.js';
export { writerChains } from './writers.js';
export {
  CONVERSATION_EVENTS,
  type ForeignChain,
  foreignChainsOf,
  inDamagedLine,
  ownStartInDamagedLine,
} from './foreign-chains.js';
export { KEPT_LINE, keepLine, keptEvent } from './kept-line.js';
export { cutPromptText, salvagedPrompt } from './salvaged-prompt.js';
