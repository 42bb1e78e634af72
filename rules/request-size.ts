// request-size: the request resume sends stays under the API's 32 MB request limit. Measured on a recording of the
// real Claude Code 2.1.332 under the stricter stand-in (recorded item b05a: a 33 MB tool result): the API answers
// 413 request_too_large, and Claude Code runs a reactive compaction (10 requests, 5 of them rejected) and resumes
// with a summary in place of the history: the session silently loses its detail. The safe fix cuts the largest
// texts (a tool result's output, say) to their first 2000 characters, and replaces the largest media by a text
// placeholder, until the request fits, each with a note saying what was cut: less is lost than by a compaction.
import {
  Anthropic,
  defineRule,
  formatSize,
  isObject,
  jsonBytes,
  placeholder,
  PlannedReports,
  stringFieldBytes,
  stringFieldHead,
} from '../src/sdk/index.js';

/** The API's request limit (32 MB on the standard endpoints), as the stricter stand-in enforces it. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** What a cut text keeps. */
export const KEEP_CHARS = 2000;
/** The system prompt and tools Claude Code adds around the messages (about 60 KB in the recordings). */
const SURROUNDINGS = 64 * 1024;

export default defineRule({
  meta: {
    id: 'request-size',
    type: 'problem',
    view: 'request',
    dialects: ['anthropic-messages'],
    description: "The request resume sends is under the API's 32 MB limit.",
    docs: { detects: "a request over the API's 32 MB limit", fix: 'safe (cut the largest blocks, with a note)' },
    severity: { 'claude-code': 'warn', api: 'error' },
    fixable: 'safe',
    messages: {
      tooLarge:
        "The request resume sends is about {{size}}, over the API's 32 MB limit; the API answers 413 request_too_large, and Claude Code then compacts the history on its own (a summary replaces it). This block is its largest ({{block}}).",
    },
  },
  check(ctx) {
    // Nothing to measure below the limit: the request is made of the file's content.
    if (ctx.model.file.byteLength + SURROUNDINGS < MAX_REQUEST_BYTES) return;
    const { messages, merged } = ctx.model.apiView();
    const total =
      jsonBytes(messages.map((m) => ({ role: m.role, content: m.blocks.map((b) => b.block) }))) + SURROUNDINGS;
    if (total <= MAX_REQUEST_BYTES) return;
    // The blocks that can shrink: texts (top level, a result's string content, texts inside it) and base64 media.
    const sites: { site: Anthropic.BlockSite; size: number; text: boolean }[] = [];
    for (const site of Anthropic.requestBlocks(merged, { nested: true })) {
      const b = site.block;
      if (b.type === 'text' && typeof b.text === 'string')
        sites.push({ site, size: stringFieldBytes(b, 'text'), text: true });
      else if (b.type === 'tool_result' && typeof b.content === 'string')
        sites.push({ site, size: stringFieldBytes(b, 'content'), text: true });
      else if ((b.type === 'image' || b.type === 'document') && isObject(b.source) && typeof b.source.data === 'string')
        sites.push({ site, size: stringFieldBytes(b.source, 'data'), text: false });
    }
    sites.sort((a, b) => b.size - a.size);
    const biggest = sites[0];
    if (!biggest) return;
    const reports = new PlannedReports(ctx);
    const plan = reports.plan('request');
    let left = total;
    for (const { site, size, text } of sites) {
      if (left <= MAX_REQUEST_BYTES * 0.95 || size < KEEP_CHARS * 4) break;
      const stored = Anthropic.storedPointer(ctx.model, site);
      const b = site.block;
      if (text && b.type === 'tool_result' && site.nestedIndex === undefined) {
        if (!stored) continue;
        plan.set(stored.entry, `${stored.pointer}/content`, cut(b, 'content', size));
      } else if (text) {
        const at = stored ?? undefined;
        if (!at) continue;
        plan.set(at.entry, `${at.pointer}/text`, cut(b, 'text', size));
      } else {
        if (!stored) continue;
        plan.set(stored.entry, stored.pointer, {
          type: 'text',
          text: placeholder(
            `removed ${b.type === 'image' ? 'an image' : 'a document'} of ${formatSize(size)} (base64): the request was over the API's 32 MB limit`,
          ),
        });
      }
      left -= size - KEEP_CHARS;
    }
    reports.add(
      {
        messageId: 'tooLarge',
        data: { size: formatSize(total), block: formatSize(biggest.size) },
        at: { request: biggest.site.outer, pointer: biggest.site.pointer },
      },
      plan.empty ? undefined : { plan, description: 'cut the largest blocks to fit the 32 MB limit, with a note' },
    );
    reports.send();
  },
});

/** The block's field cut to its first KEEP_CHARS, with the note (a long string kept as bytes is not decoded whole). */
function cut(block: Record<string, unknown>, key: string, size: number): string {
  return `${stringFieldHead(block, key, KEEP_CHARS)}\n${placeholder(`${formatSize(size)} cut here: the request was over the API's 32 MB limit`)}`;
}
