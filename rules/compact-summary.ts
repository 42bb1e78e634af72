// compact-summary: a compaction that lost one of its two halves. Claude Code writes a `compact_boundary` (parent
// null) followed by the summary user entry (`isCompactSummary`, parent = the boundary); resume walks back to the
// boundary and sends the summary in place of the older history (spec: claude-code-observed.md, "Transcript format"
// and "How resume picks and rebuilds the chain"). Checked with the oracle: with the summary gone, the resumed history
// starts after the boundary with nothing standing for the older conversation; with the boundary gone, the summary's
// parent dangles and the whole pre-compact history is sent along with the summary. Re-checked on recordings of the
// real Claude Code 2.1.332 (recorded items 13a-13c): the last boundary deleted, everything since the previous
// compaction is sent and the summary becomes a text block of a user message; the first one deleted (behind the last
// boundary), no effect. The unsafe fix brings a deleted boundary back as Claude Code writes it (its uuid is the one the
// summary names; the old leaf as its logical parent and, when that is a plain reply, as its preserved segment): the
// request is then the one before the boundary was lost (13a).
// A crash between the two writes (the boundary written, its summary never or torn) is fatal: Claude Code
// 2.1.332 hangs the preserved tail below the summary that is not there and deletes the history before the boundary,
// so it sends the preserved tail alone, which starts with an assistant message, and the API rejects it on every retry
// (recorded: fixtures/sessions/claude-code/unwritten-summary). The safe fix removes that boundary, when nothing hangs
// below it: the compaction never finished, and resume sends the history the user had before it. With attachments
// below it (an automatic compaction writes them before the summary) the fix removes them too, and is unsafe.
// A compaction written by another terminal after this turn began (two writers of one session): Claude Code 2.1.332
// deletes the history before the last boundary, so the turn's parent is gone and its turn is sent on top of the
// summary and preserved tail, without the deleted entries between (recorded: the differential harness's seed 25).
// An error when messages are among them. The unsafe fix sets that compaction aside (kept-line entries), and the
// turn is sent with the whole history again (recorded on the fixed file). A boundary with another sessionId than the
// turn's is another session's compaction, applied to this session's entries all the same (differential harness seed
// 342, fixtures/sessions/claude-code/compacted-by-other-session, where single-session reports it): the message says
// whose.
import {
  aboveAttachments,
  assistantMessageId,
  blocksOf,
  ClaudeCode,
  defineRule,
  type Entry,
  entriesBelow,
  type FixDescriptor,
  FixPlan,
  isCompactBoundary,
  isCompactSummary,
  isObject,
  type StorageView,
} from '../src/sdk/index.js';

const RULE_ID = 'compact-summary';

export default defineRule({
  meta: {
    id: 'compact-summary',
    type: 'problem',
    view: 'storage',
    formats: ['claude-code'],
    description: 'Every compact boundary is followed by its summary, and every compact summary hangs off its boundary.',
    docs: {
      detects: 'a compact boundary with no summary after it, or a summary whose boundary is gone',
      fix: "safe (remove a boundary whose summary was never written); unsafe (bring the deleted boundary back, remove an unfinished one with its attachments, or set aside another writer's compaction that deletes a turn's history)",
    },
    severity: { 'claude-code': 'warn', api: 'off' },
    fixable: 'safe',
    messages: {
      unwrittenSummary:
        'This compact boundary has no summary: its summary ({{anchor}}) was never written (a crash between the two writes of a compaction?). On resume Claude Code deletes the history before the boundary and sends the preserved tail alone (from line {{head}}), which starts with an assistant message, so the API rejects the request on every retry.',
      noSummary:
        'This compact boundary has no summary entry (`isCompactSummary`) after it, so on resume the history starts after the boundary with nothing standing for the conversation before the compaction.',
      boundaryGone:
        'This compact summary hangs off {{parent}}, which {{why}}, so resume walks past the summary and sends the whole pre-compact history along with it.',
      deletedParent:
        "This entry's turn goes on from line {{parent}}, which comes before the compaction on line {{boundary}} and is not kept by it: {{whose}}. On resume Claude Code deletes {{deleted}} and sends this turn on top of the compaction's summary and preserved tail (line {{survivor}}){{lost}}.",
      olderBoundaryGone:
        'This compact summary hangs off {{parent}}, which {{why}}; today it has no effect, since resume starts at a later compaction, but the history before this one is not cut off any more.',
    },
  },
  check(ctx) {
    const { entries } = ctx.model;
    const { byUuid } = ctx.model.chain();
    const walked = new Set(ctx.model.chain().walked.map((st) => st.entry));
    const summarised = new Set<string>();
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (!isCompactSummary(e) || typeof e.parentUuid !== 'string') continue;
      const { top, parentUuid } = aboveAttachments(e, byUuid);
      const parent = byUuid.get(parentUuid);
      if (parent && isCompactBoundary(parent)) {
        summarised.add(parentUuid);
        continue;
      }
      const through = top === e ? '' : ` (through the attachment entries from line ${top.line})`;
      const why = parent
        ? `is not a compact boundary (line ${parent.line}, ${/^[aeiou]/.test(parent.type) ? 'an' : 'a'} \`${parent.type || 'typeless'}\` entry)`
        : 'names no entry in the file (the boundary is gone)';
      const onWalk = walked.has(e);
      ctx.report({
        messageId: onWalk ? 'boundaryGone' : 'olderBoundaryGone',
        at: { entry: e, pointer: '/parentUuid' },
        data: { parent: `${parentUuid}${through}`, why },
        related: parent ? [{ line: parent.line, message: 'the entry the summary hangs off' }] : [],
        fix: parent ? undefined : restoreBoundary(ctx.model, e, top, parentUuid),
      });
    }
    const boundaryLine = ctx.model.chain().compactBoundary?.line;
    for (const { entry, deleted, survivor } of deletedParents(ctx.model)) {
      const messages = deleted.filter((d) => d.type === 'user' || d.type === 'assistant');
      const lines = deleted.map((d) => d.line).sort((a, b) => a - b);
      const n = messages.length;
      ctx.report({
        messageId: 'deletedParent',
        severity: n > 0 ? 'error' : 'warn',
        at: { entry, pointer: '/parentUuid' },
        data: {
          parent: deleted[0]!.line,
          boundary: boundaryLine ?? '?',
          whose: whoseCompaction(entry, ctx.model.chain().compactBoundary),
          deleted: `${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')}`,
          survivor: survivor.line,
          lost:
            n > 0
              ? `: the ${n === 1 ? 'message' : `${n} messages`} of line${n === 1 ? '' : 's'} ${messages.map((m) => m.line).join(', ')} ${n === 1 ? 'is' : 'are'} not sent`
              : '',
        },
        related: [
          { line: deleted[0]!.line, message: 'the parent, deleted on resume' },
          ...(boundaryLine !== undefined ? [{ line: boundaryLine, message: 'the compaction' }] : []),
        ],
        fix: n > 0 ? setAsideCompaction(ctx.model) : undefined,
      });
    }
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (!isCompactBoundary(e) || e.uuid === undefined || summarised.has(e.uuid)) continue;
      if (ctx.model.isShadowed(e)) continue;
      const unwritten = unwrittenSummary(ctx.model, e);
      if (unwritten) {
        ctx.report({
          messageId: 'unwrittenSummary',
          severity: 'error',
          at: { entry: e },
          data: { anchor: unwritten.anchor, head: unwritten.head.line },
          related: [{ line: unwritten.head.line, message: 'the preserved tail, sent first and alone' }],
          fix: removeUnfinishedBoundary(ctx.model, e, unwritten.anchor),
        });
        continue;
      }
      ctx.report({ messageId: 'noSummary', at: { entry: e } });
    }
  },
});

/**
 * Entries on the resumed chain whose parent Claude Code deletes with the compacted history (chain.ts: the walk goes on
 * from the nearest ancestor that survives). An error when a user or assistant message is among the deleted entries
 * (history the turn had is not sent), a warning when only attachments are.
 */
function deletedParents(model: StorageView): { entry: Entry; deleted: Entry[]; survivor: Entry }[] {
  const { prunedParent, pruned, parentIndex, storedParent } = model.chain();
  if (!prunedParent || !pruned || !parentIndex) return [];
  const { entries } = model;
  const out: { entry: Entry; deleted: Entry[]; survivor: Entry }[] = [];
  for (const entry of prunedParent) {
    const deleted: Entry[] = [];
    let at = parentIndex[entry.index]!;
    // A message relinked to the preserved tail: its deleted parents are those it names.
    if ((at < 0 || !pruned(entries[at]!)) && storedParent) at = storedParent[entry.index]!;
    while (at >= 0 && pruned(entries[at]!) && !deleted.includes(entries[at]!)) {
      deleted.push(entries[at]!);
      at = parentIndex[at]!;
    }
    const survivor = at >= 0 ? entries[at] : undefined;
    if (deleted.length > 0 && survivor) out.push({ entry, deleted, survivor });
  }
  return out;
}

/** Who wrote the compaction: another writer of this session, or (another sessionId on its boundary) another session. */
function whoseCompaction(entry: Entry, boundary: Entry | undefined): string {
  const own = entry.raw.sessionId;
  const theirs = boundary?.raw.sessionId;
  if (typeof own === 'string' && typeof theirs === 'string' && own !== theirs)
    return `the compaction is another session's (${theirs}, its lines joined into this file), and Claude Code applies it to session ${own}'s entries too`;
  return 'another writer compacted the session after this turn began';
}

/** A user entry that only displays a local command: its caveat, its `<command-name>` line or its output. */
function commandDisplay(e: Entry): boolean {
  if (e.type !== 'user') return false;
  if (e.raw.isMeta === true) return true;
  const content = (e.raw.message as { content?: unknown } | undefined)?.content;
  return typeof content === 'string' && /^\s*<(command-name|local-command-)/.test(content);
}

/**
 * The other writer's compaction set aside: the boundary the walk stopped at and the entries that hang below it (its
 * summary and the /compact command's lines), each kept byte for byte in an entry Claude Code ignores. Nothing is then
 * deleted on resume, and the turn goes on from its own parent with the history before it (recorded, seed 25: with the
 * boundary set aside Claude Code sent both rounds, the turn's prompt and the turn, and no summary). Not when a
 * response or prompt hangs below the compaction (that writer went on after it: its turns would be cut off).
 */
function setAsideCompaction(model: StorageView): FixDescriptor | undefined {
  const boundary = model.chain().compactBoundary;
  if (boundary?.uuid === undefined) return undefined;
  const below = new Set<string>([boundary.uuid]);
  const aside: Entry[] = [boundary];
  for (let i = boundary.index + 1; i < model.entries.length; i++) {
    const e = model.entries[i]!;
    if (typeof e.raw.parentUuid !== 'string' || !below.has(e.raw.parentUuid)) continue;
    if ((e.type === 'user' || e.type === 'assistant') && !isCompactSummary(e) && !commandDisplay(e)) return undefined;
    if (e.uuid !== undefined) below.add(e.uuid);
    aside.push(e);
  }
  const plan = new FixPlan(model);
  for (const e of aside) {
    const line = model.file.lines[e.line - 1]!;
    plan.replaceLineText(e.line, ClaudeCode.keptLineText(model.file, line, 'compacted-by-other'));
  }
  return plan.fix(
    'unsafe',
    `set the other writer's compaction (${aside.length === 1 ? 'line' : 'lines'} ${aside.map((e) => e.line).join(', ')}) aside in ${ClaudeCode.KEPT_LINE} entries, which Claude Code ignores, so this turn is sent with the history it went on from`,
  );
}

/**
 * The boundary's preserved head, when resume hangs it below a summary (the segment's anchor) that is not in the file
 * and starts the history there (chain.ts preservedSegmentRelinks).
 */
function unwrittenSummary(model: StorageView, boundary: Entry): { anchor: string; head: Entry } | undefined {
  const meta = boundary.raw.compactMetadata;
  const seg = isObject(meta) && isObject(meta.preservedSegment) ? meta.preservedSegment : undefined;
  const anchor = seg?.anchorUuid;
  if (typeof anchor !== 'string' || model.chain().byUuid.has(anchor)) return undefined;
  const { walked, parentOf } = model.chain();
  const head = walked[0]?.entry;
  return head && parentOf(head) === anchor ? { anchor, head } : undefined;
}

/**
 * Without the boundary the compaction never happened: resume walks the preserved tail's own parents, through the
 * history before it. Safe when nothing hangs below the boundary; unsafe when attachments do (an automatic compaction
 * writes them before the summary: they go too, their context is written again on the next turn). No fix when a
 * message hangs below the boundary or its missing summary.
 */
function removeUnfinishedBoundary(model: StorageView, boundary: Entry, anchor: string): FixDescriptor | undefined {
  if (model.entries.some((e) => e.parentUuid === anchor)) return undefined;
  const below = entriesBelow(model.entries, boundary);
  if ([...below].some((e) => e.type !== 'attachment')) return undefined;
  const plan = new FixPlan(model).removeEntry(boundary);
  for (const e of below) plan.removeEntry(e);
  return below.size === 0
    ? plan.fix('safe', 'remove the boundary of the compaction that never finished, so the history before it is sent')
    : plan.fix(
        'unsafe',
        `remove the boundary of the compaction that never finished and the ${below.size} attachment entries below it, so the history before it is sent`,
      );
}

/**
 * The deleted boundary, as Claude Code 2.1.332 writes one (recording 13a's boundary-as-written.json): right before the
 * summary (or before the attachments it hangs under, `top`), with the uuid the summary names, a null parent, the
 * last message before it as its logical parent.
 * When that message is a plain reply (no tool call), it is the preserved segment too: Claude Code keeps the last reply
 * of a compacted conversation (head and tail), hung below the summary (the anchor). The size fields are unknown: 0.
 */
function restoreBoundary(model: StorageView, summary: Entry, top: Entry, uuid: string): FixDescriptor | undefined {
  let last: Entry | undefined;
  for (let i = top.index - 1; i >= 0 && !last; i--) {
    const e = model.entries[i]!;
    if ((e.type === 'user' || e.type === 'assistant') && !e.isSidechain && e.uuid !== undefined && !model.isShadowed(e))
      last = e;
  }
  if (!last || summary.uuid === undefined) return undefined;
  const plainReply =
    last.type === 'assistant' &&
    assistantMessageId(last) !== undefined &&
    !blocksOf(last).some((b) => b.type === 'tool_use');
  const compactMetadata: Record<string, unknown> = { trigger: 'manual', preTokens: 0 };
  if (plainReply) {
    compactMetadata.preservedSegment = { headUuid: last.uuid, anchorUuid: summary.uuid, tailUuid: last.uuid };
    compactMetadata.preservedMessages = { anchorUuid: summary.uuid, uuids: [last.uuid], allUuids: [last.uuid] };
  }
  const plan = new FixPlan(model);
  plan.insertEntryAfterLine(
    top.line - 1,
    top,
    null,
    {
      ruleId: RULE_ID,
      uuid,
      body: {
        logicalParentUuid: last.uuid,
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        isMeta: false,
        level: 'info',
        compactMetadata,
      },
    },
    -1,
  );
  return plan.fix(
    'unsafe',
    `bring back the compact boundary ${uuid} before the summary (logical parent: line ${last.line}${plainReply ? ', kept as its preserved tail' : ''})`,
  );
}
