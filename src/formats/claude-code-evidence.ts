// What only Claude Code's entries carry: the keys and entry types that say "a Claude Code session" on one line. The
// detectors of the other formats ask it too, so that none of them takes a session for one of its files.

/** Fields only Claude Code's entries carry; any one of them on an object line says "a Claude Code session". */
const CLAUDE_CODE_KEYS = ['uuid', 'parentUuid', 'sessionId', 'leafUuid', 'isSidechain', 'logicalParentUuid'];
/** Entry types Claude Code writes that need none of those keys. */
const CLAUDE_CODE_TYPES = new Set([
  'summary',
  'file-history-snapshot',
  'last-prompt',
  'queue-operation',
  'custom-title',
  'tag',
]);
/** Conversation entry types, which say "a Claude Code entry" together with a `message` or `content`. */
const CONVERSATION_TYPES = new Set(['user', 'assistant', 'system', 'attachment', 'progress']);
/** The same keys, quoted as they appear in a line too damaged to parse. */
export const CLAUDE_CODE_KEY_TEXT = /"(?:parentUuid|sessionId|isSidechain|leafUuid)"\s*:/;

export function hasClaudeCodeEvidence(v: Record<string, unknown>): boolean {
  if (CLAUDE_CODE_KEYS.some((k) => Object.hasOwn(v, k))) return true;
  if (typeof v.type !== 'string') return false;
  return (
    CLAUDE_CODE_TYPES.has(v.type) ||
    (CONVERSATION_TYPES.has(v.type) && (Object.hasOwn(v, 'message') || Object.hasOwn(v, 'content')))
  );
}
