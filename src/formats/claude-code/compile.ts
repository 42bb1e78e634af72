// The request compiler: rebuilds the `messages[]` Claude Code 2.1.332 sends when it resumes a transcript, in two
// stages. `merged` is what the file itself says once the chain is walked and split parts are regrouped (attachment
// reordering, virtual-message filter, merges): rules judge this. `messages` is `merged` after Claude Code's
// client-side repair passes (pairing repair, thinking and empty-content handling): `export` prints this.
// Every block keeps its origin so that a finding on the request points back at a line of the file.
import { asText, isObject, isSyntheticApiError, messageOf } from '../../model/entries.js';
import type { ApiBlock, ApiMessage, ApiRole, ApiView, Block, Chain, Entry, Repair } from '../../model/types.js';
import { mergeUserInto } from './merge.js';
import type { Item } from './compile-item.js';
import { interruptedTail } from './interrupted-tail.js';
import { type RepairContext, repairPasses } from './repair-passes.js';
import { pushAll } from '../../model/arrays.js';

export function compileRequest(chain: Chain): ApiView {
  const items = toItems(chain.active);
  const merged = mergeItems(reorderAttachments(items));
  const context = { mediaStrips: mediaStrips(chain.active) };
  return withRepairs(merged, context, () => {
    // filterUnresolvedToolUses runs before attachments are reordered and messages merged: the user messages
    // around a dropped entry meet, and attachments move past it (recordings 02a-02c).
    const resolved = resolvedIds(items);
    const tail = interruptedTail(items, resolved);
    const unresolved = unresolvedToolUseItems(items, resolved, tail.parts);
    if (unresolved.size === 0 && tail.results.length === 0) return { merged, repairs: [] };
    const repairs: Repair[] = [...unresolved].map((item) => ({
      pass: 'drop-unresolved-tool-use',
      description: 'assistant entry whose tool_uses have no result anywhere dropped, with all its blocks',
      origin: item.blocks[0]?.origin ?? { line: item.entry.line },
    }));
    const repaired = mergeItems(reorderAttachments(items.filter((i) => !unresolved.has(i))));
    // The written results follow the recorded ones, in the user message that holds those (interrupted-tail.ts).
    const last = repaired[repaired.length - 1];
    if (tail.results.length > 0 && last?.role === 'user') {
      pushAll(last.blocks, tail.results);
      last.stringContent = false;
    }
    return { merged: repaired, repairs: [...repairs, ...tail.repairs] };
  });
}

/**
 * The view of `merged`; the repair passes run when `messages` or `repairs` is first read (rules read `merged`).
 * `before`, when given, makes the input of the passes (from the same items, with the entries Claude Code drops before
 * merging left out) and the repairs that made it.
 */
export function withRepairs(
  merged: ApiMessage[],
  context: RepairContext = {},
  before?: () => { merged: ApiMessage[]; repairs: Repair[] },
): ApiView {
  let repaired: { messages: ApiMessage[]; repairs: Repair[] } | undefined;
  const run = (): { messages: ApiMessage[]; repairs: Repair[] } => {
    if (repaired) return repaired;
    const input = before ? before() : { merged, repairs: [] };
    const out = repairPasses(input.merged, context);
    repaired = { messages: out.messages, repairs: [...input.repairs, ...out.repairs] };
    return repaired;
  };
  return {
    merged,
    get messages() {
      return run().messages;
    },
    get repairs() {
      return run().repairs;
    },
  };
}

/**
 * Claude Code's filterUnresolvedToolUses (resume only): an assistant entry whose tool_uses all have no tool_result
 * anywhere on the chain goes whole, text and thinking included. The calls that end the history are spared: Claude
 * Code answers them with an interrupted result instead (the parts of the response that ends the history:
 * interrupted-tail.ts; repair-passes.ts repairPairing). A call after the last prompt with an answer below it does
 * not end the history and is dropped (differential harness seed 270: fixtures/sessions/claude-code/unanswered-before-answer).
 */
function unresolvedToolUseItems(
  items: readonly Item[],
  resolved: ReadonlySet<unknown>,
  tailParts: ReadonlySet<Item>,
): Set<Item> {
  const out = new Set<Item>();
  items.forEach((item) => {
    if (item.role !== 'assistant' || tailParts.has(item)) return;
    const uses = item.blocks.filter((b) => b.block.type === 'tool_use');
    if (uses.length > 0 && uses.every((b) => !resolved.has(b.block.id))) out.add(item);
  });
  return out;
}

/** The ids the tool_results of the chain's user entries answer. */
function resolvedIds(items: readonly Item[]): Set<unknown> {
  const resolved = new Set<unknown>();
  for (const item of items) {
    if (item.role !== 'user') continue;
    for (const b of item.blocks) if (b.block.type === 'tool_result') resolved.add(b.block.tool_use_id);
  }
  return resolved;
}

/**
 * When the API rejects media, Claude Code 2.1.332 retries without it and writes a synthetic API-error assistant
 * (`apiError: "media_removed"`, `apiErrorParams.media`: "image" or "document"). It does not record which block it
 * removed: on the next resume it strips that type of media from the nearest user entry above the error entry that
 * holds some (recording 12e), which need not be the block the API rejected.
 */
export function mediaStrips(active: readonly Entry[]): Map<Entry, Set<string>> {
  const strips = new Map<Entry, Set<string>>();
  for (const { media, target } of mediaRemovals(active)) {
    if (!target) continue;
    const set = strips.get(target);
    if (set) set.add(media);
    else strips.set(target, new Set([media]));
  }
  return strips;
}

/** A `media_removed` API-error entry of Claude Code's own on the chain, and the user entry it strips (if any). */
export interface MediaRemoval {
  error: Entry;
  /** 'image' or 'document' (`apiErrorParams.media`). */
  media: string;
  target?: Entry;
}

/** Every `media_removed` entry of the active chain, with the entry it makes Claude Code strip (see mediaStrips). */
export function mediaRemovals(active: readonly Entry[]): MediaRemoval[] {
  const out: MediaRemoval[] = [];
  for (let i = 0; i < active.length; i++) {
    const e = active[i]!;
    if (!isSyntheticApiError(e) || e.raw.apiError !== 'media_removed') continue;
    const params = e.raw.apiErrorParams;
    const media = isObject(params) && typeof params.media === 'string' ? params.media : undefined;
    if (media === undefined) continue;
    let target: Entry | undefined;
    for (let k = i - 1; k >= 0 && !target; k--) {
      const c = active[k]!;
      if (c.type === 'user' && holdsMedia(c, media)) target = c;
    }
    out.push({ error: e, media, target });
  }
  return out;
}

function holdsMedia(entry: Entry, type: string): boolean {
  const content = messageOf(entry)?.content;
  if (!Array.isArray(content)) return false;
  return content.some(
    (b) =>
      isObject(b) &&
      (b.type === type ||
        (b.type === 'tool_result' &&
          Array.isArray(b.content) &&
          b.content.some((x) => isObject(x) && x.type === type))),
  );
}

function toItems(active: readonly Entry[]): Item[] {
  const items: Item[] = [];
  for (const entry of active) {
    const item = toItem(entry);
    if (item) items.push(item);
  }
  return items;
}

// Called once per entry of the walk: plain loops and literals (no spreads, no callbacks).
function toItem(entry: Entry): Item | undefined {
  switch (entry.type) {
    case 'user':
    case 'assistant': {
      // Display-only entries and synthetic API-error notices never reach the API.
      if (entry.raw.isVirtual === true || isSyntheticApiError(entry)) return undefined;
      const message = messageOf(entry);
      if (!message) return undefined;
      const { content } = message;
      if (typeof content === 'string') {
        const blocks = [{ block: { type: 'text', text: content }, origin: { line: entry.line } }];
        return { entry, attachment: false, role: entry.type, stringContent: true, blocks, messageId: message.id };
      }
      if (!Array.isArray(content)) return undefined;
      const blocks: ApiBlock[] = [];
      for (let blockIndex = 0; blockIndex < content.length; blockIndex++) {
        const block: unknown = content[blockIndex];
        if (isObject(block)) blocks.push({ block: block as Block, origin: { line: entry.line, blockIndex } });
      }
      const messageId = entry.type === 'assistant' ? message.id : undefined;
      return { entry, attachment: false, role: entry.type, stringContent: false, blocks, messageId };
    }
    case 'attachment':
      return attachmentItem(entry);
    case 'system':
      // Only local command output is sent (as user text); boundaries, durations, errors are not.
      if (entry.raw.subtype === 'local_command' && typeof entry.raw.content === 'string') {
        const blocks = [{ block: { type: 'text', text: entry.raw.content }, origin: { line: entry.line } }];
        return { entry, attachment: false, role: 'user', stringContent: true, blocks };
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Attachments carry their wire form in `rendered`; `renderedRole` says whether it goes as user text or a system message. */
function attachmentItem(entry: Entry): Item | undefined {
  const rendered = entry.raw.rendered;
  if (!Array.isArray(rendered)) return undefined;
  // blockIndex is the position in `rendered`, so a finding points at the element it came from.
  const texts = rendered
    .map((r, i) => ({ text: isObject(r) && typeof r.content === 'string' ? r.content : undefined, i }))
    .filter((t): t is { text: string; i: number } => t.text !== undefined);
  if (texts.length === 0) return undefined;
  const role: ApiRole = entry.raw.renderedRole === 'system' ? 'system' : 'user';
  return {
    role,
    entry,
    attachment: true,
    besideToolResult: entry.raw.renderedBesideToolResult === true,
    stringContent: false,
    blocks: texts.map(({ text, i }) => ({
      block: { type: 'text', text: role === 'system' ? unwrapSystemReminder(text) : text },
      origin: { line: entry.line, blockIndex: i },
    })),
  };
}

function unwrapSystemReminder(text: string): string {
  const m = /^<system-reminder>\n?([\s\S]*?)\n?<\/system-reminder>\n?$/.exec(text);
  return m ? m[1]! : text;
}

/** A stopping point for attachment reordering: an assistant, or a user message that starts with a tool_result. */
function isStoppingPoint(item: Item): boolean {
  if (item.attachment) return false;
  if (item.role === 'assistant') return true;
  return item.role === 'user' && item.blocks[0]?.block.type === 'tool_result';
}

/** Claude Code's reorderAttachmentsForAPI: each attachment moves up to just after the nearest stopping point above it. */
function reorderAttachments(items: Item[]): Item[] {
  const out: Item[] = [];
  let insertAt = 0;
  for (const item of items) {
    if (item.attachment) {
      out.splice(insertAt, 0, item);
      insertAt++;
    } else {
      out.push(item);
      if (isStoppingPoint(item)) insertAt = out.length;
    }
  }
  return out;
}

function mergeItems(items: Item[]): ApiMessage[] {
  const out: ApiMessage[] = [];
  // System text waits until the user turn it belongs to is complete (observed: it follows that user message).
  let pendingSystem: ApiMessage | undefined;
  const flushSystem = (): void => {
    if (pendingSystem) out.push(out.length === 0 ? leadingSystemAsUser(pendingSystem) : pendingSystem);
    pendingSystem = undefined;
  };

  for (const item of items) {
    if (item.role === 'system') {
      if (pendingSystem) {
        joinSystemText(pendingSystem, item);
      } else {
        const text = item.blocks.map((b) => b.block.text as string).join('\n\n');
        pendingSystem = {
          role: 'system',
          stringContent: true,
          entries: [item.entry],
          blocks: [{ block: { type: 'text', text }, origin: item.blocks[0]!.origin }],
        };
      }
      continue;
    }
    if (item.role === 'user') {
      const prev = out[out.length - 1];
      if (prev && prev.role === 'user' && item.besideToolResult && foldIntoLastResult(prev, item)) continue;
      if (prev && prev.role === 'user') mergeUserInto(prev, item.blocks, [item.entry]);
      else
        out.push({
          role: 'user',
          blocks: [...item.blocks],
          // An attachment's one rendered text that no other user item joins goes as a string (oracle: a history that
          // starts below a torn prompt sends its first attachment as `user:str`).
          stringContent: item.stringContent || (item.attachment && item.blocks.length === 1),
          entries: [item.entry],
        });
      continue;
    }
    flushSystem();
    const target = findSplitSibling(out, item.messageId);
    if (target) mergeAssistantPart(target, item);
    else
      out.push({
        role: 'assistant',
        blocks: [...item.blocks],
        stringContent: item.stringContent,
        entries: [item.entry],
      });
  }
  flushSystem();
  return out;
}

/** Appends an attachment's text to the last tool_result of a message (observed: string content gets "\n\n" + text). */
function foldIntoLastResult(target: ApiMessage, item: Item): boolean {
  let at = -1;
  target.blocks.forEach((b, i) => {
    if (b.block.type === 'tool_result') at = i;
  });
  if (at === -1) return false;
  const result = target.blocks[at]!;
  const texts = item.blocks.map((b) => asText(b.block.text));
  const content = result.block.content;
  const folded =
    typeof content === 'string'
      ? [content, ...texts].join('\n\n')
      : [...(Array.isArray(content) ? content : []), ...texts.map((text) => ({ type: 'text', text }))];
  target.blocks[at] = { block: { ...result.block, content: folded }, origin: result.origin };
  target.entries.push(item.entry);
  return true;
}

/**
 * System text that would open the request (a chain that starts at attachments Claude Code renders as system text,
 * with no user message before the first response) goes as the first user message instead: one string, the texts
 * joined by a blank line inside one `<system-reminder>` (oracle, 2.1.332: a chain cut above a stored `date`
 * attachment, and above `model` + `date`, sent `user:str` first and was accepted).
 */
function leadingSystemAsUser(system: ApiMessage): ApiMessage {
  const first = system.blocks[0]!;
  const text = `<system-reminder>\n${first.block.text as string}\n</system-reminder>`;
  return {
    role: 'user',
    stringContent: true,
    entries: system.entries,
    blocks: [{ block: { type: 'text', text }, origin: first.origin }],
  };
}

function joinSystemText(target: ApiMessage, item: Item): void {
  const first = target.blocks[0]!;
  const text = [first.block.text as string, ...item.blocks.map((b) => b.block.text as string)].join('\n\n');
  target.blocks[0] = { block: { type: 'text', text }, origin: first.origin };
  target.entries.push(item.entry);
}

/** Walk back over tool-result user messages and other responses to the earlier part of the same response. */
function findSplitSibling(out: ApiMessage[], messageId: string | undefined): ApiMessage | undefined {
  if (messageId === undefined) return undefined;
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.role === 'assistant') {
      if (assistantId(m) === messageId) return m;
      continue;
    }
    if (m.role === 'user' && m.blocks.length > 0 && m.blocks.every((b) => b.block.type === 'tool_result')) continue;
    if (m.role === 'system') continue;
    return undefined;
  }
  return undefined;
}

function assistantId(m: ApiMessage): string | undefined {
  for (const e of m.entries) {
    const id = messageOf(e)?.id;
    if (id !== undefined) return id;
  }
  return undefined;
}

const isThinking = (b: ApiBlock): boolean => b.block.type === 'thinking' || b.block.type === 'redacted_thinking';

/** Parts are concatenated; a thinking part that was written after other parts still goes first (observed). */
function mergeAssistantPart(target: ApiMessage, item: Item): void {
  if (item.blocks.length > 0 && item.blocks.every(isThinking)) {
    const firstOther = target.blocks.findIndex((b) => !isThinking(b));
    if (firstOther !== -1) {
      target.blocks.splice(firstOther, 0, ...item.blocks);
      target.entries.push(item.entry);
      return;
    }
  }
  pushAll(target.blocks, item.blocks);
  target.stringContent = false;
  target.entries.push(item.entry);
}
