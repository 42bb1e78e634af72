// Building the fixes of Copilot sessions in Copilot's own shape. An event written by a fix is serialised as Copilot
// writes its events (compact JSON, keys in its order), gets a UUID derived from what it stands for (so a rerun writes
// the same one) and the timestamp of the event before it, and the `parentId` chain stays as Copilot keeps it: every
// event's parent is the event on the line before. So when events are inserted, moved or deleted, the event that now
// follows another gets that one's id as its parent, if its parent was the event it used to follow (a parentId that
// was already something else is session-structure's to report, and stays).
import { derivedUuid } from '../../fixer/chain-edits.js';
import { stringifyJson } from '../../fixer/deep-json.js';
import { spliceJson } from '../../fixer/splice.js';
import type { Edit, Fixability, FixDescriptor } from '../../fixer/edits.js';
import { LineEdits } from '../../fixer/line-edits.js';
import type { CopilotEvent } from './events.js';
import { lineText } from './lines.js';
import type { CopilotModel } from './model.js';
import { appendTo, pushAll } from '../../model/arrays.js';

/** A fix that removes the file's UTF-8 byte order mark; the format's writeBack knows it by its edits. */
export const BOM_STRIPS = new WeakSet<readonly Edit[]>();

/** The marker Copilot's own completions carry in `interactionId` ("resume"); ours say that transcript-lint wrote them. */
export const MARK = 'transcript-lint';

export class CopilotFixPlan extends LineEdits {
  /** New events after a line (0: before the first), in order. */
  private readonly inserted = new Map<number, Record<string, unknown>[]>();
  /** Events moved after a line (0: to the top), in order. */
  private readonly moved = new Map<number, CopilotEvent[]>();

  constructor(private readonly model: CopilotModel) {
    super();
  }

  /** A UUID for a new event, derived from the session and what the event stands for. */
  newId(...purpose: (string | number)[]): string {
    const derive = (...more: string[]) =>
      derivedUuid('copilot', this.model.folder ?? '', ...purpose.map(String), ...more);
    // Derived, so it can be an id the file already holds (an earlier fix's, copied): then another, or the fix would
    // change nothing, or make a second event of that id, and come back on every pass.
    let id = derive();
    for (let k = 1; this.model.eventsWithId(id).length > 0; k++) id = derive(String(k));
    return id;
  }

  set(line: number, pointer: string, value: unknown): this {
    return this.add({ kind: 'set', line, pointer, value });
  }

  remove(line: number, pointer: string): this {
    return this.add({ kind: 'remove', line, pointer });
  }

  /**
   * A new event after `line` (0: at the top), in Copilot's envelope: `{type, data, id, timestamp, parentId}` (plus
   * `agentId`); its parentId and, when not given, its timestamp come from the event it follows.
   */
  insertEvent(
    line: number,
    event: { type: string; data: Record<string, unknown>; id: string; timestamp?: string; agentId?: string },
  ): this {
    const value: Record<string, unknown> = {
      type: event.type,
      data: event.data,
      id: event.id,
      timestamp: event.timestamp ?? this.timestampBefore(line),
      parentId: null,
    };
    if (event.agentId !== undefined) value.agentId = event.agentId;
    appendTo(this.inserted, line, value);
    return this;
  }

  /** Moves an event to after `line` (0: to the top), its bytes kept but for its parentId, which follows its new place. */
  moveEvent(event: CopilotEvent, line: number): this {
    this.deleted.add(event.line);
    appendTo(this.moved, line, event);
    return this;
  }

  /** The timestamp of the last event at or before a line (the first event's, at the top). */
  timestampBefore(line: number): string {
    const events = this.model.events;
    let found: CopilotEvent | undefined;
    for (const e of events) {
      if (e.line > line) break;
      if (typeof e.raw.timestamp === 'string') found = e;
    }
    found ??= events.find((e) => typeof e.raw.timestamp === 'string');
    return (found?.raw.timestamp as string | undefined) ?? new Date(0).toISOString();
  }

  /** The fix, or undefined when the plan has no edit. */
  fix(applicability: Fixability, description: string): FixDescriptor | undefined {
    const edits = this.planned();
    return edits.length === 0 ? undefined : { applicability, description, edits };
  }

  private planned(): Edit[] {
    const edits = this.lineEdits();
    const sets = [...this.edits];
    if (this.inserted.size > 0 || this.deleted.size > 0 || this.moved.size > 0) pushAll(sets, this.chain());
    if (this.moved.size === 0) return [...sets, ...edits, ...this.insertEdits()];
    // A moved event is written as text after the line it follows (before line 1 for the top), both lines keeping
    // their bytes but for the parentId (and any other member) this plan sets.
    const setsOf = (line: number): Edit[] => sets.filter((e) => e.line === line);
    const textOf = (line: number): string => {
      const source = this.model.file.lines[line - 1]!;
      const own = setsOf(line).map((e) => e as Extract<Edit, { kind: 'set' | 'remove' }>);
      if (own.length === 0) return lineText(source.bytes);
      return decoder.decode(
        spliceJson(
          source.bytes,
          source.json,
          own.map(({ line: _, ...e }) => e),
        ),
      );
    };
    const folded = new Set<number>();
    for (const [anchor, events] of this.moved) {
      const movedText = events.map((e) => textOf(e.line));
      const values = (this.inserted.get(anchor) ?? []).map(serializeEvent);
      this.inserted.delete(anchor);
      if (anchor === 0) {
        const first = this.model.file.lines[0]!.lineNo;
        edits.push({ kind: 'replaceText', line: first, text: [...movedText, ...values, textOf(first)].join('\n') });
        folded.add(first);
      } else {
        edits.push({ kind: 'replaceText', line: anchor, text: [textOf(anchor), ...movedText, ...values].join('\n') });
        folded.add(anchor);
      }
      for (const e of events) folded.add(e.line);
    }
    return [...sets.filter((e) => !folded.has(e.line)), ...edits, ...this.insertEdits()];
  }

  private insertEdits(): Edit[] {
    const out: Edit[] = [];
    for (const [line, values] of this.inserted) {
      if (line !== 0 && !this.model.eventAtLine(line)) throw new Error(`cannot insert after line ${line}: no event`);
      for (const value of values) out.push({ kind: 'insertAfter', line, value });
    }
    return out;
  }

  /**
   * The parentIds the plan changes: walking the events as they will be, each one whose parent was the event it used
   * to follow gets the event it now follows; inserted events get theirs in their value.
   */
  private chain(): Edit[] {
    const edits: Edit[] = [];
    let previousId: string | null = null;
    let originalPrevious: string | null = null;
    const place = (line: number): void => {
      for (const e of this.moved.get(line) ?? []) {
        if (e.parentId !== previousId)
          edits.push({ kind: 'set', line: e.line, pointer: '/parentId', value: previousId });
        previousId = e.id ?? previousId;
      }
      for (const value of this.inserted.get(line) ?? []) {
        value.parentId = previousId;
        previousId = typeof value.id === 'string' ? value.id : previousId;
      }
    };
    place(0);
    for (const e of this.model.events) {
      if (!this.deleted.has(e.line)) {
        if (e.parentId === originalPrevious && e.parentId !== previousId && !this.texts.has(e.line))
          edits.push({ kind: 'set', line: e.line, pointer: '/parentId', value: previousId });
        previousId = e.id ?? previousId;
      }
      originalPrevious = e.id ?? originalPrevious;
      place(e.line);
    }
    return edits;
  }
}

const decoder = new TextDecoder();

/** An event as Copilot serialises it: compact JSON, U+2028/U+2029 escaped. */
export function serializeEvent(value: Record<string, unknown>): string {
  return stringifyJson(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
