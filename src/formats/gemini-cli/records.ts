// The kinds of line a Gemini CLI 0.61.0 session file holds, told apart as its loader tells them
// (packages/core/src/services/chatRecordingService.ts, loadConversationRecord), in this order: a rewind
// (`{"$rewindTo": id}`), a message record (a string `id`), a metadata update (an object `$set`), a header (string
// `sessionId` and `projectHash`). Any other JSON line is skipped by the CLI.
export type Obj = Record<string, unknown>;

export type RecordKind = 'rewind' | 'message' | 'set' | 'header' | 'other';

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const has = (v: Obj, key: string): boolean => key in v;

/** The kind the CLI's loader gives a parsed line (its isRewindRecord, isMessageRecord... in its order). */
export function kindOf(v: Obj): RecordKind {
  if (has(v, '$rewindTo') && typeof v.$rewindTo === 'string') return 'rewind';
  if (has(v, 'id') && typeof v.id === 'string') return 'message';
  if (has(v, '$set') && isObj(v.$set)) return 'set';
  if (typeof v.sessionId === 'string' && typeof v.projectHash === 'string') return 'header';
  return 'other';
}

/** The message types the CLI writes (`MessageRecord.type`). */
export const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);

/** User content the CLI leaves out of the history it resumes (its isIgnoredUserContent). */
export function isIgnoredUserText(trimmed: string): boolean {
  return (
    trimmed.length === 0 ||
    trimmed.startsWith('/') ||
    trimmed.startsWith('?') ||
    trimmed.startsWith('<session_context>') ||
    trimmed.startsWith('<hook_context>')
  );
}

/** The start of the environment context the CLI stores as the session's first user message. */
export const SESSION_CONTEXT = '<session_context>';
