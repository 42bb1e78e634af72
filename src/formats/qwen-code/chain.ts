// The history Qwen Code 0.24.4 resumes (transcript-records.ts `prepareTranscriptRecords`): the leaf is the last
// conversation record; the walk follows parentUuid from it through the first record of each uuid and stops at a
// parent no record has (a gap: everything before it is left out, with only a debug-log warning), at a cycle, or at
// a null parent. Records sharing a uuid are fragments of one message: their parts are joined in file order. A file
// whose records carry two session ids is refused ("Transcript records contain multiple session ids.").
import { isConversationRecord, type QwenMessage, type QwenRecord } from './records.js';
import { appendTo } from '../../model/arrays.js';

export interface ChainGap {
  /** The record whose parent is missing (the first one resume keeps). */
  child: QwenRecord;
  missingParent: string;
}

/** A message of the resumed history: the first record of its uuid, and every record of that uuid (fragments). */
export interface ChainStep {
  record: QwenRecord;
  fragments: QwenRecord[];
  message?: QwenMessage;
}

export interface QwenChain {
  /** Set when Qwen refuses the file: then `steps` is empty. */
  mixedSessions?: string[];
  steps: ChainStep[];
  gaps: ChainGap[];
  /** A record the walk met twice. */
  cycle?: QwenRecord;
}

/** The fragments' messages joined: the first one's role, every fragment's parts in order. */
function joinedMessage(fragments: readonly QwenRecord[]): QwenMessage | undefined {
  let message: QwenMessage | undefined;
  for (const f of fragments) {
    if (f.message === undefined) continue;
    message =
      message === undefined
        ? { ...f.message, parts: [...(f.message.parts ?? [])] }
        : { role: message.role, parts: [...(message.parts ?? []), ...(f.message.parts ?? [])] };
  }
  return message;
}

export function walkChain(records: readonly QwenRecord[]): QwenChain {
  const sessions = [...new Set(records.map((r) => r.sessionId))];
  if (sessions.length > 1) return { mixedSessions: sessions, steps: [], gaps: [] };
  let leaf: QwenRecord | undefined;
  for (let i = records.length - 1; i >= 0 && !leaf; i--) if (isConversationRecord(records[i]!)) leaf = records[i];
  if (!leaf) return { steps: [], gaps: [] };
  const fragments = new Map<string, QwenRecord[]>();
  for (const r of records) {
    if (!isConversationRecord(r)) continue;
    appendTo(fragments, r.uuid, r);
  }
  const steps: ChainStep[] = [];
  const gaps: ChainGap[] = [];
  const visited = new Set<string>();
  let cycle: QwenRecord | undefined;
  let uuid: string | null = leaf.uuid;
  while (uuid) {
    const list = fragments.get(uuid);
    if (!list) break;
    const record = list[0]!;
    if (visited.has(uuid)) {
      cycle = record;
      break;
    }
    visited.add(uuid);
    steps.push({ record, fragments: list, message: joinedMessage(list) });
    if (!record.parentUuid) break;
    if (!fragments.has(record.parentUuid)) {
      gaps.push({ child: record, missingParent: record.parentUuid });
      break;
    }
    uuid = record.parentUuid;
  }
  steps.reverse();
  return cycle ? { steps, gaps, cycle } : { steps, gaps };
}
