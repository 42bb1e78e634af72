// A Gemini CLI session header cut off by a crash, written again from what is known of the session. Gemini CLI 0.61.0
// reads a session from a file only when its lines give a string sessionId and projectHash (loadConversationRecord:
// otherwise it lists no session there, and its session cleanup deletes the file at start-up). startTime and
// lastUpdated it defaults (to now, or to the file's mtime when it lists sessions), and of kind it reads only
// "subagent". projectHash is sha256 of the project root (getProjectHash); the CLI's folder of the project,
// `<tmp>/<project id>/` above `chats/`, holds that root in `.project_root`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The header fields the CLI writes, in its order. */
const FIELDS = ['sessionId', 'projectHash', 'startTime', 'lastUpdated', 'kind'] as const;

/** The complete string values of the header's fields in the text of a header cut off. */
function fieldsOf(text: string): Partial<Record<(typeof FIELDS)[number], string>> {
  const out: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const key of FIELDS) {
    const m = new RegExp(`"${key}":"([^"\\\\]*)"`).exec(text);
    if (m) out[key] = m[1]!;
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** sha256 of the project root that the folder above `chats/` records in `.project_root`, if it does. */
export function folderProjectHash(filePath: string): string | undefined {
  const chats = path.dirname(filePath);
  if (path.basename(chats) !== 'chats') return undefined;
  try {
    const root = readFileSync(path.join(path.dirname(chats), '.project_root'), 'utf8');
    return root ? createHash('sha256').update(root).digest('hex') : undefined;
  } catch {
    return undefined;
  }
}

export interface HeaderSources {
  /** The text of the header line, cut off (NUL bytes removed). */
  torn: string;
  /** The first 8 characters of the session id that the file's name gives, if it gives one. */
  nameId?: string;
  /** The session ids that `$set sessionId` lines of the file give (resume writes the file's own). */
  idSets: readonly string[];
  /** sha256 of the project root that the file's folder records. */
  folderHash?: string;
}

/** The header written again (its fields in the CLI's order), or why it cannot be. */
export function rebuiltHeader(src: HeaderSources): { header: Record<string, string> } | { why: string } {
  const known = fieldsOf(src.torn);
  const sessionId = [known.sessionId, ...src.idSets].find(
    (id) => id !== undefined && UUID.test(id) && (src.nameId === undefined || id.startsWith(src.nameId)),
  );
  if (sessionId === undefined)
    return {
      why: `its sessionId is cut off${src.nameId ? ` (the file's name gives only its first 8 characters, ${src.nameId})` : ''} and no $set line of the file gives it`,
    };
  const projectHash =
    known.projectHash !== undefined && SHA256.test(known.projectHash) ? known.projectHash : src.folderHash;
  if (projectHash === undefined)
    return { why: "its projectHash is cut off and the file's folder records no project root (../.project_root)" };
  const header: Record<string, string> = { sessionId, projectHash };
  for (const key of ['startTime', 'lastUpdated', 'kind'] as const)
    if (known[key] !== undefined) header[key] = known[key]!;
  return { header };
}
