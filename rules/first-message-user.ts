// first-message-user: the request must start with a user message. When the chain Claude Code walks starts at an
// assistant entry (a root assistant, a parent that is not in the file, or nothing sendable before it), Claude Code
// 2.1.332 sends the request as it is and the API rejects it on every retry (two claude-code-log fixtures,
// edge_cases.jsonl and sidechain_integrated.jsonl, fail this way: 6 requests, then exit 1).
// The fix inserts a user entry at the root of the sent chain that says the earlier history is missing.
import { derivedUuid, insertAfterEntry, insertRootBefore } from '../src/fixer/chain-edits.js';
import { type Entry, isCompactBoundary } from '../src/model/entries.js';
import type { TranscriptModel } from '../src/model/index.js';
import { defineRule, type FixDescriptor, type RelatedLine } from '../src/rule-api.js';
import { conversation, firstLineOf } from '../src/rules-support/request-structure.js';

const RULE_ID = 'first-message-user';

/** The text of the user entry the fix inserts. */
export const MISSING_HISTORY =
  '[transcript-lint: the earlier history of this session is missing from the file; the conversation continues below]';

/**
 * A user entry ahead of everything the walk reaches: a new root before the chain's first entry, which then hangs
 * below it (a dangling or absent parent, or a link closing a cycle, is replaced by the new root). Entries the walk
 * reached only by bridging keep their place, so nothing that was sent before is cut off. A chain that starts at a
 * compact boundary (the walk stops there whatever the boundary's parent is) gets the entry right after the boundary.
 */
function missingHistoryFix(model: TranscriptModel, root: Entry): FixDescriptor | undefined {
  const body = { type: 'user', message: { role: 'user', content: MISSING_HISTORY } };
  const atBoundary = isCompactBoundary(root);
  if (root.uuid === undefined && atBoundary) return undefined;
  const uuid = derivedUuid(RULE_ID, root.uuid ?? String(root.line), '');
  // Written by an earlier pass that did not put a user message first: do not stack copies.
  if (model.chain().allByUuid.has(uuid)) return undefined;
  const { edits } = atBoundary ? insertAfterEntry(model, root, { ruleId: RULE_ID, body }) : insertRootBefore(model, root, { ruleId: RULE_ID, body });
  return { applicability: 'safe', description: 'insert a user entry saying the earlier history is missing', edits };
}

const REJECTED = 'the API rejects the request with 400 "first message must use the user role", and Claude Code sends it unchanged on every retry';

export default defineRule({
  meta: {
    id: 'first-message-user',
    type: 'problem',
    view: 'request',
    description: 'The compiled request starts with a user message.',
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
    const first = conversation(ctx.model.apiView().merged)[0];
    if (!first || first.role !== 'assistant') return;
    const entry = first.entries[0];
    const line = entry?.line ?? firstLineOf(first);
    if (ctx.model.plain) {
      // A plain request or message list: no chain, the first message is simply the assistant's.
      const fix = entry ? missingHistoryFix(ctx.model, entry) : undefined;
      ctx.report({ messageId: 'assistantFirst', line, ...(fix ? { fix } : {}) });
      return;
    }
    if (!entry) {
      ctx.report({ messageId: 'nothingSent', data: { root: line }, line });
      return;
    }
    const chain = ctx.model.chain();
    const root = chain.active[0];
    const parent = chain.parentOf(entry);
    const uuid = entry.uuid;
    const fix = root ? missingHistoryFix(ctx.model, root) : undefined;
    if (root === entry || chain.bridged.includes(entry)) {
      const missing = typeof parent === 'string' && !chain.byUuid.has(parent);
      ctx.report({
        messageId: missing ? 'missingParent' : 'root',
        data: { parent: parent === undefined ? 'absent' : String(parent) },
        line,
        ...(uuid !== undefined ? { uuid } : {}),
        ...(fix ? { fix } : {}),
      });
      return;
    }
    const related: RelatedLine[] = root ? [{ line: root.line, message: 'the chain starts here' }] : [];
    ctx.report({
      messageId: 'nothingSent',
      data: { root: root?.line ?? line },
      line,
      ...(uuid !== undefined ? { uuid } : {}),
      related,
      ...(fix ? { fix } : {}),
    });
  },
});
