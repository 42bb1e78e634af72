// What Cline and Roo Code do to a stored task history before each request: the request they send (an ApiView whose
// blocks keep their origin in the file, so a finding on it points at the stored message) and the list of what
// they changed on the way. Each tool's own passes are in compile-cline.ts and compile-roo.ts, written from its source.
import type { ApiBlock, ApiMessage, ApiView, Entry, Origin, Repair } from '../../model/types.js';

/** A change a tool makes to the history on its way to the API. */
export type SendRepair =
  /** A tool_use answered by a result the tool makes up (mid-history, or on resume when the call ends the history). */
  | {
      kind: 'result-filled';
      use: ApiBlock;
      id: string;
      assistant: Entry;
      /** The user message the result goes into; none when the call ends the history (the tool adds it on resume). */
      user?: Entry;
      /** The text the tool's result says. */
      text: string;
      /**
       * The user message holds the call's result as text (`[read_file for 'x'] Result:…`): Cline writes results so
       * when it cannot match the call's id (ToolResultUtils' "cline" fallback), and the model reads them there.
       */
      inText?: boolean;
    }
  /** A stored tool_result the tool leaves out: its id answers no call of the previous message, or a later one does. */
  | { kind: 'result-dropped'; result: ApiBlock; user: Entry; assistant?: Entry; why: 'orphan' | 'duplicate' }
  /** A user message stored as a string after a message with tool calls: Cline replaces it (and loses the text). */
  | { kind: 'content-lost'; user: Entry; assistant: Entry }
  /** The tool_results of a user message put first, in the order of the calls. */
  | { kind: 'results-moved'; user: Entry }
  /** A thinking block without a signature, left out (Cline). */
  | { kind: 'thinking-dropped'; block: ApiBlock; assistant: Entry }
  /** A stored message the tool does not send. */
  | { kind: 'message-left-out'; line: number; why: 'condensed' | 'truncated' | 'emptied' | 'reasoning-item' }
  /** A content block the tool does not send (Roo's internal blocks, reasoning it keeps for the history only). */
  | { kind: 'block-left-out'; block: ApiBlock; why: string }
  /** A user message sent as part of the one before it (Roo merges consecutive user messages). */
  | { kind: 'merged'; user: Entry };

export interface SendPath {
  view: ApiView;
  repairs: SendRepair[];
}

/** A message on its way to the API: the stored entry it comes from, its blocks with their origins. */
export interface Working {
  entry?: Entry;
  /** The stored entries the message is made of, when more than its own (Roo's merged user messages). */
  entries?: Entry[];
  /** The array element's line key (Roo's reasoning items have no entry). */
  line: number;
  raw: Record<string, unknown>;
  role: 'user' | 'assistant';
  stringContent: boolean;
  blocks: ApiBlock[];
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The blocks of a stored message, each with its origin; string content is one text block (no index). */
export function blocksOfContent(content: unknown, line: number): ApiBlock[] {
  if (typeof content === 'string') return [{ block: { type: 'text', text: content }, origin: { line } }];
  if (!Array.isArray(content)) return [];
  const blocks: ApiBlock[] = [];
  content.forEach((block, blockIndex) => {
    if (isObject(block)) blocks.push({ block, origin: { line, blockIndex } });
  });
  return blocks;
}

/** A block the tool makes up, placed at a stored message. */
export const syntheticBlock = (block: Record<string, unknown>, line: number): ApiBlock => ({
  block,
  origin: { line, synthetic: true },
});

/** The ids of the tool_use blocks of a message with a truthy id, in order (as both tools collect them). */
export function toolUseIds(blocks: readonly ApiBlock[]): string[] {
  const ids: string[] = [];
  for (const b of blocks) if (b.block.type === 'tool_use' && b.block.id) ids.push(String(b.block.id));
  return ids;
}

/** The request: one ApiMessage per working message, and the repairs as the generic list. */
export function sendPathOf(working: readonly Working[], repairs: SendRepair[]): SendPath {
  const messages: ApiMessage[] = working.map((w) => ({
    role: w.role,
    blocks: w.blocks,
    stringContent: w.stringContent,
    entries: w.entries ?? (w.entry ? [w.entry] : []),
  }));
  return { view: { merged: messages, messages, repairs: repairs.map(describe) }, repairs };
}

function describe(r: SendRepair): Repair {
  const at = (line: number, blockIndex?: number): Origin =>
    blockIndex === undefined ? { line } : { line, blockIndex };
  switch (r.kind) {
    case 'result-filled':
      return { pass: r.kind, description: `tool_result "${r.text}" added for ${r.id}`, origin: r.use.origin };
    case 'result-dropped':
      return { pass: r.kind, description: `tool_result left out (${r.why})`, origin: r.result.origin };
    case 'content-lost':
      return { pass: r.kind, description: 'string content replaced by tool results', origin: at(r.user.line) };
    case 'results-moved':
      return { pass: r.kind, description: 'tool_results put first, in call order', origin: at(r.user.line) };
    case 'thinking-dropped':
      return { pass: r.kind, description: 'thinking block without signature left out', origin: r.block.origin };
    case 'message-left-out':
      return { pass: r.kind, description: `message not sent (${r.why})`, origin: at(r.line) };
    case 'block-left-out':
      return { pass: r.kind, description: `block not sent (${r.why})`, origin: r.block.origin };
    case 'merged':
      return { pass: r.kind, description: 'sent as part of the user message before it', origin: at(r.user.line) };
  }
}
