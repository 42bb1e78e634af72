import type { JsonDocument } from '../loader/json-positions.js';

// The shapes of the transcript model that the Anthropic-dialect formats share (Claude Code sessions, Messages API
// requests and message lists): entries, the uuid chain, and the compiled request with each block's origin. Types
// only, so that every module of the model, the formats and the rules can name them without importing each other.

export interface Entry {
  /** 1-based line number in the file (for a JSON document, the line key of its message). */
  line: number;
  /** Position among the file's entries (file order). */
  index: number;
  /** The entry's `type`, or '' when it has none. */
  type: string;
  uuid?: string;
  /** undefined when the field is absent, null when it is JSON null. */
  parentUuid?: string | null;
  isSidechain: boolean;
  raw: Record<string, unknown>;
  /**
   * What entries.ts's fact helpers found in `raw` (bit flags), kept because the chain and several rules ask each
   * entry the same questions; 0 or absent until one of them is asked. Only those helpers read or set it.
   */
  facts?: number;
  /** The assistant entry's `message.id` (null: none), set with `facts`. */
  messageId?: string | null;
}

export interface MessageView {
  role?: unknown;
  id?: string;
  model?: string;
  /** The message content as stored: a string, an array of blocks, or something malformed. */
  content: unknown;
}

export type Block = Record<string, unknown> & { type?: unknown };

export interface Origin {
  line: number;
  /** Index of the block in the entry's `message.content` (absent for string content and synthetic blocks). */
  blockIndex?: number;
  /** Set on blocks Claude Code makes up (placeholders, synthetic results, seams). */
  synthetic?: boolean;
}

export interface ApiBlock {
  block: Block;
  origin: Origin;
}

export type ApiRole = 'user' | 'assistant' | 'system';

export interface ApiMessage {
  role: ApiRole;
  blocks: ApiBlock[];
  /** The message is a single stored string (sent as a string, not as blocks). */
  stringContent: boolean;
  /** The entries this message was built from, in order. */
  entries: Entry[];
}

/** A change a client-side repair pass made to the request. */
export interface Repair {
  pass: string;
  description: string;
  origin: Origin;
}

export interface ApiView {
  /** What the file itself says, once the chain is walked and split parts regrouped: rules judge this. */
  merged: ApiMessage[];
  /** `merged` after the client's repair passes: what is sent (export prints this). */
  messages: ApiMessage[];
  repairs: Repair[];
}

export type LeafSource = 'last-prompt' | 'last-tip' | 'none';

export interface ChainStep {
  entry: Entry;
  /** How the walk reached the next (older) entry. */
  link?: 'parent' | 'preserved-segment' | 'bridged';
}

export interface Chain {
  /** Entries holding a uuid, keyed by uuid; the later line wins, as in Claude Code. */
  byUuid: Map<string, Entry>;
  /** Every entry per uuid, in file order (length > 1 means a duplicate uuid). */
  allByUuid: Map<string, Entry[]>;
  /** Children per parent uuid, by effective parent, in file order. */
  children: Map<string, Entry[]>;
  leaf?: Entry;
  leafSource: LeafSource;
  /** The leaf named by each `last-prompt` entry in file order (for resume-branch). */
  lastPromptLeaves: { entry: Entry; leafUuid: string; exists: boolean }[];
  /** The active chain, root first, as walked from the leaf (before parallel-part recovery). */
  walked: ChainStep[];
  /** The active chain after off-chain parts and results of split responses are spliced in, root first. */
  active: Entry[];
  /** Why the walk stopped at its root. */
  rootReason: 'null-parent' | 'compact-boundary' | 'dangling-parent' | 'cycle' | 'no-parent-field' | 'empty';
  /** The entry whose dangling parent truncated the history, if any. */
  truncatedAt?: Entry;
  /**
   * Entries whose parent was missing (or closed a loop): each was bridged to the entry before it in time, or is
   * where the history starts (truncatedAt) when no entry is close enough.
   */
  bridged: Entry[];
  /** A cycle met by the walk: the entry whose parent link closes the loop. */
  cycleAt?: Entry;
  /** The last compact boundary on the active chain, if the chain was cut there. */
  compactBoundary?: Entry;
  /** Effective parent of each entry after Claude Code's preserved-segment relinks. */
  parentOf(entry: Entry): string | null | undefined;
  /**
   * By entry index (Entry.index), when the chain keeps it: 1 for the entry that holds its uuid (no later line has
   * the same uuid), 0 for any other, including entries without a uuid. The answer of `byUuid.get(e.uuid) === e`.
   */
  live?: Uint8Array;
  /**
   * By entry index, when the chain keeps it: the index of the entry `byUuid` holds for the entry's stored
   * `parentUuid`, -1 when it is not a string or names no entry. The answer of `byUuid.get(e.parentUuid)`.
   */
  storedParent?: Int32Array;
  /** The same for the effective parent (`parentOf`, after preserved-segment relinks). */
  parentIndex?: Int32Array;
  /**
   * Whether Claude Code deletes the entry on load: it is before the last compact boundary with a preserved segment
   * and not preserved (applyPreservedSegmentRelinks). The walk does not bridge to such an entry.
   */
  pruned?: (e: Entry) => boolean;
  /**
   * Entries on the walk whose parent Claude Code deleted that way (pruned): the walk goes on from the nearest
   * ancestor that survives, and the deleted entries between are not sent.
   */
  prunedParent?: Entry[];
}

/** Where a finding is in a plain input's file. */
export interface FileLocation {
  line: number;
  /** JSON pointer into the document (document inputs) or into the line's message (JSONL). */
  pointer?: string;
}

/**
 * What a plain input (a Messages API request or a message list) tells beyond its messages: its container, the
 * request's own fields, and where things are in the file (its lines are keys for a JSON document).
 */
export interface PlainInput {
  readonly format: 'request' | 'messages';
  readonly container: 'document' | 'jsonl';
  /** The parsed document, for a document. */
  readonly document?: JsonDocument;
  /** The request object (request format, when the document is an object). */
  readonly request?: Record<string, unknown>;
  /** The line where the value at a document pointer starts. */
  lineOf(pointer: string): number;
  /** Where a finding at a line key (and a pointer into its message's entry) is in the file. */
  locate(key: number, entryPointer?: string): FileLocation;
  /** The index in the messages array of the message at a line key (documents), if it is one. */
  messageIndex(key: number): number | undefined;
}
