// The Content history Qwen Code 0.24.4 builds from the resumed chain and sends with the next prompt
// (session-api-history.ts `SessionApiHistoryAccumulator`, geminiChat `repairOrphanedToolUseTurns`):
// - each chain record with a message adds one Content (`realtime_message` records none; a `mid_turn_user_message`
//   joins the user Content before it); a `chat_compression` system record with `compressedHistory` replaces the
//   history so far;
// - before sending, every model turn's function calls are paired with the responses of the user turns that follow:
//   a call with none gets a made-up response `{error: ORPHAN_REASON}` in the next user turn (a new one when the next
//   turn is not a user turn), a response found later is moved up, a second response with the same id is dropped.
import { isObj, type Obj } from './lines.js';
import type { Part, QwenRecord } from './records.js';
import type { ChainStep } from './chain.js';
import { appendTo } from '../../model/arrays.js';

/** What Qwen Code 0.24.4 puts in the response it makes up for a call without one (`ORPHAN_TOOL_USE_REPAIR_REASON`). */
export const ORPHAN_REASON =
  'Tool execution result was not recorded \u2014 likely interrupted by network failure, abort, or process exit. Treat as failure and retry if needed.';

/** A part of the history, with the record it came from (none for a part Qwen makes up). */
export interface HistoryPart {
  part: Part | string;
  record?: QwenRecord;
}

export interface Content {
  role: string | undefined;
  parts: HistoryPart[];
}

/** A response Qwen made up on resume, for a call of `call` (the record holding it). */
export interface MadeUpResponse {
  callId: string;
  name: string;
  call: QwenRecord | undefined;
}

export interface QwenHistory {
  contents: Content[];
  madeUp: MadeUpResponse[];
  /** Responses Qwen drops for repeating an id already answered after the same call. */
  droppedDuplicates: { callId: string; record: QwenRecord | undefined }[];
}

const callOf = (p: Part | string): Part['functionCall'] | undefined =>
  typeof p === 'string' || !isObj(p.functionCall) ? undefined : p.functionCall;
const responseOf = (p: Part | string): Part['functionResponse'] | undefined =>
  typeof p === 'string' || !isObj(p.functionResponse) ? undefined : p.functionResponse;
const idOf = (v: { id?: unknown } | undefined): string | undefined =>
  typeof v?.id === 'string' && v.id.length > 0 ? v.id : undefined;

function compressedHistory(record: QwenRecord): Content[] | undefined {
  const payload = record.raw.systemPayload;
  if (!isObj(payload) || !payload.compressedHistory) return undefined;
  const list = Array.isArray(payload.compressedHistory) ? payload.compressedHistory : [];
  return list.filter(isObj).map((c: Obj) => ({
    role: typeof c.role === 'string' ? c.role : undefined,
    parts: (Array.isArray(c.parts) ? (c.parts as (Part | string)[]) : []).map((part) => ({ part, record })),
  }));
}

/** The history from the chain, before the pairing repair. */
export function accumulate(steps: readonly ChainStep[]): Content[] {
  let history: Content[] = [];
  for (const { record, message } of steps) {
    if (record.type === 'system') {
      if (record.subtype === 'chat_compression') {
        const compressed = compressedHistory(record);
        if (compressed) history = compressed;
      }
      continue;
    }
    if (!message || record.subtype === 'realtime_message') continue;
    const parts = (message.parts ?? []).map((part) => ({ part, record }));
    const previous = history.at(-1);
    if (record.subtype === 'mid_turn_user_message' && previous?.role === 'user') {
      previous.parts.push(...parts);
      continue;
    }
    history.push({ role: message.role, parts });
  }
  return history;
}

/**
 * Port of `repairOrphanedToolUseTurns` (its skip over degraded placeholder model turns, which only a failed stream
 * leaves in memory and no record holds, is left out). Changes `history` in place.
 */
export function repairOrphans(history: Content[]): Pick<QwenHistory, 'madeUp' | 'droppedDuplicates'> {
  const madeUp: MadeUpResponse[] = [];
  const droppedDuplicates: QwenHistory['droppedDuplicates'] = [];
  for (let i = 0; i < history.length; i++) {
    const turn = history[i]!;
    if (turn.role !== 'model') continue;
    const expected = new Map<string, { name: string; record: QwenRecord | undefined }>();
    for (const p of turn.parts) {
      const call = callOf(p.part);
      const id = idOf(call);
      if (id) expected.set(id, { name: typeof call?.name === 'string' ? call.name : 'unknown', record: p.record });
    }
    if (expected.size === 0) continue;
    const adjacent = i + 1;
    const matched = new Map<string, { turn: number; part: HistoryPart }[]>();
    let end = adjacent;
    for (; end < history.length && history[end]!.role === 'user'; end++)
      for (const p of history[end]!.parts) {
        const id = idOf(responseOf(p.part));
        if (!id) continue;
        appendTo(matched, id, { turn: end, part: p });
      }
    const synthetic: HistoryPart[] = [];
    const hoisted: HistoryPart[] = [];
    const removed = new Set<HistoryPart>();
    for (const [id, { name, record }] of expected) {
      const found = matched.get(id);
      if (!found || found.length === 0) {
        synthetic.push({ part: { functionResponse: { id, name, response: { error: ORPHAN_REASON } } } });
        madeUp.push({ callId: id, name, call: record });
        continue;
      }
      if (found[0]!.turn !== adjacent) {
        hoisted.push(found[0]!.part);
        removed.add(found[0]!.part);
      }
      for (const extra of found.slice(1)) {
        removed.add(extra.part);
        droppedDuplicates.push({ callId: id, record: extra.part.record });
      }
    }
    if (synthetic.length === 0 && removed.size === 0) continue;
    for (let t = adjacent; t < end; t++) history[t]!.parts = history[t]!.parts.filter((p) => !removed.has(p));
    for (let t = end - 1; t > adjacent; t--) if (history[t]!.parts.length === 0) history.splice(t, 1);
    const inject = [...synthetic, ...hoisted];
    if (inject.length === 0) continue;
    const next = history[adjacent];
    if (next?.role === 'user') {
      const at = next.parts.findIndex((p) => !responseOf(p.part));
      const cut = at === -1 ? next.parts.length : at;
      next.parts = [...next.parts.slice(0, cut), ...inject, ...next.parts.slice(cut)];
    } else {
      history.splice(adjacent, 0, { role: 'user', parts: inject });
      i++;
    }
  }
  return { madeUp, droppedDuplicates };
}

/**
 * The history sent on resume: the chain's, then the next prompt (a user turn; its text is the resume's own, not the
 * file's, so it is left out of `contents` but still paired with: a call left without a response at the end of the
 * file gets its made-up response in that turn).
 */
export function resumedHistory(steps: readonly ChainStep[]): QwenHistory {
  const contents = accumulate(steps);
  const prompt: Content = { role: 'user', parts: [] };
  contents.push(prompt);
  const repairs = repairOrphans(contents);
  // Left in only when it received made-up responses (they are sent before the prompt's own text).
  if (contents.at(-1) === prompt && prompt.parts.length === 0) contents.pop();
  return { contents, ...repairs };
}
