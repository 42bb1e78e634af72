// A Claude Code session's entries: a thin, lossless view over its parsed lines, one entry per JSON object line.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { type LazyFields, lazyNested, type ShallowSource } from '../../loader/shallow-objects.js';
import type { Entry } from '../../model/types.js';

/**
 * Entry types whose nested content the chain, the compiler or a rule reads: every other type (progress,
 * file-history-snapshot, queue-operation, types of other versions) is kept shallow, its nested values parsed again
 * only if something reads them. An entry without a type is kept whole: it may be a damaged message.
 */
const READ_WHOLE = new Set(['user', 'assistant', 'attachment', 'system', 'summary', 'last-prompt']);

/**
 * The top-level fields of a metadata line (progress, file-history-snapshot, ...) that the chain reads (chain.ts's
 * newestDescendant reads a timestamp): every other field, scalars too, is a getter that parses the line again.
 */
const METADATA_READ = new Set([
  'type',
  'uuid',
  'parentUuid',
  'logicalParentUuid',
  'isSidechain',
  'sessionId',
  'timestamp',
  'agentId',
  'leafUuid',
]);
const metadataFields: LazyFields = Object.assign((key: string) => !METADATA_READ.has(key), { scalars: true });

/**
 * `toolUseResult`: Claude Code's own record of a tool's output beside the tool_result it sends (often the whole file
 * or diff again: a fifth of a real session's bytes). Nothing here reads it, and it is never sent.
 */
const unsentRecord: LazyFields = (key) => key === 'toolUseResult';

/**
 * An attachment's `attachment`: Claude Code's own record of what it attached (a `prompt_snapshot` holds the whole
 * prompt again: most of an attachment line's bytes). What it sends is `rendered`, which is kept.
 */
const attachmentRecord: LazyFields = (key) => key === 'attachment';

/**
 * An assistant reply's `message.usage` (its token counts, ~300 bytes parsed: 1.3 MB of a 50 MB session's heap): only
 * context-budget reads it, and only on the last reply, so it is kept as a getter that parses the line again.
 */
const USAGE = ['message', 'usage'] as const;

/**
 * The nested fields of a session line that are kept as getters (see ShallowLines); an assistant reply's usage is
 * made a getter here, below the top level.
 */
export function unreadFields(json: Record<string, unknown>, source: ShallowSource): LazyFields | undefined {
  if (typeof json.type !== 'string') return undefined;
  if (!READ_WHOLE.has(json.type)) return metadataFields;
  if (json.type === 'assistant') {
    lazyNested(json, USAGE, source);
    return undefined;
  }
  if (json.type === 'attachment') return isNested(json.attachment) ? attachmentRecord : undefined;
  return json.type === 'user' && isNested(json.toolUseResult) ? unsentRecord : undefined;
}

/** An object or array: what a shallow object can keep as a getter. */
function isNested(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

export function buildEntries(file: SourceFile): Entry[] {
  const entries: Entry[] = [];
  for (const line of file.lines) {
    const raw = line.json;
    if (!raw) continue;
    entries.push({
      line: line.lineNo,
      index: entries.length,
      type: typeof raw.type === 'string' ? raw.type : '',
      uuid: typeof raw.uuid === 'string' ? raw.uuid : undefined,
      parentUuid: readParent(raw.parentUuid),
      isSidechain: raw.isSidechain === true,
      raw,
      // Present from the start, so that every entry has one shape (see Entry.facts).
      facts: 0,
      messageId: null,
    });
  }
  return entries;
}

function readParent(value: unknown): string | null | undefined {
  if (value === null) return null;
  return typeof value === 'string' ? value : undefined;
}
