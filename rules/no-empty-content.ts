// no-empty-content: every text block has visible text and every message has content. The API rejects empty and
// whitespace-only text and empty messages (api-errors.md E10; "all messages must have non-empty content except for
// the optional final assistant message"). Claude Code 2.1.332 drops blank text blocks on resume, and replaces an
// empty prompt with "(no content)" (claude-code-observed.md behaviour table). Checked per stored entry on recordings
// of the real CLI (recorded items 10a-10c, 11a-11d): an assistant part stored with `content: []` beside parts that
// have content is dropped; a response whose only part is `content: []` is sent as "(no content)", not dropped; an
// entry whose `message.content` is null is skipped (a prompt or a reply lost, and the messages around it meet; a
// final reply counts as no response). The safe fix removes such an entry, re-linking its children (an emptied prompt
// keeps "(no content)").
import {
  Anthropic,
  type ApiBlock,
  defineRule,
  type Entry,
  isBlankText,
  isObject,
  isUserPrompt,
  messageOf,
  PlannedReports,
  storedSite,
} from '../src/sdk/index.js';

const NON_EMPTY = 'text content blocks must be non-empty';
const NON_WHITESPACE = 'text content blocks must contain non-whitespace text';

export default defineRule({
  meta: {
    id: 'no-empty-content',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: 'No empty or whitespace-only text blocks, no empty user prompts, no messages without content.',
    docs: { detects: 'an empty or whitespace-only text block, an empty prompt, a message with no content' },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      emptyText:
        'Text block is {{what}}; Claude Code drops it on resume, and the API rejects it as sent: "messages: {{apiError}}".',
      emptyPrompt:
        'User prompt is {{what}}; Claude Code replaces it with "(no content)" on resume, and the API rejects it as sent: "messages: {{apiError}}".',
      noContent:
        '{{role}} message has no content; Claude Code drops it on resume, and the API rejects it: all messages must have non-empty content except for the optional final assistant message.',
      noContentReply:
        'This response is stored with no content (`content: []`); Claude Code sends it as an assistant message "(no content)" on resume, and the API rejects it as stored: all messages must have non-empty content except for the optional final assistant message.',
      emptyPart:
        'This part of a response is stored with no content (`content: []`); Claude Code drops it on resume (the other parts are sent), and the API rejects an empty content list.',
      nullContent:
        '`message.content` is null; Claude Code skips this {{what}} on resume{{effect}}, and the API rejects it as stored.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const { merged } = model.apiView();
    const final = Anthropic.finalMessage(merged);
    // One plan per message: its blank blocks (or empty entries) go; a user turn left with nothing keeps "(no content)".
    const reports = new PlannedReports(ctx);

    // Entries whose content is null never reach the request: Claude Code skips them (items 11a-11d).
    for (const e of model.chain().active) {
      if ((e.type !== 'user' && e.type !== 'assistant') || !isObject(e.raw.message) || e.raw.message.content !== null)
        continue;
      const prompt = isUserPrompt(e);
      const lastEntry = final?.entries[final.entries.length - 1];
      const effect = prompt
        ? ': the prompt is lost, and the replies around it meet'
        : e.type === 'assistant' && lastEntry && lastEntry.index < e.index
          ? ', treating the history as ending without a reply ("No response requested." is appended)'
          : ': what it held is lost';
      reports.add(
        {
          messageId: 'nullContent',
          data: { what: prompt ? 'prompt' : e.type === 'assistant' ? 'reply' : 'entry', effect },
          at: { entry: e, pointer: '/message/content' },
        },
        { plan: reports.plan(e).removeEntry(e), description: 'remove the entry (its children re-linked)' },
      );
    }

    for (const m of merged) {
      if (m.role === 'system') continue;
      // A part with no block beside parts that have some: Claude Code drops it (item 10a).
      if (m.role === 'assistant' && m.blocks.length > 0) {
        for (const e of m.entries) {
          const content = messageOf(e)?.content;
          if (!Array.isArray(content) || content.length > 0) continue;
          reports.add(
            { messageId: 'emptyPart', at: { entry: e, pointer: '/message/content' } },
            { plan: reports.plan(m).removeEntry(e), description: 'remove the empty part (its children re-linked)' },
          );
        }
      }
      if (m.blocks.length === 0) {
        // An empty final assistant message is a valid (empty) prefill for the API.
        if (ctx.target !== 'claude-code' && m === final && m.role === 'assistant') continue;
        const [first, ...rest] = m.entries;
        if (!first) continue;
        const plan = reports.plan(m);
        for (const e of m.entries) plan.removeEntry(e);
        plan.keepUserTurn(m);
        const related = rest.map((e) => ({ line: e.line, message: 'another empty entry of this message' }));
        const where = { entry: first, pointer: '/message/content' };
        reports.add(
          m.role === 'assistant'
            ? { messageId: 'noContentReply', at: where, related }
            : { messageId: 'noContent', data: { role: 'User' }, at: where, related },
          {
            plan,
            description:
              m.role === 'user' ? 'write "(no content)" as the empty user message' : 'remove the empty entry',
          },
        );
        continue;
      }
      for (const b of m.blocks) {
        if (b.origin.synthetic || !isBlankText(b)) continue;
        const entry = model.entryAtLine(b.origin.line);
        const content = isObject(entry?.raw.message) ? entry.raw.message.content : undefined;
        const fromString = b.origin.blockIndex === undefined && typeof content === 'string';
        // Read the text as stored: a merge may have added a "\n" seam to it.
        const whitespace = storedText(b, content).length > 0;
        const site = storedSite(model, b);
        // An empty compact summary stays: without it the boundary would have no summary (compact-summary).
        const plan = site && entry?.raw.isCompactSummary !== true ? reports.plan(m).removeSite(site) : undefined;
        const pointer = pointerFor(b, entry);
        reports.add(
          {
            messageId: m.role === 'user' && fromString && entry?.type === 'user' ? 'emptyPrompt' : 'emptyText',
            data: { what: whitespace ? 'whitespace only' : 'empty', apiError: whitespace ? NON_WHITESPACE : NON_EMPTY },
            at: entry ? { entry, block: b.origin.blockIndex, pointer } : { request: b, pointer },
          },
          plan && {
            plan,
            description: 'remove the empty text (a user message left with nothing keeps "(no content)")',
          },
        );
      }
      reports.existing(m)?.keepUserTurn(m);
    }
    reports.send();
  },
});

/** Attachments keep their wire text under `rendered[i].content`; local command output under `content`. */
function pointerFor(b: ApiBlock, entry: Entry | undefined): string {
  if (entry?.type === 'attachment' && b.origin.blockIndex !== undefined) {
    return `/rendered/${b.origin.blockIndex}/content`;
  }
  if (entry?.type === 'system') return '/content';
  return Anthropic.blockPointer(b);
}

function storedText(b: ApiBlock, content: unknown): string {
  if (typeof content === 'string' && b.origin.blockIndex === undefined) return content;
  const stored = Array.isArray(content) && b.origin.blockIndex !== undefined ? content[b.origin.blockIndex] : undefined;
  const text = isObject(stored) && stored.type === 'text' ? stored.text : b.block.text;
  return typeof text === 'string' ? text : '';
}
