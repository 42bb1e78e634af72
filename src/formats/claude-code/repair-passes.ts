// Claude Code's client-side repairs, applied to the merged view in the order 2.1.332 applies them
// (claude-code-internals.md §1.2 step 7 and §1.3, adjusted to what claude-code-observed.md and the issue-14
// recordings measured: fixtures/sessions/claude-code/recorded). Each pass copies what it changes; the merged view and the
// entries' raw objects are never mutated.
import { isArrayField } from '../../loader/lazy-strings.js';
import { isBlankText, isThinkingBlock } from '../../model/blocks.js';
import { asText, isObject } from '../../model/entries.js';
import type { ApiBlock, ApiMessage, Entry, Origin, Repair } from '../../model/types.js';
import { mergeUserInto } from './merge.js';

export const NO_CONTENT = '(no content)';
export const NO_MESSAGE_CONTENT = '[No message content]';
export const TOOL_USE_INTERRUPTED = '[Tool use interrupted]';
export const TOOL_LOADED = 'Tool loaded.';
export const ORPHANED_RESULT_REMOVED = '[Orphaned tool result removed due to conversation resume]';
/** What Claude Code prepends for a call whose result is elsewhere in the history, not in the next message (15o). */
export const TOOL_RESULT_MISSING = '[Tool result missing due to internal error]';
/** What Claude Code 2.1.332 sends in place of media its own `media_removed` API-error entry points at (12e). */
export const MEDIA_REMOVED = '(media removed \u2014 rejected by API)';
/** What Claude Code 2.1.332 writes for a tool call whose result was never recorded (observed). */
export const INTERRUPTED_TOOL_RESULT =
  "[Tool call interrupted: the session ended before this call's result was recorded, so its outcome is unknown. " +
  'Check whether it took effect before relying on it or running it again.]';

/** What the passes know beyond the merged messages. */
export interface RepairContext {
  /**
   * Entries whose media Claude Code strips before sending, by media type ('image', 'document'): the user entry its
   * own `media_removed` API-error entry points back at (see compile.ts mediaStrips).
   */
  mediaStrips?: ReadonlyMap<Entry, ReadonlySet<string>>;
}

type Pass = (messages: ApiMessage[], log: Repair[], context: PassContext) => ApiMessage[];

interface PassContext extends RepairContext {
  /** Assistant messages that had no block at all as stored (content []): sent as "(no content)", not dropped. */
  emptyAsStored: ReadonlySet<ApiMessage>;
}

export function repairPasses(
  merged: readonly ApiMessage[],
  context: RepairContext = {},
): { messages: ApiMessage[]; repairs: Repair[] } {
  const repairs: Repair[] = [];
  const emptyAsStored = new Set<ApiMessage>();
  let messages = merged.map((m) => {
    const copy = copyMessage(m);
    if (m.role === 'assistant' && m.blocks.length === 0) emptyAsStored.add(copy);
    return copy;
  });
  const passContext: PassContext = { ...context, emptyAsStored };
  for (const pass of PASSES) messages = pass(messages, repairs, passContext);
  return { messages, repairs };
}

function copyMessage(m: ApiMessage): ApiMessage {
  return { ...m, blocks: [...m.blocks], entries: [...m.entries] };
}

const textBlock = (text: string, origin: Origin): ApiBlock => ({
  block: { type: 'text', text },
  origin: { line: origin.line, synthetic: true },
});

const firstOrigin = (m: ApiMessage): Origin => m.blocks[0]?.origin ?? { line: m.entries[0]?.line ?? 0 };

/**
 * A tool_result whose content is neither a string nor a list is sent as its JSON text (an object, a bare block) or
 * its string form (a number): recordings 03a-03c.
 */
const stringifyResultContent: Pass = (messages, log) => {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    m.blocks = m.blocks.map((b) => {
      if (b.block.type !== 'tool_result') return b;
      const c = b.block.content;
      if (c === undefined || c === null || typeof c === 'string' || Array.isArray(c)) return b;
      log.push({ pass: 'stringify-result-content', description: 'tool_result content sent as text', origin: b.origin });
      return { ...b, block: { ...b.block, content: typeof c === 'object' ? asText(c) : String(c) } };
    });
  }
  return messages;
};

/**
 * Media a `media_removed` API-error entry of Claude Code's own points back at (the nearest earlier user entry with
 * media of that type, see compile.ts) is sent as the text "(media removed — rejected by API)": recording 12e, where
 * that entry is a later, valid image and not the one the API rejected.
 */
const stripRemovedMedia: Pass = (messages, log, { mediaStrips }) => {
  if (!mediaStrips || mediaStrips.size === 0) return messages;
  const byLine = new Map<number, ReadonlySet<string>>();
  for (const [e, types] of mediaStrips) byLine.set(e.line, types);
  const placeholder = { type: 'text', text: MEDIA_REMOVED };
  for (const m of messages) {
    if (m.role !== 'user') continue;
    m.blocks = m.blocks.map((b) => {
      const types = byLine.get(b.origin.line);
      if (!types || b.origin.synthetic) return b;
      if (typeof b.block.type === 'string' && types.has(b.block.type)) {
        log.push({
          pass: 'strip-removed-media',
          description: `${b.block.type} removed (media_removed)`,
          origin: b.origin,
        });
        return { block: placeholder, origin: { line: b.origin.line, synthetic: true } };
      }
      if (b.block.type !== 'tool_result' || !Array.isArray(b.block.content)) return b;
      const content = b.block.content as unknown[];
      if (!content.some((x) => isObject(x) && typeof x.type === 'string' && types.has(x.type))) return b;
      log.push({
        pass: 'strip-removed-media',
        description: 'media in a tool_result removed (media_removed)',
        origin: b.origin,
      });
      const kept = content.map((x) =>
        isObject(x) && typeof x.type === 'string' && types.has(x.type) ? placeholder : x,
      );
      return { ...b, block: { ...b.block, content: kept } };
    });
  }
  return messages;
};

/**
 * Empty and whitespace-only text blocks are dropped; a block-list user message left empty becomes a
 * "(no content)" text block. Content stored as a string is sent as it is, even when blank (observed).
 */
const dropBlankText: Pass = (messages, log) => {
  for (const m of messages) {
    if (m.role === 'system' || m.stringContent) continue;
    const kept = m.blocks.filter((b) => {
      if (!isBlankText(b)) return true;
      log.push({
        pass: 'drop-blank-text',
        description: 'empty or whitespace-only text block dropped',
        origin: b.origin,
      });
      return false;
    });
    if (kept.length === m.blocks.length) continue;
    m.blocks = kept.length === 0 && m.role === 'user' ? [textBlock(NO_CONTENT, firstOrigin(m))] : kept;
  }
  return messages;
};

/** A tool_reference inside a tool_result gets a sibling text "Tool loaded." (observed). */
const markLoadedTools: Pass = (messages, log) => {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    const ref = m.blocks.find(
      (b) =>
        b.block.type === 'tool_result' &&
        isArrayField(b.block, 'content') &&
        (b.block.content as unknown[]).some(
          (c: unknown) => (c as { type?: unknown } | null)?.type === 'tool_reference',
        ),
    );
    if (!ref) continue;
    m.blocks = [...m.blocks, textBlock(TOOL_LOADED, ref.origin)];
    log.push({
      pass: 'tool-loaded',
      description: 'text "Tool loaded." added after a tool_reference',
      origin: ref.origin,
    });
  }
  return messages;
};

/** filterOrphanedThinkingOnlyMessages: an assistant holding only thinking is dropped. */
const dropThinkingOnly: Pass = (messages, log) =>
  messages.filter((m) => {
    if (m.role !== 'assistant' || m.blocks.length === 0 || !m.blocks.every(isThinkingBlock)) return true;
    log.push({
      pass: 'drop-thinking-only',
      description: 'assistant message holding only thinking dropped',
      origin: firstOrigin(m),
    });
    return false;
  });

/** filterTrailingThinkingFromLastAssistant: the last message may not end with thinking. */
const trimTrailingThinking: Pass = (messages, log) => {
  const last = lastConversational(messages);
  if (last?.role !== 'assistant') return messages;
  let end = last.blocks.length;
  while (end > 0 && isThinkingBlock(last.blocks[end - 1]!)) end--;
  if (end === last.blocks.length) return messages;
  log.push({
    pass: 'trim-trailing-thinking',
    description: 'trailing thinking removed from the last assistant message',
    origin: last.blocks[end]!.origin,
  });
  last.blocks = end === 0 ? [textBlock(NO_MESSAGE_CONTENT, firstOrigin(last))] : last.blocks.slice(0, end);
  return messages;
};

/**
 * filterWhitespaceOnlyAssistantMessages: an assistant left with no content (its blocks were blank) is treated as no
 * response. One stored with no block at all (content []) is kept and gets "(no content)" instead
 * (ensureNonEmptyAssistantContent; recording 10c).
 */
const dropEmptyAssistants: Pass = (messages, log, { emptyAsStored }) =>
  messages.filter((m) => {
    if (m.role !== 'assistant' || m.blocks.length > 0) return true;
    const origin = { line: m.entries[0]?.line ?? 0 };
    if (emptyAsStored.has(m)) {
      m.blocks = [textBlock(NO_CONTENT, origin)];
      log.push({ pass: 'no-content-assistant', description: 'empty assistant message sent as "(no content)"', origin });
      return true;
    }
    log.push({ pass: 'drop-empty-assistant', description: 'assistant message without content dropped', origin });
    return false;
  });

/**
 * Tool pairing as 2.1.332 repairs it (ensureToolResultPairing): a repeated tool_use id is dropped; a server_tool_use
 * with no result block of its id in the same message is dropped (recordings 04a/04b: an orphan server result stays);
 * a tool_use without a result in the next user message gets "[Tool result missing due to internal error]" prepended
 * there (15o, 15q; the calls with no result anywhere are gone already: compile.ts unresolvedToolUseItems), or, when it ends the
 * history, the interrupted error result Claude Code writes to the transcript; a tool_result that answers nothing in
 * the previous assistant message is dropped.
 */
const repairPairing: Pass = (messages, log) => {
  const seenIds = new Set<string>();
  const conv = messages.filter((m) => m.role !== 'system');
  for (let k = 0; k < conv.length; k++) {
    const m = conv[k]!;
    if (m.role !== 'assistant') continue;
    const before = m.blocks.length;
    const serverResults = new Set(
      m.blocks
        .filter((b) => b.block.type !== 'server_tool_use' && typeof b.block.tool_use_id === 'string')
        .map((b) => b.block.tool_use_id),
    );
    m.blocks = m.blocks.filter((b) => {
      if ((b.block.type === 'server_tool_use' || b.block.type === 'mcp_tool_use') && !serverResults.has(b.block.id)) {
        log.push({
          pass: 'drop-unpaired-server-tool-use',
          description: `${asText(b.block.type)} ${asText(b.block.id)} without its result dropped`,
          origin: b.origin,
        });
        return false;
      }
      if (b.block.type !== 'tool_use' || typeof b.block.id !== 'string') return true;
      if (!seenIds.has(b.block.id)) {
        seenIds.add(b.block.id);
        return true;
      }
      log.push({
        pass: 'drop-duplicate-tool-use',
        description: `repeated tool_use id ${b.block.id} dropped`,
        origin: b.origin,
      });
      return false;
    });
    if (m.blocks.length === 0 && before > 0)
      m.blocks = [textBlock(TOOL_USE_INTERRUPTED, { line: m.entries[0]?.line ?? 0 })];
    const next = conv[k + 1];
    const answered = new Set(
      next?.role === 'user'
        ? next.blocks.filter((b) => b.block.type === 'tool_result').map((b) => b.block.tool_use_id)
        : [],
    );
    const missing = m.blocks.filter((b) => b.block.type === 'tool_use' && !answered.has(b.block.id));
    if (missing.length === 0) continue;
    const atTail = !next;
    const synthetic = missing.map((b) => ({
      block: {
        type: 'tool_result',
        tool_use_id: b.block.id,
        content: atTail ? INTERRUPTED_TOOL_RESULT : TOOL_RESULT_MISSING,
        is_error: true,
      },
      origin: { line: b.origin.line, synthetic: true },
    }));
    for (const b of missing) {
      log.push({
        pass: atTail ? 'interrupted-result' : 'missing-result',
        description: `${atTail ? 'interrupted' : 'missing'} error result added for ${asText(b.block.id)}`,
        origin: b.origin,
      });
    }
    if (next?.role === 'user') {
      next.blocks = [...synthetic, ...next.blocks];
      next.stringContent = false;
      continue;
    }
    const result: ApiMessage = { role: 'user', blocks: synthetic, stringContent: false, entries: [] };
    messages.splice(messages.indexOf(m) + 1, 0, result);
    conv.splice(k + 1, 0, result);
  }

  for (let k = 0; k < conv.length; k++) {
    const m = conv[k]!;
    if (m.role !== 'user') continue;
    const prev = k > 0 ? conv[k - 1] : undefined;
    const offered = new Set(
      prev?.role === 'assistant' ? prev.blocks.filter((b) => b.block.type === 'tool_use').map((b) => b.block.id) : [],
    );
    const used = new Set<unknown>();
    const before = m.blocks.length;
    m.blocks = m.blocks.filter((b) => {
      if (b.block.type !== 'tool_result') return true;
      const id = b.block.tool_use_id;
      if (offered.has(id) && !used.has(id)) {
        used.add(id);
        return true;
      }
      log.push({
        pass: 'drop-orphan-result',
        description: `tool_result ${asText(id)} without a matching tool_use dropped`,
        origin: b.origin,
      });
      return false;
    });
    if (m.blocks.length === 0 && before > 0) {
      // Roles keep alternating: the emptied message stays, with a placeholder (observed).
      m.blocks = [textBlock(k === 0 ? ORPHANED_RESULT_REMOVED : NO_CONTENT, { line: m.entries[0]?.line ?? 0 })];
      m.stringContent = k !== 0;
    }
  }
  return messages.filter((m) => m.role === 'system' || m.blocks.length > 0);
};

/** sanitizeErrorToolResultContent: an is_error tool_result may hold only text. */
const textOnlyErrorResults: Pass = (messages, log) => {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    m.blocks = m.blocks.map((b) => {
      if (b.block.type !== 'tool_result' || b.block.is_error !== true || !isArrayField(b.block, 'content')) return b;
      const c = b.block.content as unknown[];
      if (c.every((x: unknown) => (x as { type?: unknown } | null)?.type === 'text')) return b;
      const texts = c.filter((x: unknown) => (x as { type?: unknown } | null)?.type === 'text') as { text?: unknown }[];
      log.push({
        pass: 'error-result-text-only',
        description: 'non-text content of an error tool_result reduced to text',
        origin: b.origin,
      });
      const joined = texts.map((t) => asText(t.text ?? '')).join('\n\n');
      return { ...b, block: { ...b.block, content: joined ? [{ type: 'text', text: joined }] : [] } };
    });
  }
  return messages;
};

/** Messages that lost their content and became neighbours are merged again, the way Claude Code re-merges them. */
const remergeUsers: Pass = (messages) => {
  const out: ApiMessage[] = [];
  for (const m of messages) {
    const prev = out[out.length - 1];
    if (prev && prev.role === 'user' && m.role === 'user') {
      mergeUserInto(prev, m.blocks, m.entries);
    } else {
      out.push(m);
    }
  }
  return out;
};

function lastConversational(messages: ApiMessage[]): ApiMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role !== 'system') return messages[i];
  return undefined;
}

const PASSES: Pass[] = [
  stringifyResultContent,
  stripRemovedMedia,
  dropBlankText,
  markLoadedTools,
  dropThinkingOnly,
  trimTrailingThinking,
  dropEmptyAssistants,
  remergeUsers,
  repairPairing,
  remergeUsers,
  textOnlyErrorResults,
];
