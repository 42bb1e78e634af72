// The model of a Cline or Roo Code task history: the JSON array as a plain message list (plain/source.ts: one
// virtual line per message, positions of every value), whose compiled request depends on the target. For the tool's
// own target (`cline`, `roo`) it is what the tool sends (compile-cline.ts, compile-roo.ts), so the api target's
// rules judge what reaches the API and the history's own rules read the repairs the tool made on the way; for `api`
// and `bedrock` it is the file as it is, as for any message list.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { TranscriptModel } from '../../model/index.js';
import type { Entry } from '../../model/types.js';
import { buildPlainEntries, compilePlainRequest, linearChain } from '../plain/model.js';
import type { PlainSource } from '../plain/source.js';
import type { Flavour } from './detect.js';
import { clineSendPath } from './compile-cline.js';
import type { SendPath } from './compile.js';
import { rooSendPath, type StoredItem } from './compile-roo.js';

export class TaskHistoryModel extends TranscriptModel {
  private sendCache?: SendPath | null;

  /**
   * @param flavour which tool wrote the file
   * @param target the target the file is judged for: the send path of `cline` or `roo`, else the file as it is
   */
  private constructor(
    file: SourceFile,
    readonly source: PlainSource,
    readonly flavour: Flavour,
    readonly target: string,
    holder: { model?: TaskHistoryModel },
  ) {
    super(
      file,
      {
        format: flavour,
        buildEntries: (f) => buildPlainEntries(f, source),
        buildChain: linearChain,
        compile: (_chain, entries) => holder.model!.sendPath()?.view ?? compilePlainRequest(entries),
      },
      source,
    );
  }

  static create(source: PlainSource, flavour: Flavour, target: string): TaskHistoryModel {
    const holder: { model?: TaskHistoryModel } = {};
    holder.model = new TaskHistoryModel(source.virtualFile!, source, flavour, target, holder);
    return holder.model;
  }

  /** What the tool sends and what it changed on the way; undefined when the file is judged as it is. */
  sendPath(): SendPath | undefined {
    if (this.sendCache === undefined) {
      if (this.target === 'cline') this.sendCache = clineSendPath(this.entries);
      else if (this.target === 'roo') this.sendCache = rooSendPath(this.storedItems());
      else this.sendCache = null;
    }
    return this.sendCache ?? undefined;
  }

  /** The stored message at a line key, as the file holds it. */
  storedMessage(line: number): Record<string, unknown> | undefined {
    const i = this.source.messageIndex(line);
    const m = i === undefined ? undefined : this.source.messages?.[i];
    return m !== null && typeof m === 'object' && !Array.isArray(m) ? (m as Record<string, unknown>) : undefined;
  }

  /** Every object element of the array (Roo's role-less reasoning items too), with its entry when it is a message. */
  private storedItems(): StoredItem[] {
    const items: StoredItem[] = [];
    (this.source.messages ?? []).forEach((raw, i) => {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return;
      const line = this.source.messageKey(i);
      const entry: Entry | undefined = this.entryAtLine(line);
      items.push({ raw: raw as Record<string, unknown>, line, entry });
    });
    return items;
  }
}
