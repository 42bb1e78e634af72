// The Messages API request Copilot CLI 1.0.102 (BYOK provider "anthropic") rebuilds from events.jsonl on resume, as
// measured against the real CLI (research NOTES.md section 7-8). Only the main agent's events count (a subagent's
// carry `agentId`), in file order:
// - user.message: a text block of `transformedContent` if it is a string, else `content`; an empty or blank one is
//   dropped; user.messages in a row make one user message.
// - assistant.message: the signed thinking blocks of `reasoningBlocks` (unsigned ones are dropped), a text block of
//   `content` with trailing whitespace trimmed (none when empty), a tool_use per `toolRequests` entry (`arguments`
//   given as a JSON string are parsed; missing ones are {}); an assistant message with no block is dropped. One
//   that directly follows another (no prompt or tool result between them, as when two terminals resumed the session
//   and their answers interleave) is merged into it: its blocks are appended to the previous message's (recorded).
// - the calls' results, one user message after the assistant message, in the order of its toolRequests: the first
//   tool.execution_complete of each toolCallId before the next session.resume (a later prompt, or the reply to it,
//   does not end it) that no earlier request of the id took (a completion answers one call: differential seed 180,
//   an older copy restored twice, the second copy's request got the placeholder while the first took the result);
//   its `result.content` on success, else `error.message` ("Tool execution failed" without one). A call with none
//   after it takes the first completion of its id before it, back to the last session.resume, that no request took
//   and that no request of its id came before (completion-after-resume-then-call: the placeholder).
//   A call with none gets Copilot's placeholder (a call with an empty id gets nothing): mid-history the in-memory one;
//   at the end of the file (no assistant.message and no session.resume after the request; prompts after it do not
//   count) the text of the completion Copilot then appends itself.
// The system prompt and tools are Copilot's own (the stored system.message is never sent), so they are not part of
// it; nor are the new prompt of the resume and Copilot's cache_control marks.
import type { ApiBlock, ApiMessage, Block } from '../../model/types.js';
import { type CopilotEvent, isObject, toolCallIdOf, toolRequestsOf } from './events.js';
import { pushAll } from '../../model/arrays.js';

/** What Copilot sends for a call whose result is missing mid-history (in memory; the file is not changed). */
export const INTERRUPTED_MID = 'The execution of this tool, or a previous tool was interrupted.';
/** The error message of the completion Copilot appends for a call still pending at the end of the file. */
export const INTERRUPTED_TAIL =
  'Tool execution was interrupted before a result was recorded. Its effects may be absent, partial, or already complete, and other tools may have completed successfully. Check the current state before retrying; do not assume success or replay this operation blindly.';
/**
 * Tools whose call pending at the end of the file gets INTERRUPTED_MID, not INTERRUPTED_TAIL, in the completion
 * Copilot appends (recorded: tool-error cut after its request of `view` and `bash`, with or without their
 * execution_start lines: `view` got the short text, `bash` the long one; three `bash` calls all got the long one).
 */
const SHORT_AT_TAIL = new Set(['view']);

/** The text Copilot sends for a call with no completion: mid-history, or pending at the end of the file. */
export function interruptedText(toolName: unknown, tail: boolean): string {
  return tail && !(typeof toolName === 'string' && SHORT_AT_TAIL.has(toolName)) ? INTERRUPTED_TAIL : INTERRUPTED_MID;
}

/** What Copilot sends for a failed call whose completion has no error message. */
export const FAILED_WITHOUT_ERROR = 'Tool execution failed';

/** The text a user.message sends: `transformedContent` when it is a string, else `content`. */
export function userTextOf(e: CopilotEvent): string | undefined {
  const t = e.data?.transformedContent;
  if (typeof t === 'string') return t;
  const c = e.data?.content;
  return typeof c === 'string' ? c : undefined;
}

/** The tool_result content a completion sends. */
export function resultTextOf(e: CopilotEvent): string {
  const d = e.data ?? {};
  if (d.success === true) {
    const result = d.result;
    const content = isObject(result) ? result.content : undefined;
    return typeof content === 'string' ? content : content === undefined ? '' : JSON.stringify(content);
  }
  const error = d.error;
  const message = isObject(error) ? error.message : undefined;
  return typeof message === 'string' ? message : FAILED_WITHOUT_ERROR;
}

/** A tool_use's input: `arguments`, parsed when it is a JSON string; {} when it is missing. */
function inputOf(args: unknown): unknown {
  if (args === undefined || args === null) return {};
  if (typeof args === 'string') {
    try {
      return JSON.parse(args) as unknown;
    } catch {
      return args;
    }
  }
  return args;
}

/** Which completion each request is paired with (by toolCallId, within its stretch between session.resumes). */
export interface Pairing {
  /** The paired completion of each request, by the request's event and toolCallId. */
  completionOf(request: CopilotEvent, toolCallId: string): CopilotEvent | undefined;
  /** Whether the request's calls are pending at the end of the file (no later assistant.message or session.resume). */
  isTail(request: CopilotEvent): boolean;
  /**
   * Whether the call gets the completion Copilot appends at the end of the file for a pending call of that id: the
   * first request of the id with no completion of its own and no session.resume after it takes it (recorded: a file
   * with its own older copy appended, the copy's request pending at the end; the original's request, whose completion
   * was torn, got the appended completion's text, the copy's request the in-memory one). When that first request's
   * own completion went to an earlier request, it takes the appended one but still sends the in-memory text, and so
   * does the pending call at the end (recorded, differential seed 180).
   */
  takesTailCompletion(request: CopilotEvent, toolCallId: string): boolean;
}

/** Pairs the requests of one agent's events (in file order) with their completions, as Copilot does. */
export function pairCalls(events: readonly CopilotEvent[]): Pairing {
  const paired = new Map<CopilotEvent, Map<string, CopilotEvent>>();
  const tails = new Set<CopilotEvent>();
  /** The completions an earlier request took. */
  const taken = new Set<CopilotEvent>();
  /** The calls (request and id) whose completion an earlier request took. */
  const takenFrom = new Map<CopilotEvent, Set<string>>();
  /** The earliest untaken completion before a request, by id (the backward walk overwrites later ones). */
  const earlier = new Map<string, CopilotEvent>();
  // The completions that come after a request of their id: one no request took (after a session.resume that ended
  // its request's pairing, or a second one) is not kept for a later request of the id (recorded: differential seed
  // 524 and fixtures/sessions/copilot-resumed/completion-after-resume-then-call, the later request got the
  // placeholder although that completion came before it with no session.resume between).
  const afterRequest = new Set<CopilotEvent>();
  const requestedIds = new Set<string>();
  for (const e of events) {
    if (e.type === 'tool.execution_complete') {
      const id = toolCallIdOf(e);
      if (id !== undefined && requestedIds.has(id)) afterRequest.add(e);
    }
    for (const { request } of toolRequestsOf(e))
      if (typeof request.toolCallId === 'string') requestedIds.add(request.toolCallId);
  }
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const requests = toolRequestsOf(e);
    if (requests.length === 0) continue;
    const ids = new Set(
      requests.map((r) => r.request.toolCallId).filter((id): id is string => typeof id === 'string' && id !== ''),
    );
    const found = new Map<string, CopilotEvent>();
    let laterTurn = false;
    let open = true;
    for (let j = i + 1; j < events.length && (open || !laterTurn); j++) {
      const f = events[j]!;
      // A later assistant.message or resume ends the tail; only a resume ends the pairing (recorded: a completion
      // after the next prompt, even after the reply to it, is still the call's result; one after a session.resume
      // is not, and a call pending before a prompt with nothing after it gets Copilot's end-of-file completion).
      if (f.type === 'assistant.message' || f.type === 'session.resume') laterTurn = true;
      if (f.type === 'session.resume') open = false;
      if (!open || f.type !== 'tool.execution_complete') continue;
      const id = toolCallIdOf(f);
      if (id === undefined || !ids.has(id) || found.has(id)) continue;
      if (taken.has(f)) {
        const lost = takenFrom.get(e) ?? new Set<string>();
        lost.add(id);
        takenFrom.set(e, lost);
        continue;
      }
      found.set(id, f);
      taken.add(f);
    }
    // A call with no completion after it takes an earlier one of its id that no request took, if no session.resume
    // lies between (recorded, fixtures/sessions/copilot-resumed: completion-before-call and -prompt-between sent the
    // real result; -across-resume the placeholder; completion-before-and-after-call the later one).
    for (let j = i - 1; j >= 0 && events[j]!.type !== 'session.resume'; j--) {
      const f = events[j]!;
      const id = f.type === 'tool.execution_complete' ? toolCallIdOf(f) : undefined;
      if (id === undefined || !ids.has(id) || found.has(id) || taken.has(f) || takenFrom.get(e)?.has(id)) continue;
      if (afterRequest.has(f)) continue;
      earlier.set(id, f);
    }
    for (const [id, f] of earlier) {
      found.set(id, f);
      taken.add(f);
    }
    earlier.clear();
    paired.set(e, found);
    if (!laterTurn) tails.add(e);
  }
  // The calls pending at the end of the file, and who takes the completion Copilot appends for each.
  const takers = new Map<CopilotEvent, Set<string>>();
  const lastResume = events.findLastIndex((e) => e.type === 'session.resume');
  for (const tail of tails)
    for (const { request } of toolRequestsOf(tail)) {
      const id = request.toolCallId;
      if (typeof id !== 'string' || id === '' || paired.get(tail)?.has(id)) continue;
      const taker = events.find(
        (e, i) =>
          i > lastResume && !paired.get(e)?.has(id) && toolRequestsOf(e).some((r) => r.request.toolCallId === id),
      );
      if (!taker || takenFrom.get(taker)?.has(id)) continue;
      const ids = takers.get(taker) ?? new Set<string>();
      ids.add(id);
      takers.set(taker, ids);
    }
  return {
    completionOf: (request, id) => paired.get(request)?.get(id),
    isTail: (request) => tails.has(request),
    takesTailCompletion: (request, id) => takers.get(request)?.has(id) === true,
  };
}

/** The messages Copilot sends on resume, each block with the line it comes from. */
export function compileMessages(mainEvents: readonly CopilotEvent[]): ApiMessage[] {
  const pairing = pairCalls(mainEvents);
  const messages: ApiMessage[] = [];
  const push = (role: 'user' | 'assistant', blocks: ApiBlock[], mergeUser: boolean): void => {
    const last = messages[messages.length - 1];
    const merge =
      role === 'assistant'
        ? last?.role === 'assistant'
        : mergeUser && last?.role === 'user' && last.blocks.every((b) => b.block.type === 'text');
    if (merge) {
      pushAll(last!.blocks, blocks);
      return;
    }
    messages.push({ role, blocks, stringContent: false, entries: [] });
  };
  for (const e of mainEvents) {
    if (e.type === 'user.message') {
      const text = userTextOf(e);
      if (text === undefined || text.trim() === '') continue;
      push('user', [{ block: { type: 'text', text }, origin: { line: e.line } }], true);
      continue;
    }
    if (e.type !== 'assistant.message') continue;
    const blocks: ApiBlock[] = [];
    for (const t of thinkingBlocksOf(e)) blocks.push({ block: t, origin: { line: e.line } });
    const content = e.data?.content;
    if (typeof content === 'string' && content.trimEnd() !== '')
      blocks.push({ block: { type: 'text', text: content.trimEnd() }, origin: { line: e.line } });
    const results: ApiBlock[] = [];
    for (const { index, request } of toolRequestsOf(e)) {
      const id = request.toolCallId;
      blocks.push({
        block: { type: 'tool_use', id, name: request.name, input: inputOf(request.arguments) },
        origin: { line: e.line, blockIndex: index },
      });
      // A call with an empty id gets no result at all (the API then rejects the request).
      if (typeof id !== 'string' || id === '') continue;
      const completion = pairing.completionOf(e, id);
      if (completion) {
        results.push({
          block: { type: 'tool_result', tool_use_id: id, content: resultTextOf(completion) },
          origin: { line: completion.line },
        });
      } else {
        const text = interruptedText(request.name, pairing.takesTailCompletion(e, id));
        results.push({
          block: { type: 'tool_result', tool_use_id: id, content: text },
          origin: { line: e.line, blockIndex: index, synthetic: true },
        });
      }
    }
    if (blocks.length === 0) continue;
    push('assistant', blocks, false);
    if (results.length > 0) push('user', results, false);
  }
  return messages;
}

/** The thinking blocks Copilot sends back: those of `reasoningBlocks` that carry a signature. */
function thinkingBlocksOf(e: CopilotEvent): Block[] {
  const rb = e.data?.reasoningBlocks;
  const blocks = isObject(rb) ? rb.blocks : undefined;
  if (!Array.isArray(blocks)) return [];
  const out: Block[] = [];
  for (const b of blocks) {
    if (!isObject(b)) continue;
    if (b.type === 'thinking' && typeof b.signature === 'string' && b.signature !== '')
      out.push({ type: 'thinking', thinking: b.thinking, signature: b.signature });
    else if (b.type === 'redacted_thinking' && typeof b.data === 'string')
      out.push({ type: 'redacted_thinking', data: b.data });
  }
  return out;
}
