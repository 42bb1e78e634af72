// Telling a Codex rollout from its first lines: records `{timestamp, type, payload}` of Codex's record types (a
// session_meta among them says so at once), or an old-format rollout: a `{id, timestamp}` header, then bare response
// items. Torn, garbage and BOM-prefixed lines do not hide it, and a torn line that begins as Codex writes a record
// counts as one (a file of nothing but a torn session_meta and NUL padding is still a rollout); a file of another format (Claude Code entries, message
// lists, requests) has none of these shapes.
import type { Sample } from '../sample.js';
import { isObj } from './decode.js';
import { isLegacyHeader } from './records.js';
import { ITEM_KEYS, RECORD_TYPES } from './shapes.js';

const isRecord = (v: Record<string, unknown>): boolean =>
  typeof v.type === 'string' && RECORD_TYPES.has(v.type) && Object.hasOwn(v, 'payload');
const isBareItem = (v: Record<string, unknown>): boolean =>
  typeof v.type === 'string' && ITEM_KEYS.has(v.type) && !Object.hasOwn(v, 'payload') && !Object.hasOwn(v, 'uuid');

/** How Codex serialises a record: timestamp first, then (in a paginated rollout) the ordinal, then the type. */
const RECORD_TEXT = /^\{"timestamp":"[^"]*",(?:"ordinal":\d+,)?"type":"([a-z_]+)"/;

/** The record type a line too damaged to parse begins with (NULs, blanks and a BOM before it skipped). */
function tornRecordType(text: string): string | undefined {
  const type = RECORD_TEXT.exec(text.replace(/^[\u0000\s\uFEFF]+/, ''))?.[1];
  return type !== undefined && RECORD_TYPES.has(type) ? type : undefined;
}

export function detectRollout(sample: Sample): number {
  let records = 0;
  let others = 0;
  let header = false;
  let bareItems = 0;
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const parsed = sample.parsedLine(i)!;
    if (!parsed.ok) {
      // A torn record (a crash inside it, NUL padding after it) still says whose it is.
      const torn = tornRecordType(sample.line(i)!);
      if (torn === 'session_meta' && records === 0 && others === 0) return 1;
      if (torn !== undefined) records++;
      continue;
    }
    if (!isObj(parsed.value)) continue;
    const v = parsed.value;
    if (isRecord(v)) {
      if (v.type === 'session_meta' && others === 0) return 1;
      records++;
    } else if (records === 0 && others === 0 && bareItems === 0 && isLegacyHeader(v)) {
      header = true;
    } else if (header && isBareItem(v)) {
      bareItems++;
    } else if (!(header && isObj(v) && v.record_type === 'state')) {
      others++;
    }
  }
  if (records > 0 && records >= others * 2) return 1;
  if (header && bareItems > 0 && others === 0) return 1;
  // A header alone: a rollout's only when its name says so.
  if (header && others === 0 && /^rollout-.*\.jsonl$/.test(sample.name)) return 1;
  return 0;
}
