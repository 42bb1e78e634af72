// first-message-user: the request must start with a user message. When the chain Claude Code walks starts at an
// assistant entry (a root assistant, a parent that is not in the file, or nothing sendable before it), Claude Code
// 2.1.332 sends the request as it is and the API rejects it on every retry (two claude-code-log fixtures,
// edge_cases.jsonl and sidechain_integrated.jsonl, fail this way: 6 requests, then exit 1).
// A chain that starts at attachments rendered as system text is not such a request: Claude Code sends that text first
// as a user string (compile.ts leadingSystemAsUser), e.g. a stored `date` attachment "The date has changed", which
// it writes when a turn starts on another day than the chain's last `date` attachment. The one it adds at resume for
// the same reason goes after the resume prompt, so it never opens the request (oracle, differential seed 184).
// The fix inserts a user entry at the root of the sent chain that says the earlier history is missing, or, when the
// walk ends at a later part of a split response, links that part to the earlier parts, above which the history is.
// When the root's parent was deleted from the file and earlier entries survive, the fix is parent-exists' re-link
// (unsafe), which sends the earlier turns again: a new root would only make the request valid.
import {
  Anthropic,
  assistantMessageId,
  defineRule,
  derivedUuid,
  entriesBelow,
  type Entry,
  type FixDescriptor,
  FixPlan,
  isCompactBoundary,
  isCompactSummary,
  isObject,
  nearestEarlierOfChain,
  type RelatedLine,
  type Site,
  type TranscriptModel,
} from '../src/sdk/index.js';

const RULE_ID = 'first-message-user';

/** The text of the user entry the fix inserts. */
export const MISSING_HISTORY =
  '[transcript-lint: the earlier history of this session is missing from the file; the conversation continues below]';

/**
 * A user entry ahead of everything the walk reaches: a new root before the chain's first entry, which then hangs
 * below it (a dangling or absent parent, or a link closing a cycle, is replaced by the new root). Entries the walk
 * reached only by bridging keep their place, so nothing that was sent before is cut off. A chain that starts at a
 * compact boundary (the walk stops there whatever the boundary's parent is) gets the entry right below the boundary,
 * or below the boundary's summary when the walk goes through one (a summary Claude Code cannot read sends nothing,
 * but it must stay on its boundary).
 */
function missingHistoryFix(model: TranscriptModel, root: Entry): FixDescriptor | undefined {
  const body = { type: 'user', message: { role: 'user', content: MISSING_HISTORY } };
  const atBoundary = isCompactBoundary(root);
  const anchor = atBoundary ? (summaryBelow(model, root) ?? root) : root;
  if (anchor.uuid === undefined && atBoundary) return undefined;
  const uuid = derivedUuid(RULE_ID, anchor.uuid ?? String(anchor.line), '');
  // Written by an earlier pass that did not put a user message first: do not stack copies.
  if (model.chain().allByUuid.has(uuid)) return undefined;
  const plan = new FixPlan(model);
  const inserted = atBoundary
    ? plan.insertAfter(anchor, { ruleId: RULE_ID, body, keepChildren: (c) => anchor === root && isCompactSummary(c) })
    : plan.insertRootBefore(root, { ruleId: RULE_ID, body });
  if (inserted === undefined) return undefined;
  const damaged = typeof root.parentUuid === 'string' ? damagedLineNaming(model, root.parentUuid) : undefined;
  // The entry the chain started from may be on a line that cannot be read now (a NUL byte, bad UTF-8), which
  // valid-json's fix may bring back: a new root would then cut it off again, so it is not safe.
  if (damaged !== undefined)
    return plan.fix(
      'unsafe',
      `insert a user entry saying the earlier history is missing (the entry this chain followed may be on line ${damaged}, which cannot be read now; valid-json's fix may bring it back)`,
    );
  return plan.fix('safe', 'insert a user entry saying the earlier history is missing');
}

/**
 * A line that does not read as an entry but holds the text `"uuid"` (the entry may be there, damaged). Not a line
 * over the length limit: valid-json has no fix that brings one back (and it may be too long to hold).
 */
function damagedLineNaming(model: TranscriptModel, uuid: string): number | undefined {
  if (model.chain().byUuid.has(uuid)) return undefined;
  const quoted = Buffer.from(`"${uuid}"`);
  for (const line of model.file.lines) {
    if (line.json !== undefined || line.problems.length === 0) continue;
    if (line.problems.some((p) => p.kind === 'too-long')) continue;
    const { bytes } = line;
    if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(quoted)) return line.lineNo;
  }
  return undefined;
}

/**
 * Claude Code writes a response as a linear chain of parts, and sends all parts of a response where it first meets
 * one (the parts off the walk after those on it). When the walk ends at a later part whose link to the earlier parts
 * is lost (no parent, one not in the file, a loop), the history above the response, which the file holds, is not
 * sent. Linking the part to the part written right before it (its own response, by message.id) brings that history
 * back: no entry is invented.
 */
function earlierPartFix(model: TranscriptModel, root: Entry): FixDescriptor | undefined {
  const id = assistantMessageId(root);
  if (id === undefined) return undefined;
  const { byUuid, parentOf, walked } = model.chain();
  // The part of the same response written just before it (Claude Code sends the parts off the walk after the ones
  // on it, so the request order does not tell which part came first).
  let previous: Entry | undefined;
  for (let i = root.index - 1; i >= 0 && !previous; i--) {
    const e = model.entries[i]!;
    if (!e.isSidechain && !model.isShadowed(e) && assistantMessageId(e) === id) previous = e;
  }
  if (!previous || previous.uuid === undefined) return undefined;
  // The link must lead off the walk (a part the walk already passed closes a loop, whatever the stored links say),
  // and must not close a stored loop (the earlier part descending from this one).
  if (parentOf(root) === previous.uuid || walked.some((s) => s.entry === previous)) return undefined;
  const seen = new Set<Entry>();
  for (let cur: Entry | undefined = previous; cur && !seen.has(cur); ) {
    if (cur === root) return undefined;
    seen.add(cur);
    const p = parentOf(cur);
    cur = typeof p === 'string' ? byUuid.get(p) : undefined;
  }
  return new FixPlan(model)
    .set(root, '/parentUuid', previous.uuid)
    .mark(root, RULE_ID, { originalParentUuid: root.raw.parentUuid ?? null })
    .fix(
      'safe',
      `link the part to the earlier part of its response on line ${previous.line}, so the history above that response is sent`,
    );
}

/**
 * Whether parent-exists re-links the chain's root: its parentUuid names no entry of the file (lines deleted by
 * hand) and an earlier entry of its chain survives. That re-link sends the history above again; a new root here
 * would make the request valid but cut that history off for good, so this rule leaves the root to parent-exists.
 */
function relinkedByParentExists(model: TranscriptModel, root: Entry): boolean {
  // A preserved tail hung below a compact summary that was never written is compact-summary's (it removes the
  // unfinished boundary, and the history before it is sent again).
  const walkedParent = model.chain().parentOf(root);
  if (walkedParent !== root.parentUuid && typeof walkedParent === 'string' && !model.chain().byUuid.has(walkedParent))
    return true;
  const parent = root.parentUuid;
  if (typeof parent !== 'string' || model.chain().byUuid.has(parent)) return false;
  // parent-exists leaves alone a parent on a line it cannot read, or one a snip boundary removed.
  if (model.unreadLineHolding('uuid', parent) !== undefined || snipRemoved(model, parent)) return false;
  return nearestEarlierOfChain(model.entries, root, entriesBelow(model.entries, root)) !== undefined;
}

function snipRemoved(model: TranscriptModel, uuid: string): boolean {
  return model.entries.some((e) => {
    const meta = e.raw.snipMetadata;
    return isObject(meta) && Array.isArray(meta.removedUuids) && meta.removedUuids.includes(uuid);
  });
}

/** The compact summary the walk passes right below `boundary`, if any. */
function summaryBelow(model: TranscriptModel, boundary: Entry): Entry | undefined {
  const next = model.chain().walked[1]?.entry;
  return next && isCompactSummary(next) && next.parentUuid === boundary.uuid ? next : undefined;
}

const REJECTED =
  'the API rejects the request with 400 "first message must use the user role", and Claude Code sends it unchanged on every retry';

export default defineRule({
  meta: {
    id: 'first-message-user',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'The compiled request starts with a user message.',
    docs: {
      detects: 'the compiled request starts with an assistant message',
      fix: 'safe (insert a user entry saying history is missing)',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    messages: {
      root: `The request starts with this assistant entry because it is the root of the chain (parentUuid {{parent}}); ${REJECTED}.`,
      missingParent: `The request starts with this assistant entry because its parent {{parent}} is not in the file, so the history before it is lost; ${REJECTED}.`,
      assistantFirst:
        'The request starts with an assistant message; the API rejects it with 400 "first message must use the user role".',
      nothingSent: `The request starts with this assistant entry because nothing before it on the chain (from line {{root}}) is sent as a user message; ${REJECTED}.`,
    },
  },
  check(ctx) {
    const first = Anthropic.conversation(ctx.model.apiView().merged)[0];
    if (first?.role !== 'assistant') return;
    const entry = first.entries[0];
    const line = entry?.line ?? Anthropic.firstLineOf(first);
    const at: Site = entry ? { entry } : { line };
    if (ctx.model.plain) {
      // A plain request or message list: no chain, the first message is simply the assistant's.
      ctx.report({ messageId: 'assistantFirst', at, fix: entry ? missingHistoryFix(ctx.model, entry) : undefined });
      return;
    }
    if (!entry) {
      ctx.report({ messageId: 'nothingSent', data: { root: line }, at });
      return;
    }
    const chain = ctx.model.chain();
    // The entry the walk ended at, which can differ from the first entry sent: the parts of a split response are
    // sent in file order wherever the walk met one of them.
    const root = chain.walked[0]?.entry;
    const parent = chain.parentOf(entry);
    const fix = root
      ? (earlierPartFix(ctx.model, root) ??
        (relinkedByParentExists(ctx.model, root) ? undefined : missingHistoryFix(ctx.model, root)))
      : undefined;
    if (root === entry || chain.bridged.includes(entry)) {
      const missing = typeof parent === 'string' && !chain.byUuid.has(parent);
      ctx.report({
        messageId: missing ? 'missingParent' : 'root',
        data: { parent: parent === undefined ? 'absent' : String(parent) },
        at,
        fix,
      });
      return;
    }
    const related: RelatedLine[] = root ? [{ line: root.line, message: 'the chain starts here' }] : [];
    ctx.report({
      messageId: 'nothingSent',
      data: { root: root?.line ?? line },
      at,
      related,
      fix,
    });
  },
});
