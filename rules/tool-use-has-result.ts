// tool-use-has-result: every tool_use needs a tool_result in the very next user message. The API rejects the
// request otherwise (E1, the most reported resume error); Claude Code 2.1.332 papers over it on resume by dropping
// the call mid-history, or by appending an "interrupted" error result when the call ends the transcript.
// The fix writes what Claude Code itself appends at the tail: an is_error result entry linked after the call.
import { assistantMessageId, blocksOf, blocksOfType, conversation, defineRule, derivedUuid, insertAfterEntry, INTERRUPTED_TOOL_RESULT, isToolResultEntry, showValue, toolIndex, type ApiBlock, type ApiMessage, type Edit, type Entry, type FixDescriptor, type RelatedLine, type TranscriptModel } from '../src/sdk/index.js';

const RULE_ID = 'tool-use-has-result';

/**
 * One result entry per assistant entry, answering every call of that entry that has no result, with the fields
 * Claude Code 2.1.332 writes for an interrupted call (observed: toolUseResult, toolDenialKind,
 * sourceToolAssistantUUID). It hangs below the entry holding the calls. When that entry is a part of a split
 * response, the results of the entry and the further parts of the response stay where they are (the parts stay one
 * linear chain, each result off its own part, as Claude Code writes them); the next turn moves below the new entry.
 */
function interruptedFix(
  model: TranscriptModel,
  anchor: Entry,
  ids: readonly string[],
  lastPrompts: () => ReadonlyMap<unknown, Entry[]>,
): FixDescriptor | undefined {
  if (anchor.uuid === undefined) return undefined;
  // Already written by an earlier pass that did not pair the call (e.g. a message.id collision): do not stack copies.
  if (model.chain().allByUuid.has(derivedUuid(RULE_ID, anchor.uuid, ''))) return undefined;
  const messageId = assistantMessageId(anchor);
  const inserted = insertAfterEntry(model, anchor, {
    ruleId: RULE_ID,
    body: {
      type: 'user',
      message: {
        role: 'user',
        content: ids.map((id) => ({ tool_use_id: id, type: 'tool_result', content: INTERRUPTED_TOOL_RESULT, is_error: true })),
      },
      toolUseResult: INTERRUPTED_TOOL_RESULT,
      toolDenialKind: 'interrupted',
      sourceToolAssistantUUID: anchor.uuid,
    },
    // Claude Code gathers the results hanging off the parts of a response by message.id; without an id the new
    // entry must sit on the chain itself, so every child moves below it.
    keepChildren: messageId === undefined ? undefined : (child) => isToolResultEntry(child) || assistantMessageId(child) === messageId,
  });
  // No place for it that leaves the rest of the walk as it is (see insertAfterEntry): no fix.
  if (!inserted) return undefined;
  const { edits, uuid } = inserted;
  const all: Edit[] = [...edits];
  if (messageId === undefined) {
    // A last-prompt naming the call's entry would keep resuming from above the new result.
    for (const e of lastPrompts().get(anchor.uuid) ?? []) all.push({ kind: 'set', line: e.line, pointer: '/leafUuid', value: uuid });
  }
  return {
    applicability: 'safe',
    description:
      ids.length === 1
        ? `insert an is_error tool_result for ${ids[0]} saying the call was interrupted`
        : `insert is_error tool_results for ${ids.join(', ')} saying the calls were interrupted`,
    edits: all,
  };
}

/**
 * In a plain request or message list the next user message (when there is one) takes the results first in its own
 * content: a new user message in front of it would make two user turns in a row, which Bedrock rejects.
 */
/** Ids of tool results held by entries whose uuid a later line takes over (Claude Code never sees them). */
function hiddenResultIds(model: TranscriptModel): Set<string> {
  const ids = new Set<string>();
  const { byUuid } = model.chain();
  for (const e of model.entries) {
    if (e.uuid === undefined || byUuid.get(e.uuid) === e || !isToolResultEntry(e)) continue;
    for (const b of blocksOf(e)) if (b.type === 'tool_result' && typeof b.tool_use_id === 'string') ids.add(b.tool_use_id);
  }
  return ids;
}

function resultsIntoNext(next: ApiMessage, ids: readonly string[]): FixDescriptor | undefined {
  const entry = next.entries[0];
  const content = (entry?.raw.message as { content?: unknown } | undefined)?.content;
  if (!entry || next.entries.length !== 1) return undefined;
  const rest = typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : undefined;
  if (!rest) return undefined;
  const results = ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: INTERRUPTED_TOOL_RESULT, is_error: true }));
  return {
    applicability: 'safe',
    description:
      ids.length === 1
        ? `add an is_error tool_result for ${ids[0]} saying the call was interrupted`
        : `add is_error tool_results for ${ids.join(', ')} saying the calls were interrupted`,
    edits: [{ kind: 'set', line: entry.line, pointer: '/message/content', value: [...results, ...rest] }],
  };
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'request',
    description: 'Every tool_use has a tool_result with its id in the next user message.',
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      dropped:
        'tool_use {{id}} ({{name}}) has no tool_result in the next user message; on resume Claude Code silently drops the call, so the model no longer sees that it was made.',
      interrupted:
        'tool_use {{id}} ({{name}}) ends the transcript without a tool_result; on resume Claude Code appends an is_error result saying the call was interrupted and its outcome is unknown.',
      missing:
        'tool_use {{id}} ({{name}}) has no tool_result in the next message; the API rejects the request: `tool_use` ids were found without `tool_result` blocks immediately after: {{id}}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    },
  },
  check(ctx) {
    const conv = conversation(ctx.model.apiView().merged);
    const found: { use: ApiBlock; id: string; messageId: 'dropped' | 'interrupted' | 'missing' }[] = [];
    const nextByLine = new Map<number, ApiMessage | undefined>();
    for (let k = 0; k < conv.length; k++) {
      const m = conv[k]!;
      if (m.role !== 'assistant') continue;
      const uses = blocksOfType(m, 'tool_use').filter((b) => typeof b.block.id === 'string');
      if (uses.length === 0) continue;
      const next = conv[k + 1];
      const answered = new Set<unknown>(
        next?.role === 'user' ? next.blocks.filter((b) => b.block.type === 'tool_result').map((b) => b.block.tool_use_id) : [],
      );
      for (const use of uses) {
        const id = use.block.id as string;
        if (answered.has(id)) continue;
        found.push({ use, id, messageId: ctx.target !== 'claude-code' ? 'missing' : next ? 'dropped' : 'interrupted' });
        nextByLine.set(use.origin.line, next);
      }
    }

    // The calls of one stored entry are answered by one inserted entry: one fix, shared by their reports.
    const idsByLine = new Map<number, string[]>();
    for (const f of found) {
      const ids = idsByLine.get(f.use.origin.line);
      if (!ids) idsByLine.set(f.use.origin.line, [f.id]);
      else if (!ids.includes(f.id)) ids.push(f.id);
    }
    let byLeaf: Map<unknown, Entry[]> | undefined;
    const lastPrompts = (): Map<unknown, Entry[]> => {
      if (byLeaf) return byLeaf;
      byLeaf = new Map();
      for (const e of ctx.model.entries) {
        if (e.type !== 'last-prompt') continue;
        const list = byLeaf.get(e.raw.leafUuid);
        if (list) list.push(e);
        else byLeaf.set(e.raw.leafUuid, [e]);
      }
      return byLeaf;
    };
    // A result that is in the file but hidden behind a duplicate uuid is unique-uuid's to bring back; writing an
    // interrupted result beside it would shadow the real one for good.
    const hidden = hiddenResultIds(ctx.model);
    const fixByLine = new Map<number, FixDescriptor | undefined>();
    for (const [line, ids] of idsByLine) {
      if (ids.some((id) => hidden.has(id))) {
        fixByLine.set(line, undefined);
        continue;
      }
      const anchor = ctx.model.entryAtLine(line);
      const next = nextByLine.get(line);
      if (ctx.model.plain && next?.role === 'user') fixByLine.set(line, resultsIntoNext(next, ids));
      else fixByLine.set(line, anchor ? interruptedFix(ctx.model, anchor, ids, lastPrompts) : undefined);
    }

    for (const { use, id, messageId } of found) {
      const related: RelatedLine[] = (toolIndex(ctx.model).results.get(id) ?? [])
        .filter((site) => site.line !== use.origin.line)
        .slice(0, 3)
        .map((site) => ({ line: site.line, message: `a tool_result for ${id} is here, not in the next message` }));
      const fix = fixByLine.get(use.origin.line);
      ctx.report({
        messageId,
        data: { id, name: showValue(use.block.name) },
        line: use.origin.line,
        blockIndex: use.origin.blockIndex,
        related,
        ...(fix ? { fix } : {}),
      });
    }
  },
});
