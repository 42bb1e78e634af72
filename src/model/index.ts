// TranscriptModel: one file's entries, chain and compiled request, each built on first use and then kept. The format
// that loaded the file supplies how each is built (ModelParts): a Claude Code session from its JSONL entries and uuid
// chain, a plain input (a Messages API request or a message list, see formats/plain/source.ts) from its messages, with no
// client-side repair. The same request-view rules run on all of them.
import type { SourceFile } from '../loader/read-jsonl.js';
import { isUnreadByLimit, lineByteLength, type SourceLine } from '../loader/source-line.js';
import type { ApiView, Chain, Entry, FileLocation, PlainInput } from './types.js';
import { appendTo } from './arrays.js';

/** How a format builds its model's parts from the lines it loaded. */
export interface ModelParts {
  /** The format's id. */
  format: string;
  buildEntries(file: SourceFile): Entry[];
  buildChain(entries: readonly Entry[]): Chain;
  compile(chain: Chain, entries: readonly Entry[]): ApiView;
}

/** The model without its compiled request: what storage-view rules and the fix builders use. */
export type TranscriptStorage = Omit<TranscriptModel, 'apiView'>;

export class TranscriptModel {
  private entriesCache?: Entry[];
  private chainCache?: Chain;
  private apiViewCache?: ApiView;
  /** Entry index + 1 by line (0: no entry), or a map when lines run far past the entries (see entryAtLine). */
  private byLineCache?: Int32Array | Map<number, Entry>;
  private lastPromptsCache?: Map<string, Entry[]>;
  /** The lines left unread for their length (see hasUnreadLines). */
  private unreadCache?: SourceLine[];
  /** Their ids, by line (see unreadLineHolding). */
  private unreadIdsCache?: { lineNo: number; ids: Set<string> }[];

  /**
   * @param file the lines to model (for a JSON document, its virtual lines: see formats/plain/source.ts)
   * @param parts how the format builds entries, chain and request
   * @param plain set for a plain Messages API input (request or message list)
   */
  constructor(
    readonly file: SourceFile,
    private readonly parts: ModelParts,
    readonly plain?: PlainInput,
  ) {}

  get inputFormat(): string {
    return this.parts.format;
  }

  /**
   * Whether a line was left unread for being over --max-line-bytes (valid-json reports it). The agent reads such a
   * line, so what it holds (a parent, a leaf) may be there: a rule must not call it missing.
   */
  get hasUnreadLines(): boolean {
    this.unreadCache ??= this.file.lines.filter(isUnreadByLimit);
    return this.unreadCache.length > 0;
  }

  /**
   * The first line left unread for its length whose `key` (a uuid, a tool call's id or its result's tool_use_id, at
   * any depth) is `value`, if any. What the value names may be on that line, which the agent reads: a rule must not
   * call it missing. Each such line is scanned once, for all its ids, the first time one is asked for.
   */
  unreadLineHolding(key: UnreadIdKey, value: string): number | undefined {
    if (!this.hasUnreadLines) return undefined;
    this.unreadIdsCache ??= this.unreadCache!.map((line) => ({ lineNo: line.lineNo, ids: idsOfLine(line) }));
    // Read as Latin-1 (one character per byte): the value as its UTF-8 bytes, and as JSON may escape it.
    const forms = [Buffer.from(value, 'utf8').toString('latin1'), JSON.stringify(value).slice(1, -1)];
    for (const { lineNo, ids } of this.unreadIdsCache) {
      if (forms.some((f) => ids.has(`${key}\u0000${f}`))) return lineNo;
    }
    return undefined;
  }

  get entries(): Entry[] {
    this.entriesCache ??= this.parts.buildEntries(this.file);
    return this.entriesCache;
  }

  entryAtLine(line: number): Entry | undefined {
    const byLine = (this.byLineCache ??= lineIndex(this.entries));
    if (byLine instanceof Map) return byLine.get(line);
    const at = Number.isInteger(line) && line >= 0 && line < byLine.length ? byLine[line]! : 0;
    return at === 0 ? undefined : this.entries[at - 1];
  }

  /** The `last-prompt` entries by the leaf uuid each names, in file order. */
  lastPromptsByLeaf(): ReadonlyMap<string, readonly Entry[]> {
    if (this.lastPromptsCache) return this.lastPromptsCache;
    const byLeaf = new Map<string, Entry[]>();
    for (const e of this.entries) {
      if (e.type !== 'last-prompt' || typeof e.raw.leafUuid !== 'string') continue;
      appendTo(byLeaf, e.raw.leafUuid, e);
    }
    this.lastPromptsCache = byLeaf;
    return byLeaf;
  }

  /** Whether a later line holds the entry's uuid: then Claude Code reads that one, and this entry does not exist for it. */
  isShadowed(entry: Entry): boolean {
    if (entry.uuid === undefined) return false;
    const chain = this.chain();
    // The chain's liveness by index answers for this model's own entries without a lookup by uuid.
    if (chain.live && this.entries[entry.index] === entry) return chain.live[entry.index] === 0;
    return chain.byUuid.get(entry.uuid) !== entry;
  }

  chain(): Chain {
    this.chainCache ??= this.parts.buildChain(this.entries);
    return this.chainCache;
  }

  apiView(): ApiView {
    this.apiViewCache ??= this.parts.compile(this.chain(), this.entries);
    return this.apiViewCache;
  }

  /**
   * Where a line of the model (and a pointer into its entry) is in the real file. The identity for Claude Code
   * sessions; for a JSON document, model lines are keys (one per message) that map to the line where the message
   * (or the value at the pointer) starts.
   */
  locate(line: number, pointer?: string): FileLocation {
    if (!this.plain) return pointer === undefined ? { line } : { line, pointer };
    return this.plain.locate(line, pointer);
  }

  /** Whether a model line is a message (not a document's shell, not a line that is no message). */
  messageIndexAt(line: number): number | undefined {
    if (!this.plain) return undefined;
    if (this.plain.container === 'jsonl') return this.entryAtLine(line) ? line : undefined;
    return this.plain.messageIndex(line);
  }

  /**
   * The real line of a model line (or of a block of its message), for messages that name another line ("already
   * used on line N").
   */
  displayLine(line: number, blockIndex?: number): number {
    if (!this.plain) return line;
    return this.plain.locate(line, blockIndex === undefined ? undefined : `/message/content/${blockIndex}`).line;
  }
}

/**
 * Each line's entry, as entry index + 1 (0: none) in an array indexed by line, filled in entry order so that of two
 * entries on one line the later is found. Lines of a file's entries run to about their count (one entry a line, some
 * lines none): a line number far past that, as a JSON document's model lines may be, gets a map instead.
 */
function lineIndex(entries: readonly Entry[]): Int32Array | Map<number, Entry> {
  let last = 0;
  for (const e of entries) if (Number.isInteger(e.line) && e.line > last) last = e.line;
  const fits = entries.every((e) => Number.isInteger(e.line) && e.line >= 0);
  if (!fits || last > 4 * entries.length + 1024) return new Map(entries.map((e) => [e.line, e]));
  const byLine = new Int32Array(last + 1);
  for (let i = 0; i < entries.length; i++) byLine[entries[i]!.line] = i + 1;
  return byLine;
}

/** The keys whose values unreadLineHolding finds. */
export type UnreadIdKey = 'uuid' | 'id' | 'tool_use_id';

const ID_MEMBER = /"(uuid|id|tool_use_id)"\s*:\s*"((?:[^"\\]|\\.){1,512})"/g;

/**
 * How much of a line is searched at once, and how much of it again with the next window: only a member longer than
 * that (64 KiB of whitespace around its colon) could be missed where two windows meet.
 */
const ID_WINDOW = 1024 * 1024;
const ID_OVERLAP = 64 * 1024;

/**
 * Every `"uuid"`, `"id"` and `"tool_use_id"` string member of a line, as `key\0value` (value as written, Latin-1).
 * The line is searched a window at a time, read from the file when it is there (SourceLine.range): it can be hundreds
 * of MB, which are never held.
 */
function idsOfLine(line: SourceLine): Set<string> {
  const { range } = line;
  const length = lineByteLength(line);
  const bytes = range ? undefined : line.bytes;
  const ids = new Set<string>();
  for (let from = 0; from < length; from += ID_WINDOW - ID_OVERLAP) {
    const n = Math.min(ID_WINDOW, length - from);
    const window = bytes ? bytes.subarray(from, from + n) : range!.source.read(range!.offset + from, n, line.lineNo);
    const text = Buffer.from(window.buffer, window.byteOffset, window.byteLength).toString('latin1');
    for (const m of text.matchAll(ID_MEMBER)) ids.add(`${m[1]}\u0000${m[2]}`);
    if (from + n === length) break;
  }
  return ids;
}
