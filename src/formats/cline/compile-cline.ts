// What Cline (the VS Code extension's task engine, 3.35 to 3.89 and the legacy bundle of 4.x) sends of a stored
// history, pass by pass as its source does it (cline/cline @ 469752a2):
// 1. ContextManager.getAndAlterTruncatedMessages → ensureToolResultsFollowToolUse
//    (src/core/context/context-management/ContextManager.ts): for each assistant message with tool_use blocks that
//    a user message follows, that user message gets its tool_results first, in call order; a call without one gets
//    `{type: "tool_result", tool_use_id, content: "result missing"}`; a result whose id answers no call of the
//    message before (or that a later result for the same id replaces) is left out; a user message stored as a
//    string is emptied first (`nextMessage.content = []`, on the stored object itself).
// 2. On resume (Task.resumeTaskFromHistory, src/core/task/index.ts), a history ending with an assistant message gets a
//    user message after it, so a trailing call is answered "result missing" by pass 1 on the next request. The
//    resumption text itself is not modelled.
// 3. sanitizeAnthropicMessages → convertClineStorageToAnthropicMessage (src/core/api/transform/anthropic-format.ts,
//    src/shared/messages/content.ts): only `{role, content}` is sent; thinking blocks without a signature are left
//    out; `reasoning_details`, `call_id`, `summary` and a non-thinking block's `signature` are removed.
// Not modelled: the truncation range Cline keeps beside the file (state/taskHistory.json,
// conversationHistoryDeletedRange), context_history.json's text edits, the cache_control Cline adds to the last two
// user messages.
import type { ApiBlock, Entry } from '../../model/types.js';
import {
  blocksOfContent,
  isObject,
  type SendPath,
  type SendRepair,
  sendPathOf,
  syntheticBlock,
  toolUseIds,
  type Working,
} from './compile.js';

/** What Cline writes for a call whose result it does not have. */
export const CLINE_RESULT_MISSING = 'result missing';

/**
 * A tool result Cline wrote as text: `[<tool> for '<what>'] Result:` (ToolResultUtils.pushToolResult; `<what>` may
 * hold brackets and newlines: a search pattern, a question).
 */
const TEXT_RESULT = /^\[[a-z_]+(?: for [\s\S]*?)?\] Result:/;

export function clineSendPath(entries: readonly Entry[]): SendPath {
  const repairs: SendRepair[] = [];
  const working: Working[] = [];
  for (const entry of entries) {
    const raw = entry.raw.message as Record<string, unknown>;
    const { content } = raw;
    // Content that is neither a string nor an array is entry-shape's (Cline itself throws on it).
    if (typeof content !== 'string' && !Array.isArray(content)) continue;
    working.push({
      entry,
      line: entry.line,
      raw,
      role: entry.type as 'user' | 'assistant',
      stringContent: typeof content === 'string',
      blocks: blocksOfContent(content, entry.line),
    });
  }
  pairResults(working, repairs);
  answerOnResume(working, repairs);
  for (const w of working) toAnthropic(w, repairs);
  return sendPathOf(working, repairs);
}

/** ensureToolResultsFollowToolUse, on every assistant message with calls and the user message after it. */
function pairResults(working: Working[], repairs: SendRepair[]): void {
  for (let i = 0; i < working.length - 1; i++) {
    const assistant = working[i]!;
    if (assistant.role !== 'assistant' || assistant.stringContent) continue;
    const ids = toolUseIds(assistant.blocks);
    if (ids.length === 0) continue;
    const user = working[i + 1]!;
    if (user.role !== 'user') continue;
    if (user.stringContent) {
      if (user.blocks.some((b) => b.block.text !== ''))
        repairs.push({ kind: 'content-lost', user: user.entry!, assistant: assistant.entry! });
      user.blocks = [];
      user.stringContent = false;
    }
    const results = new Map<string, ApiBlock>();
    const others: ApiBlock[] = [];
    const replaced: ApiBlock[] = [];
    for (const b of user.blocks) {
      if (b.block.type === 'tool_result' && b.block.tool_use_id) {
        const id = String(b.block.tool_use_id);
        const earlier = results.get(id);
        if (earlier) replaced.push(earlier);
        results.set(id, b);
      } else {
        others.push(b);
      }
    }
    let needsUpdate = false;
    if (results.size > 0) {
      let expected = 0;
      for (let j = 0; j < user.blocks.length && expected < ids.length; j++) {
        const b = user.blocks[j]!.block;
        if (b.type === 'tool_result' && b.tool_use_id === ids[expected]) expected++;
        else {
          needsUpdate = true;
          break;
        }
      }
      if (!needsUpdate && expected < results.size) needsUpdate = true;
    }
    // Results Cline wrote as text (its fallback when a call's id is unknown to it) answer the calls in order.
    let inText = user.blocks.filter((b) => b.block.type === 'text' && TEXT_RESULT.test(String(b.block.text))).length;
    for (const id of ids) {
      if (results.has(id)) continue;
      const filled = syntheticBlock({ type: 'tool_result', tool_use_id: id, content: CLINE_RESULT_MISSING }, user.line);
      results.set(id, filled);
      repairs.push({ ...filledRepair(assistant, id, user.entry), ...(inText-- > 0 ? { inText: true } : {}) });
      needsUpdate = true;
    }
    if (!needsUpdate) continue;
    const wanted = new Set(ids);
    for (const b of replaced)
      repairs.push({
        kind: 'result-dropped',
        result: b,
        user: user.entry!,
        assistant: assistant.entry,
        why: 'duplicate',
      });
    for (const [id, b] of results) {
      if (!wanted.has(id))
        repairs.push({
          kind: 'result-dropped',
          result: b,
          user: user.entry!,
          assistant: assistant.entry,
          why: 'orphan',
        });
    }
    const rebuilt = [...ids.map((id) => results.get(id)!), ...others];
    // Stored blocks that stay, in their stored order and in the order sent: they differ when results moved.
    const stored = rebuilt.filter((b) => !b.origin.synthetic);
    const storedOrder = user.blocks.filter((b) => stored.includes(b));
    if (stored.some((b, k) => storedOrder[k] !== b)) repairs.push({ kind: 'results-moved', user: user.entry! });
    user.blocks = rebuilt;
  }
}

/** On resume, a history ending with calls gets a user message after them, which pass 1 fills. */
function answerOnResume(working: Working[], repairs: SendRepair[]): void {
  const last = working[working.length - 1];
  if (last?.role !== 'assistant' || last.stringContent) return;
  const ids = toolUseIds(last.blocks);
  if (ids.length === 0) return;
  const blocks: ApiBlock[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    blocks.push(syntheticBlock({ type: 'tool_result', tool_use_id: id, content: CLINE_RESULT_MISSING }, last.line));
    if (!seen.has(id)) repairs.push(filledRepair(last, id, undefined));
    seen.add(id);
  }
  working.push({ line: last.line, raw: {}, role: 'user', stringContent: false, blocks });
}

function filledRepair(
  assistant: Working,
  id: string,
  user: Entry | undefined,
): Extract<SendRepair, { kind: 'result-filled' }> {
  const use = assistant.blocks.find((b) => b.block.type === 'tool_use' && String(b.block.id) === id)!;
  return { kind: 'result-filled', use, id, assistant: assistant.entry!, user, text: CLINE_RESULT_MISSING };
}

/** Block fields Cline removes before sending (cleanContentBlock). */
const CLINE_FIELDS = ['reasoning_details', 'call_id', 'summary'];

/** convertClineStorageToAnthropicMessage: unsigned thinking left out, Cline's own block fields removed. */
function toAnthropic(w: Working, repairs: SendRepair[]): void {
  if (w.stringContent) return;
  const kept: ApiBlock[] = [];
  for (const b of w.blocks) {
    if (b.block.type === 'thinking' && !b.block.signature) {
      if (w.entry) repairs.push({ kind: 'thinking-dropped', block: b, assistant: w.entry });
      continue;
    }
    kept.push(clean(b));
  }
  w.blocks = kept;
}

function clean(b: ApiBlock): ApiBlock {
  const block = b.block;
  const strips =
    CLINE_FIELDS.some((k) => Object.hasOwn(block, k)) || (block.type !== 'thinking' && 'signature' in block);
  if (!strips || !isObject(block)) return b;
  const copy: Record<string, unknown> = { ...block };
  for (const k of CLINE_FIELDS) delete copy[k];
  if (block.type !== 'thinking') delete copy.signature;
  return { block: copy, origin: b.origin };
}
