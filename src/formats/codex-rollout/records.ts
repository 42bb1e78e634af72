// The records of a rollout: one per line that is a JSON object, with what Codex's decoder makes of it. A current
// rollout's lines are `{timestamp, ordinal?, type, payload, metadata?}`; an old one (before the record envelope) starts
// with a `{id, timestamp, instructions?}` header and holds bare response items, which are modelled here as
// response_item records whose payload is the line itself, so the item rules read both alike.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { isObj, recordError } from './decode.js';

type Obj = Record<string, unknown>;

export type Generation = 'current' | 'legacy';

export interface CodexRecord {
  /** 1-based file line. */
  line: number;
  /** Position among the records. */
  index: number;
  /** The parsed line, never modified. */
  raw: Obj;
  /** The record type ('' when it has none); a legacy item is a 'response_item', a legacy header a 'legacy_header'. */
  type: string;
  /** The payload (a legacy item's is the line itself). */
  payload: unknown;
  /** Pointer to the payload in the line: '/payload', or '' for a legacy item. */
  payloadPointer: string;
  /** Why Codex's decoder skips the record (serde's words), or undefined when it reads it. */
  error?: string;
}

/** A legacy header line: `{id, timestamp, instructions?}` with no record type. */
export function isLegacyHeader(v: unknown): v is Obj {
  return isObj(v) && typeof v.id === 'string' && typeof v.timestamp === 'string' && !Object.hasOwn(v, 'type');
}

/** Which shape the file's records have: the first object line tells (a legacy header, or anything else). */
export function generationOf(file: SourceFile): Generation {
  for (const line of file.lines) if (line.json) return isLegacyHeader(line.json) ? 'legacy' : 'current';
  return 'current';
}

export function buildRecords(file: SourceFile, generation: Generation): CodexRecord[] {
  const records: CodexRecord[] = [];
  for (const line of file.lines) {
    const raw = line.json;
    if (!raw) continue;
    const index = records.length;
    if (generation === 'legacy') {
      if (isLegacyHeader(raw as unknown)) {
        records.push({ line: line.lineNo, index, raw, type: 'legacy_header', payload: raw, payloadPointer: '' });
      } else if (typeof raw.type === 'string') {
        // A bare item, read as the payload of a response_item record would be.
        const wrapped = { timestamp: '', type: 'response_item', payload: raw };
        const error = recordError(wrapped);
        records.push({ line: line.lineNo, index, raw, type: 'response_item', payload: raw, payloadPointer: '', error });
      } else {
        records.push({
          line: line.lineNo,
          index,
          raw,
          type: '',
          payload: undefined,
          payloadPointer: '',
          error: 'not an item',
        });
      }
      continue;
    }
    const type = typeof raw.type === 'string' ? raw.type : '';
    const error = recordError(raw);
    records.push({ line: line.lineNo, index, raw, type, payload: raw.payload, payloadPointer: '/payload', error });
  }
  return records;
}
