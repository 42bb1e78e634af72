// The model of a Copilot CLI session file: its lines (as Copilot splits them), its events, the session folder it
// lives in and what lies beside it, how its damaged lines can be repaired, and the request Copilot compiles from it.
// Each part is built on first use and then kept.
import type { SourceFile, SourceLine } from '../../loader/read-jsonl.js';
import type { ApiMessage } from '../../model/types.js';
import type { FormatModel } from '../types.js';
import { compileMessages, type Pairing, pairCalls } from './compile.js';
import { buildEvents, type CopilotEvent } from './events.js';
import { type Framing, frameLines } from './framing.js';
import { lineText } from './lines.js';
import type { Sidecar } from './sidecar.js';
import { appendTo } from '../../model/arrays.js';

export class CopilotModel implements FormatModel {
  private eventsCache?: CopilotEvent[];
  private byLineCache?: Map<number, CopilotEvent>;
  private byIdCache?: Map<string, CopilotEvent[]>;
  private framingCache?: Map<number, Framing>;
  private messagesCache?: ApiMessage[];
  private pairings = new Map<string, Pairing>();

  /**
   * @param file the lines, split on "\n" only
   * @param sidecar the session folder's other files, when the file is a session's events.jsonl
   */
  constructor(
    readonly file: SourceFile,
    readonly sidecar: Sidecar | undefined,
  ) {}

  /** The session's id as Copilot resumes it: its folder's name (undefined when the file is not in a session folder). */
  get folder(): string | undefined {
    return this.sidecar?.folder;
  }

  get events(): CopilotEvent[] {
    this.eventsCache ??= buildEvents(this.file);
    return this.eventsCache;
  }

  eventAtLine(line: number): CopilotEvent | undefined {
    this.byLineCache ??= new Map(this.events.map((e) => [e.line, e]));
    return this.byLineCache.get(line);
  }

  /** The events holding each id, in file order. */
  eventsWithId(id: string): readonly CopilotEvent[] {
    if (!this.byIdCache) {
      this.byIdCache = new Map();
      for (const e of this.events) {
        if (e.id === undefined) continue;
        appendTo(this.byIdCache, e.id, e);
      }
    }
    return this.byIdCache.get(id) ?? [];
  }

  /** The line's text (invalid UTF-8 as U+FFFD). */
  text(line: SourceLine | number): string {
    const l = typeof line === 'number' ? this.file.lines[line - 1] : line;
    return l ? lineText(l.bytes) : '';
  }

  /** How each line that is not one readable event can be repaired (lines that are fine are not in it). */
  framing(): ReadonlyMap<number, Framing> {
    this.framingCache ??= frameLines(this.file);
    return this.framingCache;
  }

  /** The events of one agent (undefined: the main agent, with the session's own events), in file order. */
  eventsOf(agentId: string | undefined): CopilotEvent[] {
    return this.events.filter((e) => e.agentId === agentId);
  }

  /** Which completion each request of an agent is paired with, as Copilot pairs them on resume. */
  pairing(agentId: string | undefined): Pairing {
    const key = agentId ?? '';
    let p = this.pairings.get(key);
    if (!p) {
      // A subagent's calls end at the session's resumes too.
      const events = this.events.filter((e) => e.agentId === agentId || (e.type === 'session.resume' && !e.agentId));
      p = pairCalls(events);
      this.pairings.set(key, p);
    }
    return p;
  }

  /** The messages Copilot sends when it resumes the session (before its new prompt). */
  messages(): ApiMessage[] {
    this.messagesCache ??= compileMessages(this.eventsOf(undefined));
    return this.messagesCache;
  }
}
