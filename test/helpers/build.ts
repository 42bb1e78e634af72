// Terse builders for Claude Code-shaped transcripts in tests. Each chain entry hangs off the previous one unless a
// parent is given, so a test states only what matters to it. Line numbers are 1-based in the built text.
export type Json = Record<string, unknown>;

export const text = (t: string): Json => ({ type: 'text', text: t });
export const toolUse = (id: string, name = 'Bash', input: unknown = { command: 'true' }): Json => ({
  type: 'tool_use',
  id,
  name,
  input,
});
export const toolResult = (id: string, content: unknown = 'ok', isError = false): Json => ({
  tool_use_id: id,
  type: 'tool_result',
  content,
  is_error: isError,
});
export const thinking = (t = 'hmm', signature: string | undefined = 'sig'): Json =>
  signature === undefined ? { type: 'thinking', thinking: t } : { type: 'thinking', thinking: t, signature };
export const image = (data = 'aGVsbG8=', mediaType = 'image/png'): Json => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
});

export const SESSION = '11111111-2222-4333-8444-555555555555';

export interface EntryOptions {
  /** Parent uuid; null for a root; defaults to the previous chain entry. */
  parent?: string | null;
  uuid?: string;
  extra?: Json;
}

export class TranscriptBuilder {
  readonly lines: string[] = [];
  private counter = 0;
  private last: string | null = null;
  private clock = Date.UTC(2026, 10, 1, 12, 0, 0);

  /** The uuid of the most recent chain entry. */
  get lastUuid(): string | null {
    return this.last;
  }

  /** The 1-based line number the next entry will get. */
  get nextLine(): number {
    return this.lines.length + 1;
  }

  newUuid(): string {
    this.counter++;
    return `00000000-0000-4000-8000-${String(this.counter).padStart(12, '0')}`;
  }

  private chainEntry(type: string, body: Json, opts: EntryOptions): string {
    const uuid = opts.uuid ?? this.newUuid();
    const parentUuid = opts.parent === undefined ? this.last : opts.parent;
    this.clock += 1000;
    const entry = {
      parentUuid,
      isSidechain: false,
      type,
      ...body,
      uuid,
      timestamp: new Date(this.clock).toISOString(),
      sessionId: SESSION,
      cwd: '/tmp/project',
      version: '2.1.332',
      ...opts.extra,
    };
    this.lines.push(JSON.stringify(entry));
    this.last = uuid;
    return uuid;
  }

  user(content: string | Json[], opts: EntryOptions = {}): string {
    return this.chainEntry('user', { message: { role: 'user', content } }, opts);
  }

  /** One tool result entry, hanging off the assistant part holding the call unless told otherwise. */
  result(toolUseId: string, content: unknown = 'ok', opts: EntryOptions & { isError?: boolean } = {}): string {
    return this.user([toolResult(toolUseId, content, opts.isError ?? false)], opts);
  }

  /** One assistant entry (one part of a response when several share `id`). */
  assistant(content: Json[], opts: EntryOptions & { id?: string; requestId?: string } = {}): string {
    const id = opts.id ?? `msg_${String(this.counter + 1).padStart(4, '0')}`;
    const extra = { ...(opts.requestId ? { requestId: opts.requestId } : {}), ...opts.extra };
    return this.chainEntry(
      'assistant',
      {
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: 'claude-opus-5-5',
          content,
          stop_reason: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      },
      { ...opts, extra },
    );
  }

  attachment(attachment: Json, opts: EntryOptions & { rendered?: string[]; renderedRole?: string } = {}): string {
    const body: Json = { attachment };
    if (opts.rendered) body.rendered = opts.rendered.map((content) => ({ content }));
    if (opts.renderedRole) body.renderedRole = opts.renderedRole;
    return this.chainEntry('attachment', body, opts);
  }

  compactBoundary(opts: EntryOptions & { logicalParent?: string } = {}): string {
    return this.chainEntry(
      'system',
      {
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        logicalParentUuid: opts.logicalParent ?? this.last,
        compactMetadata: { trigger: 'manual', preTokens: 10 },
      },
      { ...opts, parent: opts.parent === undefined ? null : opts.parent },
    );
  }

  compactSummary(
    summary = 'This session is being continued from a previous conversation. Summary: ...',
    opts: EntryOptions = {},
  ): string {
    return this.user(summary, {
      ...opts,
      extra: { isCompactSummary: true, isVisibleInTranscriptOnly: true, ...opts.extra },
    });
  }

  lastPrompt(leafUuid: string | null = this.last, lastPrompt = 'prompt'): void {
    this.lines.push(JSON.stringify({ type: 'last-prompt', lastPrompt, leafUuid, sessionId: SESSION }));
  }

  /** Any line, as an object (serialised) or as raw text. */
  raw(line: Json | string): void {
    this.lines.push(typeof line === 'string' ? line : JSON.stringify(line));
  }

  /** Re-parent the chain: the next entry hangs off `uuid`. */
  from(uuid: string | null): this {
    this.last = uuid;
    return this;
  }

  toString(): string {
    return this.lines.join('\n') + '\n';
  }
}

export const transcript = (): TranscriptBuilder => new TranscriptBuilder();

/** A parsed entry as tests edit it. */
export type EditableEntry = Record<string, any>;

/**
 * The text with some lines changed (a function edits the parsed entry) or deleted (null), written the way --fix
 * writes an edited line (JSON.stringify, key order kept); other lines stay as they are.
 */
export function fixed(source: string, changes: Record<number, ((e: EditableEntry) => void) | null>): string {
  const lines = source.endsWith('\n') ? source.slice(0, -1).split('\n') : source.split('\n');
  const out: string[] = [];
  lines.forEach((line, i) => {
    const change = changes[i + 1];
    if (change === null) return;
    if (change === undefined) {
      out.push(line);
      return;
    }
    const entry = JSON.parse(line) as EditableEntry;
    change(entry);
    out.push(JSON.stringify(entry));
  });
  return out.join('\n') + '\n';
}

/** The uuid of the entry on a 1-based line. */
export const uuidAt = (source: string, line: number): string =>
  (JSON.parse(source.split('\n')[line - 1]!) as EditableEntry).uuid as string;
