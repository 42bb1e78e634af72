// The model of a Codex CLI rollout: its lines, its records (with what Codex's decoder makes of each), what its file
// name says, and what resume rebuilds from it, each built on first use and then kept.
import type { SourceFile } from '../../loader/read-jsonl.js';
import type { FormatModel } from '../types.js';
import { type RolloutName, rolloutName } from './file-name.js';
import { buildRecords, type CodexRecord, type Generation, generationOf } from './records.js';
import { type Recovery, recoverLine, recoverSplit, recoveredRecords } from './recover.js';

const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
import { restoredRecord } from './repairs.js';
import { recordError } from './decode.js';
import { type CodexResume, resumeOf } from './compile.js';
import { isObj } from './decode.js';
import { isCallType, isOutputType } from './shapes.js';
import { ofUnknownTurn } from './turns.js';

export class CodexModel implements FormatModel {
  readonly generation: Generation;
  readonly name?: RolloutName;
  private recordsCache?: CodexRecord[];
  private byLineCache?: Map<number, CodexRecord>;
  private resumeCache?: CodexResume;
  private restoredCache?: CodexResume;

  constructor(readonly file: SourceFile) {
    this.generation = generationOf(file);
    this.name = rolloutName(file.path);
  }

  get records(): CodexRecord[] {
    this.recordsCache ??= buildRecords(this.file, this.generation);
    return this.recordsCache;
  }

  recordAt(line: number): CodexRecord | undefined {
    this.byLineCache ??= new Map(this.records.map((r) => [r.line, r]));
    return this.byLineCache.get(line);
  }

  /** What `codex exec resume` makes of the file. */
  resume(): CodexResume {
    this.resumeCache ??= resumeOf(this.file, this.records, this.generation);
    return this.resumeCache;
  }

  /**
   * The resume as it will be once the repairs of the rules are written: a record some fix brings back (a numeric
   * string ordinal, an object as arguments, a line without its NUL bytes...) reads as repaired. The pairing rules
   * judge this, so that a call whose output is coming back is not answered twice.
   */
  restoredResume(): CodexResume {
    if (this.restoredCache) return this.restoredCache;
    const records: CodexRecord[] = [];
    let previous: CodexRecord | undefined;
    const lines = this.file.lines;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const r = this.recordAt(line.lineNo);
      if (r) {
        const fixed = restoredRecord(r, previous, true);
        records.push(fixed ? this.reread(r.line, fixed) : r);
        previous = r;
        continue;
      }
      const split = recoverSplit(line, lines[i + 1]);
      const recovery = split ?? recoverLine(line);
      if (split) i++;
      if (recovery)
        for (const { record } of this.recoveredRecords(recovery)) records.push(this.reread(line.lineNo, record));
    }
    this.restoredCache = resumeOf({ ...this.file, bom: false, lines: [] }, records, this.generation);
    return this.restoredCache;
  }

  /**
   * The records a damaged line gives back (recover.ts recoveredRecords), but for an inner record that is no news: a
   * copy of a whole line of the file, or another session's session_meta (a second session_meta makes Codex start the
   * history again there). Two writers at once write such lines (differential seed 13: another session's
   * session_meta and a copy of one of the file's own lines, each written inside a record); Codex skips the damaged
   * lines and resumed that file with nothing lost, so putting those records back only adds a doubled item or a
   * second session. Nor another session's record that Codex would send: one naming only turns no record of the file
   * names (differential seed 128: put back, another session's custom_tool_call was sent as this session's), but an
   * output no call of the file has, which Codex drops (seed 15: test/formats/codex-split-record.test.ts).
   */
  recoveredRecords(recovery: Recovery): { text: string; record: Record<string, unknown> }[] {
    const all = recoveredRecords(recovery);
    // A copy after a torn write and NUL bytes is not put back (codex/valid-jsonl keeps that line whole), nor another
    // session's session_meta after a torn write (differential seed 528: Codex skipped it and resumed this session).
    if (recovery.kind === 'after-torn')
      return (recovery.nul && this.lineHolding(recovery.text) !== undefined) || this.foreignMeta(recovery.record)
        ? []
        : all;
    if (recovery.kind !== 'split' && recovery.kind !== 'interleaved') return all;
    const inner = recovery.inner;
    const foreignMeta = this.foreignMeta(inner.record, recovery.outer.record);
    const copy = () => this.lineHolding(inner.text) !== undefined;
    return foreignMeta || copy() || this.sentFromOtherSession(inner.record) ? all.filter((r) => r !== inner) : all;
  }

  /**
   * The session this file is: its first readable session_meta's id, else the file name's uuid, else the id of the
   * session_meta `outer` (the record a damaged line starts with; differential seed 551: the file's own session_meta,
   * with another session's written inside it, is the only one).
   */
  ownSessionId(outer?: Record<string, unknown>): string | undefined {
    const idOf = (raw: Record<string, unknown> | undefined): string | undefined =>
      raw?.type === 'session_meta' && isObj(raw.payload) && typeof raw.payload.id === 'string'
        ? raw.payload.id.toLowerCase()
        : undefined;
    return idOf(this.records.find((r) => r.type === 'session_meta')?.raw) ?? this.name?.uuid ?? idOf(outer);
  }

  /** Whether the record is a session_meta of another session than the file's own (ownSessionId). */
  foreignMeta(record: Record<string, unknown>, outer?: Record<string, unknown>): boolean {
    if (record.type !== 'session_meta' || !isObj(record.payload) || typeof record.payload.id !== 'string') return false;
    const own = this.ownSessionId(outer);
    return own !== undefined && record.payload.id.toLowerCase() !== own;
  }

  /** The first line that is a record whose text (without its line end) is `text`, byte for byte. */
  lineHolding(text: string): number | undefined {
    return this.file.lines.find((l) => l.json && lenient.decode(l.bytes).replace(/\r?\n$/, '') === text)?.lineNo;
  }

  /** Whether the record is another session's (turns.ts ofUnknownTurn) and Codex would send it if it were put back. */
  private sentFromOtherSession(record: Record<string, unknown>): boolean {
    if (record.type !== 'response_item' || !ofUnknownTurn(this, record)) return false;
    const item = record.payload as Record<string, unknown> | undefined;
    if (!isOutputType(item?.type)) return true;
    return this.records.some(
      (r) =>
        r.type === 'response_item' &&
        isObj(r.payload) &&
        isCallType(r.payload.type) &&
        r.payload.call_id === item?.call_id,
    );
  }

  private reread(line: number, raw: Record<string, unknown>): CodexRecord {
    const legacy = this.generation === 'legacy';
    const type = legacy ? 'response_item' : typeof raw.type === 'string' ? raw.type : '';
    const error = recordError(legacy ? { timestamp: '', type, payload: raw } : raw);
    return {
      line,
      index: -1,
      raw,
      type,
      payload: legacy ? raw : raw.payload,
      payloadPointer: legacy ? '' : '/payload',
      error,
    };
  }

  /** Whether every record is to carry an ordinal: the session_meta says paginated, or a record carries one. */
  get ordinals(): boolean {
    return this.resume().paginated || this.records.some((r) => r.raw.ordinal !== undefined);
  }
}
