// A Qwen Code session's records as 0.24.4 validates them (transcript-records.ts `validateTranscriptRecord`): an
// object with a non-empty string `uuid`, a `parentUuid` that is a string or null, a non-empty string `sessionId`
// and a `type` of user, assistant, tool_result or system; any other object is skipped. `message` keeps only its
// `role` (a string) and `parts` (an array).
import type { SourceFile } from '../../loader/read-jsonl.js';
import { isObj, type Obj, readLine } from './lines.js';

export const RECORD_TYPES = new Set(['user', 'assistant', 'tool_result', 'system']);
/** System records that are not conversation records (they never end or join the chain). */
const NON_CONVERSATION_SUBTYPES = new Set([
  'session_sources_snapshot',
  'managed_session_header_v1',
  'managed_session_event_v1',
  'managed_session_commit_v1',
  'session_artifact_event',
  'session_artifact_snapshot',
]);

export interface Part extends Obj {
  text?: unknown;
  thought?: unknown;
  functionCall?: { id?: unknown; name?: unknown; args?: unknown };
  functionResponse?: { id?: unknown; name?: unknown; response?: unknown; parts?: unknown };
}

export interface QwenMessage {
  role?: string;
  parts?: (Part | string)[];
}

export interface QwenRecord {
  /** The 1-based file line it was read from. */
  line: number;
  /** Its place among the objects of that line (a damaged line can hold several). */
  slot: number;
  /** Whether the line held this record alone, as written (not recovered from a damaged line). */
  whole: boolean;
  raw: Obj;
  uuid: string;
  parentUuid: string | null;
  sessionId: string;
  type: string;
  subtype?: string;
  message?: QwenMessage;
}

/** An object some line holds that Qwen skips: not a record (no identity, an unknown type). */
export interface SkippedObject {
  line: number;
  raw: Obj;
  why: 'identity' | 'type';
}

export interface ReadRecords {
  records: QwenRecord[];
  skipped: SkippedObject[];
  /** Lines Qwen does not read whole: not JSON, torn, padded, two records run together, not an object. */
  damaged: { line: number; objects: number }[];
}

function normalisedMessage(value: unknown): QwenMessage | undefined {
  if (!isObj(value)) return undefined;
  const m: QwenMessage = {};
  if (typeof value.role === 'string') m.role = value.role;
  if (Array.isArray(value.parts)) m.parts = value.parts as (Part | string)[];
  return m;
}

export function readRecords(file: SourceFile): ReadRecords {
  const out: ReadRecords = { records: [], skipped: [], damaged: [] };
  for (const line of file.lines) {
    if (line.blank) continue;
    const read = readLine(line);
    if (!read) continue;
    if (!read.complete) out.damaged.push({ line: line.lineNo, objects: read.objects.length });
    read.objects.forEach((raw, slot) => {
      const { uuid, parentUuid, sessionId, type } = raw;
      if (
        typeof uuid !== 'string' ||
        uuid.length === 0 ||
        (typeof parentUuid !== 'string' && parentUuid !== null) ||
        typeof sessionId !== 'string' ||
        sessionId.length === 0
      ) {
        out.skipped.push({ line: line.lineNo, raw, why: 'identity' });
        return;
      }
      if (typeof type !== 'string' || !RECORD_TYPES.has(type)) {
        out.skipped.push({ line: line.lineNo, raw, why: 'type' });
        return;
      }
      const record: QwenRecord = {
        line: line.lineNo,
        slot,
        whole: read.complete,
        raw,
        uuid,
        parentUuid,
        sessionId,
        type,
      };
      if (typeof raw.subtype === 'string') record.subtype = raw.subtype;
      const message = normalisedMessage(raw.message);
      if (message) record.message = message;
      out.records.push(record);
    });
  }
  return out;
}

/** Whether the record can end the chain and be walked through (transcript-records.ts `isTranscriptConversationRecord`). */
export function isConversationRecord(r: QwenRecord): boolean {
  return !(r.type === 'system' && r.subtype !== undefined && NON_CONVERSATION_SUBTYPES.has(r.subtype));
}
