// TranscriptModel: one file's entries, chain and compiled request, each built on first use and then kept.
// A Claude Code session is modelled from its JSONL entries; a plain input (a Messages API request or a message list,
// see loader/input.ts) from its messages, with no client-side repair, so the same request-view rules run on both.
import { type FileLocation, type InputFormat, type LoadedInput, type InputOptions, loadInput, type PlainSource } from '../loader/input.js';
import type { SourceFile } from '../loader/read-jsonl.js';
import { type ApiView, compileRequest } from './api-view.js';
import { buildChain, type Chain } from './chain.js';
import { buildEntries, type Entry } from './entries.js';
import { buildPlainEntries, compilePlainRequest, linearChain } from './plain.js';

export class TranscriptModel {
  private entriesCache?: Entry[];
  private chainCache?: Chain;
  private apiViewCache?: ApiView;
  private byLineCache?: Map<number, Entry>;

  /**
   * @param file the lines to model (for a JSON document, its virtual lines: see loader/input.ts)
   * @param plain set for a plain Messages API input (request or message list)
   */
  constructor(
    readonly file: SourceFile,
    readonly plain?: PlainSource,
  ) {}

  /** Loads an input of any format (detected unless given) and models it. */
  static fromBytes(path: string, data: Uint8Array, options: InputOptions = {}): TranscriptModel {
    return TranscriptModel.fromInput(loadInput(path, data, options));
  }

  static fromInput(input: LoadedInput): TranscriptModel {
    return new TranscriptModel(input.file, input.plain);
  }

  get inputFormat(): InputFormat {
    return this.plain?.format ?? 'claude-code';
  }

  get entries(): Entry[] {
    this.entriesCache ??= this.plain ? buildPlainEntries(this.file, this.plain) : buildEntries(this.file);
    return this.entriesCache;
  }

  entryAtLine(line: number): Entry | undefined {
    this.byLineCache ??= new Map(this.entries.map((e) => [e.line, e]));
    return this.byLineCache.get(line);
  }

  chain(): Chain {
    this.chainCache ??= this.plain ? linearChain(this.entries) : buildChain(this.entries);
    return this.chainCache;
  }

  apiView(): ApiView {
    this.apiViewCache ??= this.plain ? compilePlainRequest(this.entries) : compileRequest(this.chain());
    return this.apiViewCache;
  }

  /**
   * Where a line of the model (and a pointer into its entry) is in the real file. The identity for Claude Code
   * sessions; for a JSON document, model lines are keys (one per message) that map to the line where the message
   * (or the value at the pointer) starts.
   */
  locate(line: number, pointer?: string): FileLocation {
    if (!this.plain) return pointer === undefined ? { line } : { line, pointer };
    return this.plain.locate(line, pointer);
  }

  /** Whether a model line is a message (not a document's shell, not a line that is no message). */
  messageIndexAt(line: number): number | undefined {
    if (!this.plain) return undefined;
    if (this.plain.container === 'jsonl') return this.entryAtLine(line) ? line : undefined;
    return this.plain.messageIndex(line);
  }

  /**
   * The real line of a model line (or of a block of its message), for messages that name another line ("already
   * used on line N").
   */
  displayLine(line: number, blockIndex?: number): number {
    if (!this.plain) return line;
    return this.plain.locate(line, blockIndex === undefined ? undefined : `/message/content/${blockIndex}`).line;
  }
}
