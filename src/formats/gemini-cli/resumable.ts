// Whether Gemini CLI 0.61.0 reads a session it would resume from some lines of a file. getAllSessionFiles lists a
// file only when loadConversationRecord gives it a sessionId and a projectHash and one message is resumable
// (isResumableMessageRecord: a user text the CLI does not ignore, or a gemini record with text, tool calls or
// thoughts); its start-up session cleanup (cleanupExpiredSessions, on by default) deletes every file it does not list,
// with every other `session-*-<same first 8>.jsonl` of the folder whose first line is not the session being started.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { contentText } from './compile.js';
import { isIgnoredUserText, type Obj } from './records.js';
import { loadSession } from './session.js';

/** The CLI's isResumableMessageRecord. */
export function isResumableMessage(raw: Obj): boolean {
  const text = raw.content ? contentText(raw.content).trim() : '';
  if (raw.type === 'user') return !isIgnoredUserText(text);
  if (raw.type === 'gemini')
    return (
      text.length > 0 ||
      (Array.isArray(raw.toolCalls) && raw.toolCalls.length > 0) ||
      (Array.isArray(raw.thoughts) && raw.thoughts.length > 0)
    );
  return false;
}

/** Whether the CLI lists a session in a file holding only `lines` (1-based) of `file`. */
export function listsSession(file: SourceFile, lines: ReadonlySet<number>): boolean {
  const skip = new Set(file.lines.map((l) => l.lineNo).filter((n) => !lines.has(n)));
  const session = loadSession(file, skip);
  return (
    typeof session.metadata.sessionId === 'string' &&
    typeof session.metadata.projectHash === 'string' &&
    session.metadata.kind !== 'subagent' &&
    session.messages.some((m) => isResumableMessage(m.raw))
  );
}
