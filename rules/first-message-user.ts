// first-message-user: the request must start with a user message. When the chain Claude Code walks starts at an
// assistant entry (a root assistant, a parent that is not in the file, or nothing sendable before it), Claude Code
// 2.1.332 sends the request as it is and the API rejects it on every retry (two claude-code-log fixtures,
// edge_cases.jsonl and sidechain_integrated.jsonl, fail this way: 6 requests, then exit 1).
import { defineRule, type RelatedLine } from '../src/rule-api.js';
import { conversation, firstLineOf } from '../src/rules-support/request-structure.js';

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
      nothingSent: `The request starts with this assistant entry because nothing before it on the chain (from line {{root}}) is sent as a user message; ${REJECTED}.`,
    },
  },
  check(ctx) {
    const first = conversation(ctx.model.apiView().merged)[0];
    if (!first || first.role !== 'assistant') return;
    const entry = first.entries[0];
    const line = entry?.line ?? firstLineOf(first);
    if (!entry) {
      ctx.report({ messageId: 'nothingSent', data: { root: line }, line });
      return;
    }
    const chain = ctx.model.chain();
    const root = chain.active[0];
    const parent = chain.parentOf(entry);
    const uuid = entry.uuid;
    if (root === entry || chain.bridged.includes(entry)) {
      const missing = typeof parent === 'string' && !chain.byUuid.has(parent);
      ctx.report({
        messageId: missing ? 'missingParent' : 'root',
        data: { parent: parent === undefined ? 'absent' : String(parent) },
        line,
        ...(uuid !== undefined ? { uuid } : {}),
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
    });
  },
});
