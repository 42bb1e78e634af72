// cache-control-limit: a request may mark at most 4 blocks with `cache_control`, counted over `tools`, `system` and
// the messages (api-errors.md E14: "A maximum of 4 blocks with cache_control may be provided. Found 5"), and
// thinking blocks cannot carry it (api-errors.md §4 "cache_control"). Claude Code sessions do not store cache
// breakpoints (Claude Code adds them when it sends), so the rule runs on requests and message lists only.
// The usual cause is an agent that adds a breakpoint to every new turn and never removes the old ones: the (unsafe)
// fix removes the oldest message breakpoints first, keeping the last one, then the earliest of tools and system.
import { asText, defineRule, isObject, isThinkingType, requestBlocks, SHELL_LINE, type Edit, type FixDescriptor, type RelatedLine } from '../src/sdk/index.js';

export const MAX_CACHE_BREAKPOINTS = 4;

interface Breakpoint {
  /** Model line: the document's shell for tools and system, the message for message blocks. */
  line: number;
  /** Pointer to the block in the document (shell) or in its entry (`/message/content/2`). */
  pointer: string;
  where: 'tools' | 'system' | 'messages';
  blockIndex?: number;
  type?: unknown;
}

const hasCacheControl = (v: unknown): boolean => isObject(v) && v.cache_control !== undefined && v.cache_control !== null;

const removeEdit = (b: Breakpoint): Edit => ({ kind: 'remove', line: b.line, pointer: `${b.pointer}/cache_control` });

export default defineRule({
  meta: {
    id: 'cache-control-limit',
    type: 'problem',
    view: 'request',
    description: 'A request marks at most 4 blocks with cache_control (tools, system and messages together), and none of them is a thinking block.',
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    inputs: ['request', 'messages'],
    messages: {
      tooMany:
        'The request marks {{count}} blocks with cache_control, over the limit of 4; the API rejects it: "A maximum of 4 blocks with cache_control may be provided. Found {{count}}."',
      onThinking: 'cache_control is set on a `{{type}}` block; the API does not accept cache_control on thinking blocks and rejects the request.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const request = model.plain?.request;
    const found: Breakpoint[] = [];
    if (request) {
      if (Array.isArray(request.tools)) {
        request.tools.forEach((t, i) => {
          if (hasCacheControl(t)) found.push({ line: SHELL_LINE, pointer: `/tools/${i}`, where: 'tools' });
        });
      }
      if (Array.isArray(request.system)) {
        request.system.forEach((b, i) => {
          if (hasCacheControl(b)) found.push({ line: SHELL_LINE, pointer: `/system/${i}`, where: 'system', type: (b as { type?: unknown }).type });
        });
      }
    }
    for (const site of requestBlocks(model.apiView().merged, { nested: true })) {
      if (!hasCacheControl(site.block) || site.blockIndex === undefined) continue;
      found.push({ line: site.line, pointer: site.pointer, where: 'messages', blockIndex: site.blockIndex, type: site.block.type });
    }

    for (const b of found) {
      if (!isThinkingType(b.type)) continue;
      ctx.report({
        messageId: 'onThinking',
        line: b.line,
        pointer: b.pointer,
        blockIndex: b.blockIndex,
        data: { type: asText(b.type) },
        fix: { applicability: 'safe', description: 'remove cache_control from the thinking block', edits: [removeEdit(b)] },
      });
    }

    if (found.length <= MAX_CACHE_BREAKPOINTS) return;
    const at = found[MAX_CACHE_BREAKPOINTS]!;
    const excess = found.length - MAX_CACHE_BREAKPOINTS;
    const last = found[found.length - 1]!;
    const messages = found.filter((b) => b.where === 'messages' && b !== last);
    const others = found.filter((b) => b.where !== 'messages' && b !== last);
    const dropped = [...messages, ...others].slice(0, excess);
    const fix: FixDescriptor = {
      applicability: 'unsafe',
      description: `remove cache_control from ${excess === 1 ? 'the oldest breakpoint' : `the ${excess} oldest breakpoints`} (message breakpoints first, the last one kept)`,
      edits: dropped.map(removeEdit),
    };
    const related: RelatedLine[] = found
      .filter((b) => b !== at && b.where === 'messages')
      .slice(0, 4)
      .map((b) => ({ line: b.line, message: 'another block with cache_control' }));
    ctx.report({
      messageId: 'tooMany',
      line: at.line,
      pointer: at.pointer,
      blockIndex: at.blockIndex,
      data: { count: found.length },
      related,
      fix,
    });
  },
});
