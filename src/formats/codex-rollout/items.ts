// Helpers the item rules share: how an item is named in a message, where it is stored, its index in the request
// Codex sends, and the edits that remove it or change it where it is stored (a response_item line, or an element of a
// compacted record's replacement_history, whose metadata array is kept in step).
import type { CodexFix } from './fixes.js';
import { isObj } from './decode.js';
import type { CodexModel } from './model.js';
import type { CodexRecord } from './records.js';
import type { CodexResume, HistoryItem } from './compile.js';

type Obj = Record<string, unknown>;

/** "function_call call_S1", "reasoning rs_1", "message (assistant)". */
export function itemLabel(item: Obj): string {
  const type = typeof item.type === 'string' ? item.type : 'item';
  if (typeof item.call_id === 'string') return `${type} ${item.call_id}`;
  if (type === 'message') return `${typeof item.role === 'string' ? item.role : 'a'} message`;
  if (typeof item.id === 'string' && item.id !== '') return `${type} ${item.id}`;
  return type;
}

/** The model's own record holding a history item (undefined for one only a repair of a damaged line brings back). */
export function storedRecord(model: CodexModel, h: HistoryItem): CodexRecord | undefined {
  return h.record ? model.recordAt(h.record.line) : undefined;
}

/** Whether the item is a whole record (a response_item line), not an element of a replacement_history. */
export const isWholeRecord = (h: HistoryItem): boolean =>
  h.record !== undefined && h.pointer === h.record.payloadPointer;

/** The index of an item in the request's input[] (input[0] being the base instructions), when it is sent. */
export function inputIndex(resume: CodexResume, h: HistoryItem): number | undefined {
  const { byItem, byPlace } = sentIndex(resume);
  const a = byItem.get(h.item);
  const b = byPlace.get(placeOf(h));
  if (a === undefined && b === undefined) return undefined;
  const i = Math.min(a ?? Number.POSITIVE_INFINITY, b ?? Number.POSITIVE_INFINITY);
  const base = isObj(resume.sessionMeta?.payload) && isObj(resume.sessionMeta.payload.base_instructions) ? 1 : 0;
  return i + base;
}

/**
 * The first place in `sent` of each item and of each stored place (line and pointer), made once per resume: rules
 * ask for the index of every item they report, and a search per item made a rollout of 14,000 findings take 6 s.
 */
const sentIndexes = new WeakMap<CodexResume, { byItem: Map<Obj, number>; byPlace: Map<string, number> }>();

function sentIndex(resume: CodexResume): { byItem: Map<Obj, number>; byPlace: Map<string, number> } {
  let index = sentIndexes.get(resume);
  if (index) return index;
  index = { byItem: new Map(), byPlace: new Map() };
  resume.sent.forEach((s, i) => {
    if (!index!.byItem.has(s.item)) index!.byItem.set(s.item, i);
    const place = placeOf(s);
    if (!index!.byPlace.has(place)) index!.byPlace.set(place, i);
  });
  sentIndexes.set(resume, index);
  return index;
}

/** An item's stored place (items Codex makes up have no record: their pointer alone). */
const placeOf = (h: HistoryItem): string => `${h.record?.line ?? ''}\u0000${h.pointer}`;

const RH = /^\/payload\/replacement_history\/(\d+)$/;

/** Removes the item where it is stored: its line, or its element of the replacement_history (and of the metadata). */
export function removeItem(fix: CodexFix, record: CodexRecord, h: HistoryItem): CodexFix {
  if (isWholeRecord(h)) return fix.deleteLine(record.line);
  const k = RH.exec(h.pointer)?.[1];
  if (k === undefined) return fix;
  const p = record.payload as Obj;
  const rh = Array.isArray(p.replacement_history) ? p.replacement_history : [];
  const md = p.replacement_history_metadata;
  fix.set(
    record,
    '/payload/replacement_history',
    rh.filter((_, i) => i !== Number(k)),
  );
  if (Array.isArray(md) && md.length === rh.length)
    fix.set(
      record,
      '/payload/replacement_history_metadata',
      md.filter((_, i) => i !== Number(k)),
    );
  return fix;
}

/** Where a finding about an item is: its line, and inside a compacted record the element's pointer. */
export function siteOf(h: HistoryItem): { line: number; pointer?: string } {
  const line = h.record?.line ?? 1;
  return h.record && !isWholeRecord(h) && h.pointer.startsWith('/payload/replacement_history/')
    ? { line, pointer: h.pointer }
    : { line };
}
