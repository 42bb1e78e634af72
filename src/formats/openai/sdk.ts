// What the openai/* rules may use of the format (re-exported by the rule SDK's barrel, src/sdk/index.ts, as
// `OpenAI`): a message read in the API's terms, the conversations of a file, and the edits of one.
export * from './messages.js';
export { type ChatInputKind, Conversation, type ChatFile, type ConversationKind } from './model.js';
export { type ChatMessage, ChatEdits } from './fixes.js';
export { fileLineOf } from '../json-container/container.js';
