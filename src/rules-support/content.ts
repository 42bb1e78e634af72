// Shared helpers for the request-view content rules (thinking, empty content, internal blocks, media limits):
// walking the blocks of the merged request, pointers back into an entry, cheap media header parsing that decodes
// only the few bytes it needs from a base64 string, and fix plans that turn findings into edits of stored entries.
import { removeEntries } from '../fixer/chain-edits.js';
import type { Edit } from '../fixer/edits.js';
import { isArrayField } from '../loader/lazy-strings.js';
import type { ApiBlock, ApiMessage } from '../model/types.js';
import { type Entry, isObject, isUserPrompt, messageOf } from '../model/entries.js';
import type { TranscriptModel } from '../model/index.js';
import type { Fixability, FixDescriptor, ReportDescriptor, RuleContext } from '../sdk/rule-api.js';

export type Obj = Record<string, unknown>;

/** The messages the API pairs and alternates: everything but Claude Code's `role:"system"` messages. */
export function conversational(merged: readonly ApiMessage[]): ApiMessage[] {
  return merged.filter((m) => m.role !== 'system');
}

/** The message the request ends with (system messages aside), if any. */
export function finalMessage(merged: readonly ApiMessage[]): ApiMessage | undefined {
  for (let i = merged.length - 1; i >= 0; i--) if (merged[i]!.role !== 'system') return merged[i];
  return undefined;
}

export const isThinkingType = (type: unknown): boolean => type === 'thinking' || type === 'redacted_thinking';

export const isThinkingBlock = (b: ApiBlock): boolean => isThinkingType(b.block.type);

/** An empty or whitespace-only text block (a text block whose `text` is not a string counts as empty). */
export const isBlankText = (b: ApiBlock): boolean =>
  b.block.type === 'text' && (typeof b.block.text !== 'string' || b.block.text.trim() === '');

/** RFC 6901 pointer to a block in its entry: `/message/content/3`, or `/message/content` for string content. */
export function blockPointer(b: ApiBlock, ...inner: (string | number)[]): string {
  const base = b.origin.blockIndex === undefined ? '/message/content' : `/message/content/${b.origin.blockIndex}`;
  return inner.length === 0 ? base : `${base}/${inner.join('/')}`;
}

/** Where a block (or a block nested in a tool_result) sits in the file. */
export interface BlockSite {
  block: Obj;
  /** The top-level block of the message holding it (the tool_result, for a nested block). */
  outer: ApiBlock;
  message: ApiMessage;
  /** Index in the tool_result's content, for a nested block. */
  nestedIndex?: number;
  line: number;
  blockIndex?: number;
  pointer: string;
}

/**
 * Every non-synthetic block of the conversational messages, in request order, followed (right after each
 * tool_result) by the blocks of its array content.
 */
export function* requestBlocks(merged: readonly ApiMessage[], opts: { nested?: boolean } = {}): Generator<BlockSite> {
  for (const message of merged) {
    if (message.role === 'system') continue;
    for (const outer of message.blocks) {
      if (outer.origin.synthetic) continue;
      yield { block: outer.block, outer, message, line: outer.origin.line, blockIndex: outer.origin.blockIndex, pointer: blockPointer(outer) };
      if (!opts.nested || outer.block.type !== 'tool_result' || !isArrayField(outer.block, 'content')) continue;
      const content = outer.block.content as unknown[];
      for (let j = 0; j < content.length; j++) {
        const inner = content[j];
        if (!isObject(inner)) continue;
        yield {
          block: inner,
          outer,
          message,
          nestedIndex: j,
          line: outer.origin.line,
          blockIndex: outer.origin.blockIndex,
          pointer: blockPointer(outer, 'content', j),
        };
      }
    }
  }
}

/** The `source` of an image/document block when it is inline base64; `data` may be anything. */
export function base64Source(block: Obj): { mediaType?: string; data: unknown } | undefined {
  const source = block.source;
  if (!isObject(source) || source.type !== 'base64') return undefined;
  return { mediaType: typeof source.media_type === 'string' ? source.media_type : undefined, data: source.data };
}

/** "8MB", "5.3MB", "700KB": the way Claude Code formats a size in its image error. */
export function formatSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${trimDecimal(kb)}KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${trimDecimal(mb)}MB`;
  return `${trimDecimal(mb / 1024)}GB`;
}

function trimDecimal(n: number): string {
  return n.toFixed(1).replace(/\.0$/, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Random access into base64 data: byte k lives in the 4-character group starting at char floor(k / 3) * 4, so a
// header field can be read without decoding the image. Only plain, unbroken base64 is read this way; anything else
// (a data: URL prefix, line breaks) gives "unknown" rather than a wrong answer.

const B64_HEAD = /^[A-Za-z0-9+/_-]{16}/;

export class Base64Reader {
  readonly byteLength: number;

  constructor(private readonly data: string) {
    let pad = 0;
    if (data.endsWith('==')) pad = 2;
    else if (data.endsWith('=')) pad = 1;
    this.byteLength = Math.floor((data.length * 3) / 4) - pad;
  }

  static of(data: unknown): Base64Reader | undefined {
    return typeof data === 'string' && B64_HEAD.test(data) ? new Base64Reader(data) : undefined;
  }

  /** `length` bytes from byte `start`, or undefined past the end. */
  bytes(start: number, length: number): Uint8Array | undefined {
    if (start < 0 || length < 0 || start + length > this.byteLength) return undefined;
    const c0 = Math.floor(start / 3) * 4;
    const c1 = Math.min(this.data.length, Math.ceil((start + length) / 3) * 4);
    const chunk = this.data.slice(c0, c1);
    if (/[^A-Za-z0-9+/_=-]/.test(chunk)) return undefined;
    const decoded = Buffer.from(chunk, 'base64');
    const skip = start - (c0 / 4) * 3;
    if (decoded.length < skip + length) return undefined;
    return decoded.subarray(skip, skip + length);
  }
}

export interface ImageSize {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const eq = (b: Uint8Array | undefined, ...want: number[]): boolean => !!b && want.every((x, i) => b[i] === x);
const ascii = (b: Uint8Array | undefined, s: string): boolean => !!b && [...s].every((c, i) => b[i] === c.charCodeAt(0));

/** Pixel size from the header of a PNG, JPEG, GIF or WebP held as base64; undefined when it cannot tell. */
export function imageSize(data: unknown): ImageSize | undefined {
  const r = Base64Reader.of(data);
  if (!r) return undefined;
  const head = r.bytes(0, Math.min(30, r.byteLength));
  if (!head) return undefined;
  if (eq(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) && head.length >= 24 && ascii(head.subarray(12), 'IHDR')) {
    const v = new DataView(head.buffer, head.byteOffset, head.length);
    return { format: 'png', width: v.getUint32(16), height: v.getUint32(20) };
  }
  if (ascii(head, 'GIF8') && head.length >= 10) {
    return { format: 'gif', width: head[6]! | (head[7]! << 8), height: head[8]! | (head[9]! << 8) };
  }
  if (ascii(head, 'RIFF') && ascii(head.subarray(8), 'WEBP') && head.length >= 30) return webpSize(head);
  if (eq(head, 0xff, 0xd8)) return jpegSize(r);
  return undefined;
}

function webpSize(b: Uint8Array): ImageSize | undefined {
  if (ascii(b.subarray(12), 'VP8X')) {
    return { format: 'webp', width: 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16)), height: 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16)) };
  }
  if (ascii(b.subarray(12), 'VP8L') && b[20] === 0x2f) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b.subarray(12), 'VP8 ') && eq(b.subarray(23), 0x9d, 0x01, 0x2a)) {
    return { format: 'webp', width: (b[26]! | (b[27]! << 8)) & 0x3fff, height: (b[28]! | (b[29]! << 8)) & 0x3fff };
  }
  return undefined;
}

/** Walks the JPEG segments (reading 4 bytes per segment header) up to the first start-of-frame marker. */
function jpegSize(r: Base64Reader): ImageSize | undefined {
  let pos = 2;
  for (let steps = 0; steps < 1024; steps++) {
    const h = r.bytes(pos, 4);
    if (!h || h[0] !== 0xff) return undefined;
    const marker = h[1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan data before any frame header
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      const f = r.bytes(pos + 5, 4);
      if (!f) return undefined;
      return { format: 'jpeg', height: (f[0]! << 8) | f[1]!, width: (f[2]! << 8) | f[3]! };
    }
    const len = (h[2]! << 8) | h[3]!;
    if (len < 2) return undefined;
    pos += 2 + len;
  }
  return undefined;
}

/**
 * The page count of a PDF held as base64, when the file states it in the clear: the `/Count` of its `/Pages` tree
 * (the root's is the largest), else the number of `/Type /Page` objects. Undefined when the data is over
 * `maxBase64` characters (not decoded), not a PDF, or keeps its objects in compressed object streams.
 */
export function pdfPageCount(data: unknown, maxBase64: number): number | undefined {
  if (typeof data !== 'string' || data.length === 0 || data.length > maxBase64) return undefined;
  const r = Base64Reader.of(data);
  if (!r || !ascii(r.bytes(0, 5), '%PDF-')) return undefined;
  const text = Buffer.from(data, 'base64').toString('latin1');
  let count: number | undefined;
  const pagesRe = /\/Type\s*\/Pages(?![A-Za-z0-9])/g;
  for (let m = pagesRe.exec(text); m; m = pagesRe.exec(text)) {
    const open = text.lastIndexOf('<<', m.index);
    const close = text.indexOf('>>', m.index);
    if (open === -1 || close === -1) continue;
    const c = /\/Count\s+(\d+)/.exec(text.slice(open, close));
    if (c) count = Math.max(count ?? 0, Number(c[1]));
  }
  if (count !== undefined) return count;
  const pageRe = /\/Type\s*\/Page(?![A-Za-z0-9])/g;
  let pages = 0;
  while (pageRe.exec(text)) pages++;
  return pages > 0 ? pages : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Fix plans. A request-view finding names a block of the compiled request; its fix edits the stored entry. All the
// edits one rule makes to one message are gathered in a plan, and every report of that message carries the same
// edit list, so the fix engine applies them together in one pass (identical edits do not conflict). Removing every
// block of an entry removes the entry, and the children of removed entries hang off their nearest surviving
// ancestor (as `removeEntry` does for one entry, but safe for several linked entries at once).

/** What Claude Code 2.1.332 sends in place of an empty user prompt (claude-code-observed.md). */
export const NO_CONTENT_PLACEHOLDER = '(no content)';

/** Placeholder text written in place of removed content, so a reader (and the model) can tell what was there. */
export const placeholder = (what: string): string => `[transcript-lint: ${what}]`;

/** Where a block of the request is stored: an element of an array in the entry, or the entry's whole content. */
export type StoredSite =
  | { kind: 'element'; entry: Entry; array: string; index: number }
  | { kind: 'whole'; entry: Entry };

/** The stored place of a request block, or undefined when the block cannot be traced back to one. */
export function storedSite(model: TranscriptModel, b: ApiBlock): StoredSite | undefined {
  if (b.origin.synthetic) return undefined;
  const entry = model.entryAtLine(b.origin.line);
  if (!entry) return undefined;
  const i = b.origin.blockIndex;
  if (entry.type === 'attachment') {
    return i === undefined ? undefined : { kind: 'element', entry, array: '/rendered', index: i };
  }
  if (entry.type === 'system') return i === undefined && typeof entry.raw.content === 'string' ? { kind: 'whole', entry } : undefined;
  if (entry.type !== 'user' && entry.type !== 'assistant') return undefined;
  const content = messageOf(entry)?.content;
  if (i === undefined) return typeof content === 'string' ? { kind: 'whole', entry } : undefined;
  if (!Array.isArray(content)) return undefined;
  const stored: unknown = content[i];
  // The compiler keeps the stored object (a merge seam copies it): the type must still match.
  if (!isObject(stored) || stored.type !== b.block.type) return undefined;
  return { kind: 'element', entry, array: '/message/content', index: i };
}


/** The stored content array of a user or assistant entry, when it is one. */
export function storedContent(entry: Entry | undefined): unknown[] | undefined {
  if (!entry || (entry.type !== 'user' && entry.type !== 'assistant')) return undefined;
  const content = messageOf(entry)?.content;
  return Array.isArray(content) ? content : undefined;
}


const CONTENT = '/message/content';
const depth = (pointer: string): number => pointer.split('/').length;

export class FixPlan {
  private readonly removals = new Map<Entry, Map<string, Set<number>>>();
  private readonly sets = new Map<Entry, Map<string, unknown>>();
  private readonly dropped = new Set<Entry>();
  private memo?: Edit[];

  constructor(private readonly model: TranscriptModel) {}

  /** Remove a whole entry (its children re-linked to its nearest surviving ancestor). */
  removeEntry(entry: Entry): this {
    this.dropped.add(entry);
    return this.changed();
  }

  /** Remove element `index` of the array at `array` (a pointer into the entry). */
  removeElement(entry: Entry, array: string, index: number): this {
    let arrays = this.removals.get(entry);
    if (!arrays) this.removals.set(entry, (arrays = new Map()));
    let indexes = arrays.get(array);
    if (!indexes) arrays.set(array, (indexes = new Set()));
    indexes.add(index);
    return this.changed();
  }

  /** Remove a block where it is stored: its element, or the entry when the block is the entry's whole content. */
  removeSite(site: StoredSite): this {
    return site.kind === 'whole' ? this.removeEntry(site.entry) : this.removeElement(site.entry, site.array, site.index);
  }

  set(entry: Entry, pointer: string, value: unknown): this {
    let sets = this.sets.get(entry);
    if (!sets) this.sets.set(entry, (sets = new Map()));
    sets.set(pointer, value);
    return this.changed();
  }

  get empty(): boolean {
    return this.removals.size === 0 && this.sets.size === 0 && this.dropped.size === 0;
  }

  /** The plan takes everything out of the entry (or removes it outright). */
  private empties(entry: Entry): boolean {
    if (this.dropped.has(entry)) return true;
    const content = storedContent(entry);
    const removed = this.removals.get(entry)?.get(CONTENT);
    if (!content || !removed || content.length === 0) return false;
    let n = 0;
    for (const i of removed) if (i < content.length) n++;
    return n >= content.length;
  }

  /** The prompt the plan empties keeps "(no content)" instead of going. */
  private keepsPlaceholder(entry: Entry): boolean {
    return this.empties(entry) && isUserPrompt(entry);
  }

  /** The entry goes. A user prompt never does: a person wrote it, and it may start the history or a turn. */
  isDropped(entry: Entry): boolean {
    return this.empties(entry) && !isUserPrompt(entry);
  }

  isRemoved(site: StoredSite | undefined): boolean {
    if (!site) return false;
    if (this.empties(site.entry)) return true;
    return site.kind === 'element' && (this.removals.get(site.entry)?.get(site.array)?.has(site.index) ?? false);
  }

  /**
   * A user turn is never emptied. A prompt the plan empties keeps Claude Code's own placeholder, "(no content)",
   * as its content (see isDropped). A user message without a prompt (meta entries, attachments) that the plan
   * would empty keeps "(no content)" in its first user entry, so the turn still separates the assistant messages
   * around it and the request still starts with a user message.
   */
  keepUserTurn(m: ApiMessage): this {
    if (m.role !== 'user' || m.entries.some(isUserPrompt)) return this;
    const blocks = m.blocks.filter((b) => !b.origin.synthetic);
    if (blocks.length === 0 ? !m.entries.some((e) => this.isDropped(e)) : !blocks.every((b) => this.isRemoved(storedSite(this.model, b)))) {
      return this;
    }
    const keeper = m.entries.find((e) => e.type === 'user');
    if (!keeper) return this;
    this.dropped.delete(keeper);
    this.removals.delete(keeper);
    this.sets.delete(keeper);
    return this.set(keeper, CONTENT, NO_CONTENT_PLACEHOLDER);
  }

  /** The plan as edits: sets, then array removals (deepest first, highest index first), then deletes and re-links. */
  edits(): Edit[] {
    if (this.memo) return this.memo;
    const edits: Edit[] = [];
    const touched = new Set<Entry>([...this.sets.keys(), ...this.removals.keys(), ...this.dropped]);
    const dropped = new Set([...touched].filter((e) => this.isDropped(e)));
    const byLine = [...touched].sort((a, b) => a.line - b.line);

    for (const entry of byLine) {
      if (dropped.has(entry)) continue;
      if (this.keepsPlaceholder(entry)) {
        edits.push({ kind: 'set', line: entry.line, pointer: CONTENT, value: NO_CONTENT_PLACEHOLDER });
        continue;
      }
      const arrays = [...(this.removals.get(entry) ?? new Map<string, Set<number>>())].sort((a, b) => depth(b[0]) - depth(a[0]));
      const removed = arrays.flatMap(([array, indexes]) => [...indexes].map((i) => `${array}/${i}`));
      const gone = (p: string): boolean => removed.some((r) => p === r || p.startsWith(r + '/'));
      for (const [pointer, value] of this.sets.get(entry) ?? []) {
        if (!gone(pointer)) edits.push({ kind: 'set', line: entry.line, pointer, value });
      }
      for (const [array, indexes] of arrays) {
        if (gone(array)) continue;
        for (const i of [...indexes].sort((a, b) => b - a)) edits.push({ kind: 'remove', line: entry.line, pointer: `${array}/${i}` });
      }
    }

    edits.push(...removeEntries(this.model, dropped));
    this.memo = edits;
    return edits;
  }

  fix(applicability: 'safe' | 'unsafe', description: string): FixDescriptor | undefined {
    const edits = this.edits();
    return edits.length === 0 ? undefined : { applicability, description, edits };
  }

  private changed(): this {
    this.memo = undefined;
    return this;
  }
}

/**
 * Reports whose fixes come from plans: the reports are held until every finding has added to its plan, then sent
 * with their plan's final edits.
 */
export class PlannedReports<M extends string> {
  private readonly plans = new Map<unknown, FixPlan>();
  private readonly pending: { descriptor: ReportDescriptor<M>; plan?: FixPlan; applicability: Fixability; description: string }[] = [];

  constructor(private readonly model: TranscriptModel) {}

  /** The plan for a key (one per message, usually), created on first use. */
  plan(key: unknown): FixPlan {
    let plan = this.plans.get(key);
    if (!plan) this.plans.set(key, (plan = new FixPlan(this.model)));
    return plan;
  }

  /** The plan for a key, if one was made. */
  existing(key: unknown): FixPlan | undefined {
    return this.plans.get(key);
  }

  add(descriptor: ReportDescriptor<M>, fix?: { plan: FixPlan; applicability?: Fixability; description: string }): void {
    this.pending.push({ descriptor, plan: fix?.plan, applicability: fix?.applicability ?? 'safe', description: fix?.description ?? '' });
  }

  flush(ctx: RuleContext<M>): void {
    for (const p of this.pending) {
      const fix = p.plan?.fix(p.applicability, p.description);
      ctx.report(fix ? { ...p.descriptor, fix } : p.descriptor);
    }
    this.pending.length = 0;
  }
}

/** Where a block of the request (top level or inside a tool_result) is stored, as an entry and a pointer. */
export function storedPointer(model: TranscriptModel, site: BlockSite): { entry: Entry; pointer: string } | undefined {
  const outer = storedSite(model, site.outer);
  if (!outer || outer.kind !== 'element') return undefined;
  const base = `${outer.array}/${outer.index}`;
  return { entry: outer.entry, pointer: site.nestedIndex === undefined ? base : `${base}/content/${site.nestedIndex}` };
}

/** "an image/png", "a PDF": the indefinite article for a noun phrase. */
export const withArticle = (noun: string): string => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);
