// cache-control-limit: a request may mark at most 4 blocks with `cache_control`, counted over `tools`, `system` and
// the messages (api-errors.md E14: "A maximum of 4 blocks with cache_control may be provided. Found 5"), and
// thinking blocks cannot carry it (api-errors.md §4 "cache_control"). Claude Code sessions do not store cache
// breakpoints (Claude Code adds them when it sends), so the rule runs on requests and message lists only.
// The usual cause is an agent that adds a breakpoint to every new turn and never removes the old ones: the (unsafe)
// fix removes the oldest message breakpoints first, keeping the last one, then the earliest of tools and system.
import {
  Anthropic,
  asText,
  defineRule,
  FixPlan,
  isObject,
  isThinkingType,
  type RelatedLine,
  type Site,
  type TranscriptModel,
} from '../src/sdk/index.js';

export const MAX_CACHE_BREAKPOINTS = 4;

interface Breakpoint {
  /** Pointer to the block in the request (tools and system) or in its entry (`/message/content/2`). */
  pointer: string;
  where: 'tools' | 'system' | 'messages';
  /** Where a message block is in the request. */
  site?: Anthropic.BlockSite;
  type?: unknown;
}

const hasCacheControl = (v: unknown): boolean =>
  isObject(v) && v.cache_control !== undefined && v.cache_control !== null;

/** A field of the request for tools and system, the message block for message blocks. */
const siteOf = (b: Breakpoint): Site =>
  b.site ? { request: b.site.outer, pointer: b.pointer } : { requestField: b.pointer };

function removeCacheControl(model: TranscriptModel, plan: FixPlan, b: Breakpoint): FixPlan {
  const pointer = `${b.pointer}/cache_control`;
  if (!b.site) return plan.removeRequestField(pointer);
  const entry = model.entryAtLine(b.site.line);
  return entry ? plan.remove(entry, pointer) : plan;
}

export default defineRule({
  meta: {
    id: 'cache-control-limit',
    type: 'problem',
    view: 'request',
    description:
      'A request marks at most 4 blocks with cache_control (tools, system and messages together), and none of them is a thinking block.',
    docs: {
      detects: 'requests and message lists: more than 4 blocks with `cache_control`, or one on a thinking block',
    },
    severity: { 'claude-code': 'error', api: 'error' },
    fixable: 'safe',
    formats: ['request', 'messages'],
    messages: {
      tooMany:
        'The request marks {{count}} blocks with cache_control, over the limit of 4; the API rejects it: "A maximum of 4 blocks with cache_control may be provided. Found {{count}}."',
      onThinking:
        'cache_control is set on a `{{type}}` block; the API does not accept cache_control on thinking blocks and rejects the request.',
    },
  },
  check(ctx) {
    const { model } = ctx;
    const request = model.plain?.request;
    const found: Breakpoint[] = [];
    if (request) {
      if (Array.isArray(request.tools)) {
        request.tools.forEach((t, i) => {
          if (hasCacheControl(t)) found.push({ pointer: `/tools/${i}`, where: 'tools' });
        });
      }
      if (Array.isArray(request.system)) {
        request.system.forEach((b, i) => {
          if (hasCacheControl(b))
            found.push({ pointer: `/system/${i}`, where: 'system', type: (b as { type?: unknown }).type });
        });
      }
    }
    for (const site of Anthropic.requestBlocks(model.apiView().merged, { nested: true })) {
      if (!hasCacheControl(site.block) || site.blockIndex === undefined) continue;
      found.push({ pointer: site.pointer, where: 'messages', site, type: site.block.type });
    }

    for (const b of found) {
      if (!isThinkingType(b.type)) continue;
      ctx.report({
        messageId: 'onThinking',
        at: siteOf(b),
        data: { type: asText(b.type) },
        fix: removeCacheControl(model, new FixPlan(model), b).fix(
          'safe',
          'remove cache_control from the thinking block',
        ),
      });
    }

    if (found.length <= MAX_CACHE_BREAKPOINTS) return;
    const at = found[MAX_CACHE_BREAKPOINTS]!;
    const excess = found.length - MAX_CACHE_BREAKPOINTS;
    const last = found[found.length - 1]!;
    const messages = found.filter((b) => b.where === 'messages' && b !== last);
    const others = found.filter((b) => b.where !== 'messages' && b !== last);
    const dropped = [...messages, ...others].slice(0, excess);
    const plan = new FixPlan(model);
    for (const b of dropped) removeCacheControl(model, plan, b);
    const fix = plan.fix(
      'unsafe',
      `remove cache_control from ${excess === 1 ? 'the oldest breakpoint' : `the ${excess} oldest breakpoints`} (message breakpoints first, the last one kept)`,
    );
    const related: RelatedLine[] = found
      .filter((b) => b !== at && b.where === 'messages')
      .slice(0, 4)
      .map((b) => ({ line: b.site!.line, message: 'another block with cache_control' }));
    ctx.report({
      messageId: 'tooMany',
      at: siteOf(at),
      data: { count: found.length },
      related,
      fix,
    });
  },
});
