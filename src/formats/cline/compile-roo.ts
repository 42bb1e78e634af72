// What Roo Code sends of a stored history to an Anthropic-protocol provider (its Anthropic and Vertex handlers),
// pass by pass as its source does it (RooCodeInc/Roo-Code @ cb836567, 3.52.1; Task.attemptApiRequest):
// 1. getEffectiveApiHistory (src/core/condense/index.ts): with a summary (`isSummary`), only the messages from the
//    last summary on, without the tool_results whose call is not among them (a user message left empty goes) and
//    without those whose `truncationParent` names a marker among them; with none, the messages whose
//    `condenseParent` / `truncationParent` names an existing summary / marker are left out.
// 2. mergeConsecutiveApiMessages(…, {roles: ["user"]}) (src/core/task/mergeConsecutiveApiMessages.ts): a user
//    message right after another is sent as part of it (not a summary, not around a truncation marker).
// 3. buildCleanConversationHistory (Task.ts): only `{role, content}`; a standalone `{type: "reasoning"}` item is
//    left out (without `encrypted_content`); an assistant message whose first block is Roo's plain-text reasoning
//    is sent without it (the model's `preserveReasoning` is taken to be off), one text block left becomes a string.
// 4. filterNonAnthropicBlocks (src/api/transform/anthropic-filter.ts): only text, image, tool_use, tool_result,
//    thinking, redacted_thinking and document blocks are sent; a message left with none is left out.
// 5. On resume (Task.resumeTaskFromHistory), a history ending with calls is answered "Task was interrupted before
//    this tool call could be completed." in the user message added after it; one ending with a user message after
//    calls gets that answer for each unanswered call, after its content. The resumption text is not modelled.
// Not modelled: images turned into text for models without image input (maybeRemoveImageBlocks), the
// cache_control the handler adds, reasoning items with `encrypted_content` (an OpenAI-only form: Roo's Anthropic
// filter cannot take them), `reasoning_details` (OpenRouter). Tool results are checked when Roo adds a user
// message (validateAndFixToolResultIds), not when it sends: a stored history missing one is sent as it is.
import type { ApiBlock, Entry } from '../../model/types.js';
import {
  blocksOfContent,
  isObject,
  type SendPath,
  type SendRepair,
  sendPathOf,
  syntheticBlock,
  type Working,
} from './compile.js';

/** What Roo writes on resume for a call the history ends with. */
export const ROO_INTERRUPTED = 'Task was interrupted before this tool call could be completed.';

/** The block types Roo's Anthropic filter lets through (VALID_ANTHROPIC_BLOCK_TYPES). */
const ANTHROPIC_BLOCK_TYPES = new Set([
  'text',
  'image',
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'document',
]);

/** An element of the stored array, with its line key and its entry (Roo's reasoning items have none). */
export interface StoredItem {
  raw: Record<string, unknown>;
  line: number;
  entry?: Entry;
}

export function rooSendPath(items: readonly StoredItem[]): SendPath {
  const repairs: SendRepair[] = [];
  const effective = effectiveHistory(items, repairs);
  const working = mergeUsers(effective.map(toWorking), repairs);
  const clean = working.filter((w) => cleanItem(w, repairs));
  const sent = clean.filter((w) => anthropicOnly(w, repairs));
  answerOnResume(items, sent, repairs);
  return sendPathOf(sent, repairs);
}

interface Effective {
  item: StoredItem;
  /** Indexes of the stored blocks taken out (results whose call was condensed away). */
  dropped: Set<number>;
}

/** getEffectiveApiHistory. */
function effectiveHistory(items: readonly StoredItem[], repairs: SendRepair[]): Effective[] {
  const leftOut = (item: StoredItem, why: 'condensed' | 'truncated' | 'emptied'): void => {
    repairs.push({ kind: 'message-left-out', line: item.line, why });
  };
  let summary = -1;
  items.forEach((item, i) => {
    if (item.raw.isSummary === true) summary = i;
  });
  if (summary === -1) {
    const summaries = new Set<unknown>();
    const markers = new Set<unknown>();
    for (const { raw } of items) {
      if (raw.isSummary && raw.condenseId) summaries.add(raw.condenseId);
      if (raw.isTruncationMarker && raw.truncationId) markers.add(raw.truncationId);
    }
    return items
      .filter((item) => {
        const { condenseParent, truncationParent } = item.raw;
        if (condenseParent && summaries.has(condenseParent)) leftOut(item, 'condensed');
        else if (truncationParent && markers.has(truncationParent)) leftOut(item, 'truncated');
        else return true;
        return false;
      })
      .map((item) => ({ item, dropped: new Set<number>() }));
  }
  for (const item of items.slice(0, summary)) leftOut(item, 'condensed');
  const fromSummary = items.slice(summary);
  const calls = new Set<unknown>();
  for (const { raw } of fromSummary) {
    if (raw.role !== 'assistant' || !Array.isArray(raw.content)) continue;
    for (const b of raw.content) if (isObject(b) && b.type === 'tool_use' && b.id) calls.add(b.id);
  }
  const kept: Effective[] = [];
  for (const item of fromSummary) {
    const { raw } = item;
    const dropped = new Set<number>();
    if (raw.role === 'user' && Array.isArray(raw.content)) {
      raw.content.forEach((b: unknown, i: number) => {
        if (isObject(b) && b.type === 'tool_result' && !calls.has(b.tool_use_id)) dropped.add(i);
      });
      if (dropped.size === raw.content.length) {
        leftOut(item, 'emptied');
        continue;
      }
      for (const i of dropped) {
        const result = { block: raw.content[i] as Record<string, unknown>, origin: { line: item.line, blockIndex: i } };
        if (item.entry) repairs.push({ kind: 'result-dropped', result, user: item.entry, why: 'orphan' });
      }
    }
    kept.push({ item, dropped });
  }
  const markers = new Set<unknown>();
  for (const { item } of kept)
    if (item.raw.isTruncationMarker && item.raw.truncationId) markers.add(item.raw.truncationId);
  return kept.filter(({ item }) => {
    const parent = item.raw.truncationParent;
    if (parent && markers.has(parent)) {
      leftOut(item, 'truncated');
      return false;
    }
    return true;
  });
}

interface RooWorking extends Working {
  /** A standalone reasoning item (no role). */
  reasoningItem: boolean;
}

function toWorking({ item, dropped }: Effective): RooWorking {
  const stored = blocksOfContent(item.raw.content, item.line);
  const blocks = stored.filter((b) => b.origin.blockIndex === undefined || !dropped.has(b.origin.blockIndex));
  return {
    entry: item.entry,
    line: item.line,
    raw: item.raw,
    role: item.raw.role === 'assistant' ? 'assistant' : 'user',
    stringContent: typeof item.raw.content === 'string',
    blocks,
    reasoningItem: item.raw.type === 'reasoning',
  };
}

/** mergeConsecutiveApiMessages for user messages. */
function mergeUsers(working: RooWorking[], repairs: SendRepair[]): RooWorking[] {
  const out: RooWorking[] = [];
  for (const w of working) {
    const prev = out[out.length - 1];
    const merges =
      prev !== undefined &&
      !prev.reasoningItem &&
      !w.reasoningItem &&
      prev.raw.role === 'user' &&
      w.raw.role === 'user' &&
      !w.raw.isSummary &&
      !prev.raw.isTruncationMarker &&
      !w.raw.isTruncationMarker;
    if (!merges) {
      out.push(w);
      continue;
    }
    if (w.entry) repairs.push({ kind: 'merged', user: w.entry });
    out[out.length - 1] = {
      ...prev,
      stringContent: false,
      blocks: [...prev.blocks, ...w.blocks],
      entries: [...(prev.entries ?? (prev.entry ? [prev.entry] : [])), ...(w.entry ? [w.entry] : [])],
    };
  }
  return out;
}

/** buildCleanConversationHistory; false when the item is not sent. */
function cleanItem(w: RooWorking, repairs: SendRepair[]): boolean {
  if (w.reasoningItem) {
    // One with encrypted_content (OpenAI's Responses API) is sent as an item of its own, which Roo's Anthropic
    // filter cannot take (it reads the item's content): entry-shape reports it. One without is left out.
    if (!w.raw.encrypted_content) repairs.push({ kind: 'message-left-out', line: w.line, why: 'reasoning-item' });
    return false;
  }
  if (w.raw.role !== 'user' && w.raw.role !== 'assistant') return false;
  if (w.role !== 'assistant' || w.stringContent) return true;
  const [first, ...rest] = w.blocks;
  if (first && first.block.type === 'reasoning' && typeof first.block.text === 'string') {
    repairs.push({ kind: 'block-left-out', block: first, why: 'reasoning kept for the history only' });
    w.blocks = rest;
    // One text block left is sent as a string; none, as the empty string.
    if (rest.length === 0) {
      w.stringContent = true;
      w.blocks = [syntheticBlock({ type: 'text', text: '' }, w.line)];
    } else if (rest.length === 1 && rest[0]!.block.type === 'text') {
      w.stringContent = true;
    }
  }
  return true;
}

/** filterNonAnthropicBlocks; false when nothing of the message is left. */
function anthropicOnly(w: RooWorking, repairs: SendRepair[]): boolean {
  if (w.stringContent) return true;
  const kept: ApiBlock[] = [];
  for (const b of w.blocks) {
    if (typeof b.block.type === 'string' && ANTHROPIC_BLOCK_TYPES.has(b.block.type)) kept.push(b);
    else repairs.push({ kind: 'block-left-out', block: b, why: 'not an Anthropic block type' });
  }
  w.blocks = kept;
  if (kept.length > 0) return true;
  repairs.push({ kind: 'message-left-out', line: w.line, why: 'emptied' });
  return false;
}

/** The answers Roo writes on resume for the calls the stored history ends with. */
function answerOnResume(items: readonly StoredItem[], sent: Working[], repairs: SendRepair[]): void {
  const history = items.filter((i) => !(i.raw.type === 'reasoning' && i.raw.role === undefined));
  const last = history[history.length - 1];
  if (!last || last.raw.isSummary) return;
  const lastSent = sent[sent.length - 1];
  const answer = (line: number, id: string): ApiBlock =>
    syntheticBlock({ type: 'tool_result', tool_use_id: id, content: ROO_INTERRUPTED }, line);
  if (last.raw.role === 'assistant') {
    const uses = blocksOfContent(last.raw.content, last.line).filter((b) => b.block.type === 'tool_use');
    if (uses.length === 0 || !last.entry) return;
    for (const use of uses)
      repairs.push({
        kind: 'result-filled',
        use,
        id: String(use.block.id),
        assistant: last.entry,
        text: ROO_INTERRUPTED,
      });
    sent.push({
      line: last.line,
      raw: {},
      role: 'user',
      stringContent: false,
      blocks: uses.map((u) => answer(last.line, String(u.block.id))),
    });
    return;
  }
  const before = history[history.length - 2];
  if (last.raw.role !== 'user' || before?.raw.role !== 'assistant' || !before.entry || !last.entry) return;
  const uses = blocksOfContent(before.raw.content, before.line).filter((b) => b.block.type === 'tool_use');
  const answered = new Set(
    blocksOfContent(last.raw.content, last.line)
      .filter((b) => b.block.type === 'tool_result')
      .map((b) => b.block.tool_use_id),
  );
  const missing = uses.filter((u) => !answered.has(u.block.id));
  if (missing.length === 0) return;
  for (const use of missing)
    repairs.push({
      kind: 'result-filled',
      use,
      id: String(use.block.id),
      assistant: before.entry,
      user: last.entry,
      text: ROO_INTERRUPTED,
    });
  const answers = missing.map((u) => answer(last.line, String(u.block.id)));
  const sentLast = lastSent?.entries ?? (lastSent?.entry ? [lastSent.entry] : []);
  if (lastSent && sentLast.includes(last.entry)) {
    lastSent.stringContent = false;
    lastSent.blocks = [...lastSent.blocks, ...answers];
  } else {
    // The message was left out (nothing of it to send): Roo re-adds it on resume with the answers.
    sent.push({
      entry: last.entry,
      line: last.line,
      raw: last.raw,
      role: 'user',
      stringContent: false,
      blocks: answers,
    });
  }
}
