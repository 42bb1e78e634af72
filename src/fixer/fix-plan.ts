// FixPlan: the one way rules build fixes. A finding names a block of the compiled request or a stored entry; its fix
// edits stored entries. A plan gathers every edit one rule makes for one finding (or one message), and turns them
// into the Edit list the fix engine applies all or nothing: removing every block of an entry removes the entry, the
// children of removed entries hang off their nearest surviving ancestor, and inserted entries keep the walk as it was
// (chain-edits.ts). Rules never write raw edits.
import { SHELL_LINE } from '../model/lines.js';
import { isObject, isUserPrompt, messageOf } from '../model/entries.js';
import type { TranscriptStorage } from '../model/index.js';
import type { ApiBlock, ApiMessage, Entry } from '../model/types.js';
import { removeBlocksAcross } from './block-edits.js';
import {
  type InsertOptions,
  insertAfterEntry,
  insertRootBefore,
  markerEdit,
  newEntry,
  removeEntries,
} from './chain-edits.js';
import type { Edit, Fixability, FixDescriptor } from './edits.js';
import { pushAll } from '../model/arrays.js';

export type { InsertOptions } from './chain-edits.js';

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
export function storedSite(model: TranscriptStorage, b: ApiBlock): StoredSite | undefined {
  if (b.origin.synthetic) return undefined;
  const entry = model.entryAtLine(b.origin.line);
  if (!entry) return undefined;
  const i = b.origin.blockIndex;
  if (entry.type === 'attachment') {
    return i === undefined ? undefined : { kind: 'element', entry, array: '/rendered', index: i };
  }
  if (entry.type === 'system')
    return i === undefined && typeof entry.raw.content === 'string' ? { kind: 'whole', entry } : undefined;
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
  /** Edits made as they are (lines, request fields, inserts, markers), after the planned ones, in the order made. */
  private readonly direct: Edit[] = [];
  private memo?: Edit[];

  constructor(private readonly model: TranscriptStorage) {}

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
    return site.kind === 'whole'
      ? this.removeEntry(site.entry)
      : this.removeElement(site.entry, site.array, site.index);
  }

  set(entry: Entry, pointer: string, value: unknown): this {
    let sets = this.sets.get(entry);
    if (!sets) this.sets.set(entry, (sets = new Map()));
    sets.set(pointer, value);
    return this.changed();
  }

  /** Remove the value at `pointer` in the entry (an object member). */
  remove(entry: Entry, pointer: string): this {
    return this.add({ kind: 'remove', line: entry.line, pointer });
  }

  /** Set the entry's whole message content (a reorder, say). */
  setContent(entry: Entry, content: unknown[]): this {
    return this.add({ kind: 'set', line: entry.line, pointer: CONTENT, value: content });
  }

  /**
   * Remove blocks of several entries (indexes into message.content); an entry left without blocks goes, whatever it
   * is, its children re-linked to the nearest ancestor that stays.
   */
  removeBlocks(targets: ReadonlyMap<Entry, readonly number[]>): this {
    return this.add(...removeBlocksAcross(this.model, targets));
  }

  /** Drop a line of the file (one that is no entry: torn, garbage). */
  deleteLine(line: number): this {
    return this.add({ kind: 'delete', line });
  }

  /** Write a line that is no entry as other text (the same line without its NUL bytes, say). */
  replaceLineText(line: number, text: string): this {
    return this.add({ kind: 'replaceText', line, text });
  }

  /** Set a field of the request itself (`/tools/0/name`), for inputs that are requests. */
  setRequestField(pointer: string, value: unknown): this {
    return this.add({ kind: 'set', line: SHELL_LINE, pointer, value });
  }

  /** Remove a field of the request itself (`/tools/3`), for inputs that are requests. */
  removeRequestField(pointer: string): this {
    return this.add({ kind: 'remove', line: SHELL_LINE, pointer });
  }

  /**
   * Insert a new entry right after `anchor`, in the file and in the tree (see chain-edits.ts). Its uuid, or undefined
   * when no place leaves the rest of the walk as it was (then nothing is added).
   */
  insertAfter(anchor: Entry, options: InsertOptions): string | undefined {
    const inserted = insertAfterEntry(this.model, anchor, options);
    if (!inserted) return undefined;
    this.add(...inserted.edits);
    return inserted.uuid;
  }

  /** Insert a new root entry before `first`, which then hangs below it (see chain-edits.ts); as insertAfter. */
  insertRootBefore(first: Entry, options: InsertOptions): string | undefined {
    const inserted = insertRootBefore(this.model, first, options);
    if (!inserted) return undefined;
    this.add(...inserted.edits);
    return inserted.uuid;
  }

  /**
   * Insert a new entry after line `line` (anywhere in the file), hanging below `parentUuid`, with the session fields
   * of `near` and a timestamp `deltaMs` from its own; no existing link changes. For places insertAfter cannot reach
   * (a preserved segment's entries live before their boundary, a result for them must follow it; an entry that
   * others name, brought back with `options.uuid`). Its uuid.
   */
  insertEntryAfterLine(
    line: number,
    near: Entry,
    parentUuid: string | null,
    options: InsertOptions,
    deltaMs = 1,
  ): string {
    const { value, uuid } = newEntry(near, parentUuid, deltaMs, options);
    this.add({ kind: 'insertAfter', line, value });
    return uuid;
  }

  /** Write (or extend) transcript-lint's marker field on a changed entry. */
  mark(entry: Entry, ruleId: string, fields: Record<string, unknown>): this {
    return this.add(markerEdit(entry, ruleId, fields));
  }

  get empty(): boolean {
    return this.removals.size === 0 && this.sets.size === 0 && this.dropped.size === 0 && this.direct.length === 0;
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
    if (
      blocks.length === 0
        ? !m.entries.some((e) => this.isDropped(e))
        : !blocks.every((b) => this.isRemoved(storedSite(this.model, b)))
    ) {
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
      const arrays = [...(this.removals.get(entry) ?? new Map<string, Set<number>>())].sort(
        (a, b) => depth(b[0]) - depth(a[0]),
      );
      const removed = arrays.flatMap(([array, indexes]) => [...indexes].map((i) => `${array}/${i}`));
      const gone = (p: string): boolean => removed.some((r) => p === r || p.startsWith(r + '/'));
      for (const [pointer, value] of this.sets.get(entry) ?? []) {
        if (!gone(pointer)) edits.push({ kind: 'set', line: entry.line, pointer, value });
      }
      for (const [array, indexes] of arrays) {
        if (gone(array)) continue;
        for (const i of [...indexes].sort((a, b) => b - a))
          edits.push({ kind: 'remove', line: entry.line, pointer: `${array}/${i}` });
      }
    }

    // Removing entries reads the stored links (built once per model): only when there is one to remove.
    if (dropped.size > 0) pushAll(edits, removeEntries(this.model, dropped));
    pushAll(edits, this.direct);
    this.memo = edits;
    return edits;
  }

  fix(applicability: Fixability, description: string): FixDescriptor | undefined {
    const edits = this.edits();
    return edits.length === 0 ? undefined : { applicability, description, edits };
  }

  private add(...edits: Edit[]): this {
    pushAll(this.direct, edits);
    return this.changed();
  }

  private changed(): this {
    this.memo = undefined;
    return this;
  }
}
