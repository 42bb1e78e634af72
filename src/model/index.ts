// TranscriptModel: one file's entries, chain and compiled request, each built on first use and then kept.
import type { SourceFile } from '../loader/read-jsonl.js';
import { type ApiView, compileRequest } from './api-view.js';
import { buildChain, type Chain } from './chain.js';
import { buildEntries, type Entry } from './entries.js';

export class TranscriptModel {
  private entriesCache?: Entry[];
  private chainCache?: Chain;
  private apiViewCache?: ApiView;
  private byLineCache?: Map<number, Entry>;

  constructor(readonly file: SourceFile) {}

  get entries(): Entry[] {
    this.entriesCache ??= buildEntries(this.file);
    return this.entriesCache;
  }

  entryAtLine(line: number): Entry | undefined {
    this.byLineCache ??= new Map(this.entries.map((e) => [e.line, e]));
    return this.byLineCache.get(line);
  }

  chain(): Chain {
    this.chainCache ??= buildChain(this.entries);
    return this.chainCache;
  }

  apiView(): ApiView {
    this.apiViewCache ??= compileRequest(this.chain());
    return this.apiViewCache;
  }
}
