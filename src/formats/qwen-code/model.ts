// The model of a Qwen Code session: its lines, the records Qwen Code 0.24.4 reads from them, the chain it resumes,
// and the history and chat messages it sends, each built on first use and then kept.
import type { SourceFile } from '../../loader/read-jsonl.js';
import type { FormatModel } from '../types.js';
import { type QwenChain, walkChain } from './chain.js';
import { type QwenHistory, resumedHistory } from './compile.js';
import { type ChatMessage, toOpenAIMessages } from './openai.js';
import { type QwenRecord, type ReadRecords, readRecords } from './records.js';
import { appendTo } from '../../model/arrays.js';

export class QwenModel implements FormatModel {
  private readCache?: ReadRecords;
  private chainCache?: QwenChain;
  private historyCache?: QwenHistory;
  private sentCache?: ChatMessage[];
  private childrenCache?: Map<string, QwenRecord[]>;

  constructor(readonly file: SourceFile) {}

  /** The records of every line, as Qwen reads and validates them. */
  get read(): ReadRecords {
    this.readCache ??= readRecords(this.file);
    return this.readCache;
  }

  /** The chain resume walks, from the last conversation record back. */
  chain(): QwenChain {
    this.chainCache ??= walkChain(this.read.records);
    return this.chainCache;
  }

  /** The Content history sent on resume (with Qwen's pairing repair), up to the new prompt. */
  history(): QwenHistory {
    this.historyCache ??= resumedHistory(this.chain().steps);
    return this.historyCache;
  }

  /** The records whose parentUuid is this uuid, in file order. */
  childrenOf(uuid: string): QwenRecord[] {
    if (!this.childrenCache) {
      this.childrenCache = new Map();
      for (const r of this.read.records) {
        if (r.parentUuid === null) continue;
        appendTo(this.childrenCache, r.parentUuid, r);
      }
    }
    return this.childrenCache.get(uuid) ?? [];
  }

  /** The chat messages sent on resume after the system message, up to the new prompt's own text. */
  sent(): ChatMessage[] {
    this.sentCache ??= toOpenAIMessages(this.history().contents);
    return this.sentCache;
  }
}
