// tool-use-has-result: every tool_use needs a tool_result in the very next user message. The API rejects the
// request otherwise (E1, the most reported resume error); Claude Code 2.1.332 papers over it on resume. Measured on
// recordings of the real CLI (recorded items 02a-02c, 15o, 15q): an assistant entry whose calls have no result
// anywhere is dropped whole, its text and thinking included, in a compaction's preserved tail as mid-history; a call
// whose result is elsewhere in the history gets "[Tool result missing due to internal error]" and its real result is
// dropped; a call that ends the transcript gets an appended "interrupted" error result, also when other calls of its
// parallel group have results (fixtures/sessions/claude-code/interrupted-tail). A dropped call is an error: the
// history the user had loses it.
// The fix writes what Claude Code itself appends at the tail: an is_error result entry linked after the call. For a
// call in a compaction's preserved segment the entry goes after the compact summary (entries before the boundary are
// not loaded) and is listed in the boundary's preserved segment (02a).
import {
  Anthropic,
  type ApiMessage,
  assistantMessageId,
  blocksOf,
  ClaudeCode,
  defineRule,
  derivedUuid,
  type Entry,
  type FixDescriptor,
  FixPlan,
  HeldReports,
  isObject,
  isToolResultEntry,
  type Lines,
  type RelatedLine,
  showValue,
  type TranscriptModel,
} from '../src/sdk/index.js';

const RULE_ID = 'tool-use-has-result';

/**
 * One result entry per assistant entry, answering every call of that entry that has no result, with the fields
 * Claude Code 2.1.332 writes for an interrupted call (observed: toolUseResult, toolDenialKind,
 * sourceToolAssistantUUID). It hangs below the entry holding the calls. When that entry is a part of a split
 * response, the results of the entry and the further parts of the response stay where they are (the parts stay one
 * linear chain, each result off its own part, as Claude Code writes them); the next turn moves below the new entry.
 */
function interruptedFix(model: TranscriptModel, anchor: Entry, ids: readonly string[]): FixDescriptor | undefined {
  if (anchor.uuid === undefined) return undefined;
  // Already written by an earlier pass that did not pair the call (e.g. a message.id collision): do not stack copies.
  if (model.chain().allByUuid.has(derivedUuid(RULE_ID, anchor.uuid, ''))) return undefined;
  const preserved = preservedPlace(model, anchor);
  if (preserved) return preservedFix(model, anchor, ids, preserved);
  const messageId = assistantMessageId(anchor);
  const plan = new FixPlan(model);
  const uuid = plan.insertAfter(anchor, {
    ruleId: RULE_ID,
    body: interruptedBody(anchor, ids),
    // Claude Code gathers the results hanging off the parts of a response by message.id; without an id the new
    // entry must sit on the chain itself, so every child moves below it.
    keepChildren:
      messageId === undefined
        ? undefined
        : (child) => isToolResultEntry(child) || assistantMessageId(child) === messageId,
  });
  // No place for it that leaves the rest of the walk as it is (see FixPlan.insertAfter): no fix.
  if (uuid === undefined) return undefined;
  if (messageId === undefined) {
    // A last-prompt naming the call's entry would keep resuming from above the new result.
    for (const e of model.lastPromptsByLeaf().get(anchor.uuid) ?? []) plan.set(e, '/leafUuid', uuid);
  }
  return plan.fix(
    'safe',
    ids.length === 1
      ? `insert an is_error tool_result for ${ids[0]} saying the call was interrupted`
      : `insert is_error tool_results for ${ids.join(', ')} saying the calls were interrupted`,
  );
}

/** The result entry's body: what Claude Code 2.1.332 writes for an interrupted call (observed). */
function interruptedBody(anchor: Entry, ids: readonly string[]): Record<string, unknown> {
  return {
    type: 'user',
    message: {
      role: 'user',
      content: ids.map((id) => ({
        tool_use_id: id,
        type: 'tool_result',
        content: ClaudeCode.INTERRUPTED_TOOL_RESULT,
        is_error: true,
      })),
    },
    toolUseResult: ClaudeCode.INTERRUPTED_TOOL_RESULT,
    toolDenialKind: 'interrupted',
    sourceToolAssistantUUID: anchor.uuid,
  };
}

/** Where an entry of the last compaction's preserved segment is listed: its boundary, summary and list position. */
interface PreservedPlace {
  boundary: Entry;
  summary: Entry;
  /** `compactMetadata.preservedMessages.uuids`, when the boundary lists them. */
  uuids?: string[];
  allUuids?: string[];
  isTail: boolean;
}

/**
 * Whether Claude Code loads the entry only as part of the last compaction's preserved segment (it lies before the
 * boundary, and Claude Code deletes what lies there unless it is preserved): then a new result must follow the
 * boundary too, and be listed with the segment.
 */
function preservedPlace(model: TranscriptModel, entry: Entry): PreservedPlace | undefined {
  const boundary = model.chain().compactBoundary;
  if (!boundary || entry.index > boundary.index || entry.uuid === undefined) return undefined;
  const meta = boundary.raw.compactMetadata;
  if (!isObject(meta) || !isObject(meta.preservedSegment)) return undefined;
  const seg = meta.preservedSegment;
  const summary = typeof seg.anchorUuid === 'string' ? model.chain().byUuid.get(seg.anchorUuid) : undefined;
  if (!summary) return undefined;
  const listed = isObject(meta.preservedMessages) ? meta.preservedMessages : undefined;
  const strings = (v: unknown): string[] | undefined =>
    Array.isArray(v) && v.every((u) => typeof u === 'string') ? (v as string[]) : undefined;
  const uuids = strings(listed?.uuids);
  const isTail = seg.tailUuid === entry.uuid;
  if (uuids ? !uuids.includes(entry.uuid) : !isTail && seg.headUuid !== entry.uuid) return undefined;
  return { boundary, summary, uuids, allUuids: strings(listed?.allUuids), isTail };
}

/** The result entry right after the compact summary, below the call, listed after the call in the preserved segment. */
function preservedFix(
  model: TranscriptModel,
  anchor: Entry,
  ids: readonly string[],
  place: PreservedPlace,
): FixDescriptor | undefined {
  if (!place.isTail && !place.uuids) return undefined;
  const plan = new FixPlan(model);
  const uuid = plan.insertEntryAfterLine(place.summary.line, anchor, anchor.uuid!, {
    ruleId: RULE_ID,
    body: interruptedBody(anchor, ids),
  });
  const after = (list: string[]): string[] => {
    const i = list.indexOf(anchor.uuid!);
    return i === -1 ? [...list, uuid] : [...list.slice(0, i + 1), uuid, ...list.slice(i + 1)];
  };
  if (place.isTail) plan.set(place.boundary, '/compactMetadata/preservedSegment/tailUuid', uuid);
  if (place.uuids) plan.set(place.boundary, '/compactMetadata/preservedMessages/uuids', after(place.uuids));
  if (place.allUuids) plan.set(place.boundary, '/compactMetadata/preservedMessages/allUuids', after(place.allUuids));
  return plan.fix(
    'safe',
    `insert an is_error tool_result for ${ids.join(', ')} after the compact summary and add it to the preserved segment`,
  );
}

/** Ids of tool results held by entries whose uuid a later line takes over (Claude Code never sees them). */
function hiddenResultIds(model: TranscriptModel): Set<string> {
  const ids = new Set<string>();
  for (const e of model.entries) {
    if (!model.isShadowed(e) || !isToolResultEntry(e)) continue;
    for (const b of blocksOf(e))
      if (b.type === 'tool_result' && typeof b.tool_use_id === 'string') ids.add(b.tool_use_id);
  }
  return ids;
}

/**
 * In a plain request or message list the next user message (when there is one) takes the results first in its own
 * content: a new user message in front of it would make two user turns in a row, which Bedrock rejects.
 */
function resultsIntoNext(model: TranscriptModel, next: ApiMessage, ids: readonly string[]): FixDescriptor | undefined {
  const entry = next.entries[0];
  const content = (entry?.raw.message as { content?: unknown } | undefined)?.content;
  if (!entry || next.entries.length !== 1) return undefined;
  const rest =
    typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : undefined;
  if (!rest) return undefined;
  const results = ids.map((id) => ({
    type: 'tool_result',
    tool_use_id: id,
    content: ClaudeCode.INTERRUPTED_TOOL_RESULT,
    is_error: true,
  }));
  return new FixPlan(model)
    .setContent(entry, [...results, ...rest])
    .fix(
      'safe',
      ids.length === 1
        ? `add an is_error tool_result for ${ids[0]} saying the call was interrupted`
        : `add is_error tool_results for ${ids.join(', ')} saying the calls were interrupted`,
    );
}

export default defineRule({
  meta: {
    id: RULE_ID,
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'Every tool_use has a tool_result with its id in the next user message.',
    docs: {
      detects: 'a `tool_use` with no `tool_result` in the next user message',
      fix: 'safe (insert an "interrupted" error result)',
      severity: { 'claude-code': 'error (a call dropped on resume) / warn' },
    },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      dropped:
        'tool_use {{id}} ({{name}}) has no tool_result anywhere in the history; on resume Claude Code silently drops the entry holding it{{alsoLost}}, so the model no longer sees that the call was made.',
      misplaced:
        'tool_use {{id}} ({{name}}) has no tool_result in the next user message (its result is on line {{resultLine}}); on resume Claude Code sends "[Tool result missing due to internal error]" for it and drops the real result.',
      interrupted:
        'tool_use {{id}} ({{name}}) ends the transcript without a tool_result; on resume Claude Code appends an is_error result saying the call was interrupted and its outcome is unknown.',
      missing:
        'tool_use {{id}} ({{name}}) has no tool_result in the next message; the API rejects the request: `tool_use` ids were found without `tool_result` blocks immediately after: {{id}}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const conv = Anthropic.conversation(model.apiView().merged);
    // The calls of one stored entry are answered by one inserted entry: one fix, shared by their reports.
    const reports = new HeldReports(ctx);
    const idsByLine = new Map<number, string[]>();
    const fixByLine = new Map<number, FixDescriptor | undefined>();
    // A result that is in the file but hidden behind a duplicate uuid is unique-uuid's to bring back; writing an
    // interrupted result beside it would shadow the real one for good.
    let hidden: Set<string> | undefined;
    const fixFor = (line: number, next: ApiMessage | undefined) => (): FixDescriptor | undefined => {
      if (fixByLine.has(line)) return fixByLine.get(line);
      const ids = idsByLine.get(line)!;
      hidden ??= hiddenResultIds(model);
      const anchor = model.entryAtLine(line);
      let fix: FixDescriptor | undefined;
      if (ids.some((id) => hidden!.has(id))) fix = undefined;
      else if (model.plain && next?.role === 'user') fix = resultsIntoNext(model, next, ids);
      else fix = anchor ? interruptedFix(model, anchor, ids) : undefined;
      fixByLine.set(line, fix);
      return fix;
    };

    // Calls of the response that ends the history, answered on resume with an interrupted result although some of
    // that response's calls have results (the next message is theirs).
    let interrupted: Set<unknown> | undefined;
    const torn = tornLastLine(model.file);
    const resultLines = new Map<unknown, number>();
    for (const m of conv) {
      if (m.role !== 'user') continue;
      for (const b of m.blocks) if (b.block.type === 'tool_result') resultLines.set(b.block.tool_use_id, b.origin.line);
    }
    for (let k = 0; k < conv.length; k++) {
      const m = conv[k]!;
      if (m.role !== 'assistant') continue;
      const uses = Anthropic.blocksOfType(m, 'tool_use').filter((b) => typeof b.block.id === 'string');
      if (uses.length === 0) continue;
      const next = conv[k + 1];
      // Made once per message, when a dropped call asks: a message merged from many copies holds thousands of calls.
      let textLines: Set<number> | undefined;
      const answered = new Set<unknown>(
        next?.role === 'user'
          ? next.blocks.filter((b) => b.block.type === 'tool_result').map((b) => b.block.tool_use_id)
          : [],
      );
      for (const use of uses) {
        const id = use.block.id as string;
        if (answered.has(id)) continue;
        // Its result may be on a line too long to read (valid-json reports it): not known to be missing.
        if (model.unreadLineHolding('tool_use_id', id) !== undefined) continue;
        const line = use.origin.line;
        const ids = idsByLine.get(line);
        if (!ids) idsByLine.set(line, [id]);
        else if (!ids.includes(id)) ids.push(id);
        const related: RelatedLine[] = [];
        // The first three only: an id repeated in thousands of copies of a session has thousands of results.
        for (const site of Anthropic.toolIndex(model).results.get(id) ?? []) {
          if (related.length === 3) break;
          if (site.line !== line)
            related.push({ line: site.line, message: `a tool_result for ${id} is here, not in the next message` });
        }
        // A result that never made it: the torn last line may be it, cut off mid-write.
        if (related.length === 0 && torn?.text.includes(id))
          related.push({
            line: torn.line,
            message: `the torn last line holds ${id}: probably its result, cut off mid-write`,
          });
        const data = { id, name: showValue(use.block.name) };
        const at = { request: use };
        const resultLine = resultLines.get(id);
        if (ctx.target !== 'claude-code') reports.hold({ messageId: 'missing', data, at, related }, fixFor(line, next));
        else if (!next || (interrupted ??= interruptedIds(model)).has(id))
          reports.hold({ messageId: 'interrupted', data, at, related }, fixFor(line, next));
        // Its result is in the history: the cause is where the result (or the call) moved (split-assistant-message,
        // tool-result-has-use), and a second result would not pair it.
        else if (resultLine !== undefined)
          reports.hold({ messageId: 'misplaced', data: { ...data, resultLine }, at, related });
        else {
          const others = (textLines ??= linesWithOtherBlocks(m)).has(line);
          reports.hold(
            {
              messageId: 'dropped',
              // The call leaves the resumed history: an error (differential harness seed 213: the results of a
              // parallel group deleted by hand; Claude Code 2.1.332 sent none of the three calls).
              severity: 'error',
              data: { ...data, alsoLost: others ? ', its text and thinking too' : '' },
              at,
              related,
            },
            fixFor(line, next),
          );
        }
      }
    }
    reports.send();
  },
});

/** Ids Claude Code sends an interrupted result for (a synthetic block of the repaired request). */
function interruptedIds(model: TranscriptModel): Set<unknown> {
  const ids = new Set<unknown>();
  for (const m of model.apiView().messages) {
    if (m.role !== 'user') continue;
    for (const b of m.blocks)
      if (
        b.origin.synthetic &&
        b.block.type === 'tool_result' &&
        b.block.content === ClaudeCode.INTERRUPTED_TOOL_RESULT
      )
        ids.add(b.block.tool_use_id);
  }
  return ids;
}

/** The lines that hold recorded blocks of the message other than tool_use (text, thinking). */
function linesWithOtherBlocks(m: ApiMessage): Set<number> {
  const lines = new Set<number>();
  for (const b of m.blocks) if (!b.origin.synthetic && b.block.type !== 'tool_use') lines.add(b.origin.line);
  return lines;
}

/** The file's last line when it is torn (cut off mid-write, unparsed), with its text. */
function tornLastLine(file: { lines: readonly Lines.SourceLine[] }): { line: number; text: string } | undefined {
  const last = file.lines.at(-1);
  if (!last?.problems.some((p) => p.kind === 'torn')) return undefined;
  return { line: last.lineNo, text: new TextDecoder().decode(last.bytes) };
}
