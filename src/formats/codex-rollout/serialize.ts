// How Codex 0.169.0 serialises a history item into the request's input[]: its typed fields only (the internal
// passthrough and unknown keys stay in the file), item ids it finds malformed left out, reasoning with its content
// and encrypted_content keys, tool output text middle-truncated to the prompt budget, and an image in a tool output
// that is no image replaced by Codex's notice. Codex's other image re-preparation (resizing and re-encoding large
// images) is not modelled: those images are exported as stored.
import { imageSize } from '../../model/media.js';
import { isObj } from './decode.js';
import { ITEM_KEYS, PASSTHROUGH_KEY, TOOL_OUTPUT_BUDGET_BYTES } from './shapes.js';

type Obj = Record<string, unknown>;

/** Item ids Codex sends; others (empty, with spaces or dots) it leaves out (measured; the exact rule is not known). */
const SENDABLE_ID = /^[A-Za-z0-9_-]+$/;
const WEB_SEARCH_ACTIONS = new Set(['search', 'open_page', 'find_in_page']);

export function sentItem(item: Obj, budgetBytes = TOOL_OUTPUT_BUDGET_BYTES): Obj {
  const keys = ITEM_KEYS.get(item.type as string);
  const out: Obj = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === PASSTHROUGH_KEY || v === undefined) continue;
    if (keys && !keys.includes(k)) continue;
    out[k] = v;
  }
  if ('id' in out && !(typeof out.id === 'string' && SENDABLE_ID.test(out.id))) delete out.id;
  switch (item.type) {
    case 'reasoning': {
      if (!('content' in out)) out.content = null;
      if (!('encrypted_content' in out)) out.encrypted_content = null;
      // A content array without reasoning_text parts is skipped by the serialiser.
      if (Array.isArray(out.content) && !out.content.some((c) => isObj(c) && c.type === 'reasoning_text'))
        delete out.content;
      break;
    }
    case 'web_search_call':
      if (isObj(out.action) && !WEB_SEARCH_ACTIONS.has(out.action.type as string)) out.action = { type: 'other' };
      break;
    case 'function_call_output':
    case 'custom_tool_call_output':
      out.output = truncateOutput(out.output, budgetBytes);
      break;
  }
  return out;
}

/** What Codex sends in place of an image in a tool output it cannot decode. */
export const IMAGE_OMITTED = 'image content omitted because it could not be processed';

function truncateOutput(output: unknown, budget: number): unknown {
  if (typeof output === 'string') return truncateMiddle(output, budget);
  if (!Array.isArray(output)) return output;
  return output.map((part) => {
    if (isObj(part) && part.type === 'input_text' && typeof part.text === 'string')
      return { ...part, text: truncateMiddle(part.text, budget) };
    if (isObj(part) && part.type === 'input_image' && undecodableImage(part.image_url))
      return { type: 'input_text', text: IMAGE_OMITTED };
    return part;
  });
}

/** The base64 data of a `data:` URL, or undefined for any other URL. */
export function dataUrlBase64(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith('data:')) return undefined;
  const comma = url.indexOf(',');
  return comma !== -1 && url.slice(0, comma).endsWith(';base64') ? url.slice(comma + 1) : undefined;
}

/** An inline image whose data is no PNG, JPEG, GIF or WebP (its header does not read as one). */
export function undecodableImage(url: unknown): boolean {
  const data = dataUrlBase64(url);
  return data !== undefined && imageSize(data) === undefined;
}

/**
 * Codex's middle truncation of tool output for the prompt: over `budget` UTF-8 bytes, the first and last budget/2
 * bytes (cut back to whole characters) around "…N tokens truncated…", N the removed bytes / 4 rounded up. Measured:
 * 140,000 chars -> 48,024; a 48,030-byte output -> "…8 tokens truncated…".
 */
export function truncateMiddle(text: string, budget: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= budget) return text;
  const keep = Math.floor(budget / 2);
  let headEnd = keep;
  while (headEnd > 0 && (bytes[headEnd]! & 0xc0) === 0x80) headEnd--;
  let tailStart = bytes.length - keep;
  while (tailStart < bytes.length && (bytes[tailStart]! & 0xc0) === 0x80) tailStart++;
  const removed = tailStart - headEnd;
  return `${bytes.toString('utf8', 0, headEnd)}…${Math.ceil(removed / 4)} tokens truncated…${bytes.toString('utf8', tailStart)}`;
}

/** The budget a tool output gets: its record's fallback_token_limit_override (tokens, 4 bytes each), else 48,000. */
export function outputBudget(metadata: unknown): number {
  const o = isObj(metadata) ? metadata.fallback_token_limit_override : undefined;
  return typeof o === 'number' && o > 0 ? o * 4 : TOOL_OUTPUT_BUDGET_BYTES;
}
