// The model of a plain input (a Messages API request or a message list): each message becomes an Entry shaped like
// a Claude Code entry (`{type: role, message}`, the message being the parsed object itself), linked in file order,
// so that every request-view rule and every fix helper works on it unchanged. There is no client-side repair: the
// request is the file, so `merged` and `messages` are the same list.
import { SHELL_LINE } from '../../model/lines.js';
import type { PlainSource } from './source.js';
import type { SourceFile } from '../../loader/read-jsonl.js';
import { isObject } from '../../model/entries.js';
import { TranscriptModel } from '../../model/index.js';
import type { ApiBlock, ApiMessage, ApiView, Block, Chain, Entry } from '../../model/types.js';

/** The model of a request or message list: its lines (a document's virtual lines) and its plain source. */
export function plainModel({ file, plain }: { file: SourceFile; plain: PlainSource }): TranscriptModel {
  return new TranscriptModel(
    file,
    {
      format: plain.format,
      buildEntries: (file) => buildPlainEntries(file, plain),
      buildChain: linearChain,
      compile: (_chain, entries) => compilePlainRequest(entries),
    },
    plain,
  );
}

/**
 * The roles of the conversation's turns. A `system` message inside messages[] (Claude Code 2.1.332 sends them) is no
 * turn: the API takes it beside them, as the strict stand-in skips it for pairing and alternation.
 */
const ROLES = new Set(['user', 'assistant']);

/** A stable stand-in uuid per message (plain messages have none); never written to the file. */
const uuidFor = (line: number): string => `transcript-lint:message:${line}`;

/** One entry per message object whose role is user or assistant, in file order, each linked to the one before. */
export function buildPlainEntries(file: SourceFile, plain: PlainSource): Entry[] {
  const entries: Entry[] = [];
  let previous: string | null = null;
  for (const line of file.lines) {
    // The shell of a document (the request without its messages) is no message.
    if (plain.container === 'document' && line.lineNo === SHELL_LINE) continue;
    const message = line.json;
    if (!message || !Object.hasOwn(message, 'role') || !ROLES.has(message.role as string)) continue;
    const uuid = uuidFor(line.lineNo);
    entries.push({
      line: line.lineNo,
      index: entries.length,
      type: message.role as string,
      uuid,
      parentUuid: previous,
      isSidechain: false,
      raw: { type: message.role, message },
    });
    previous = uuid;
  }
  return entries;
}

/** The chain of a plain input: every entry, in order, from a root to the last one. */
export function linearChain(entries: readonly Entry[]): Chain {
  const byUuid = new Map<string, Entry>();
  const allByUuid = new Map<string, Entry[]>();
  const children = new Map<string, Entry[]>();
  for (const e of entries) {
    byUuid.set(e.uuid!, e);
    allByUuid.set(e.uuid!, [e]);
    if (typeof e.parentUuid === 'string') children.set(e.parentUuid, [e]);
  }
  const leaf = entries[entries.length - 1];
  return {
    byUuid,
    allByUuid,
    children,
    leaf,
    leafSource: leaf ? 'last-tip' : 'none',
    lastPromptLeaves: [],
    walked: entries.map((entry, i) => (i < entries.length - 1 ? { entry, link: 'parent' as const } : { entry })),
    active: [...entries],
    rootReason: entries.length > 0 ? 'null-parent' : 'empty',
    bridged: [],
    parentOf: (e) => e.parentUuid,
  };
}

/**
 * The request as the file states it: one message per entry, blocks with their origin (line key, index in
 * `content`). A message whose content is neither a string nor an array is left out (entry-shape reports it), as
 * are blocks that are not objects.
 */
export function compilePlainRequest(entries: readonly Entry[]): ApiView {
  const merged: ApiMessage[] = [];
  for (const entry of entries) {
    const message = entry.raw.message as Record<string, unknown>;
    const role = entry.type as 'user' | 'assistant';
    const { content } = message;
    if (typeof content === 'string') {
      merged.push({
        role,
        stringContent: true,
        entries: [entry],
        blocks: [{ block: { type: 'text', text: content }, origin: { line: entry.line } }],
      });
      continue;
    }
    if (!Array.isArray(content)) continue;
    const blocks: ApiBlock[] = [];
    content.forEach((block, blockIndex) => {
      if (isObject(block)) blocks.push({ block: block as Block, origin: { line: entry.line, blockIndex } });
    });
    merged.push({ role, stringContent: false, entries: [entry], blocks });
  }
  return { merged, messages: merged, repairs: [] };
}
