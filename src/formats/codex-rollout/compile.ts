// What `codex exec resume` (0.169.0) makes of a rollout before it sends anything: whether it gets that far (the
// checks that end the run with an error), the history it rebuilds from the records, and the request-only repairs of
// call/output pairing. Modelled on codex-rs rollout_reconstruction.rs and context_manager/normalize.rs as measured with
// the real Codex (test/oracle/codex, test/oracle/differential/codex).
import type { SourceFile } from '../../loader/read-jsonl.js';
import { decodeItem, isObj } from './decode.js';
import type { CodexRecord, Generation } from './records.js';
import { ANSWERED_BY, type CallType, HARNESS_TEXT, isCallType, isOutputType, type OutputType } from './shapes.js';
import { syntheticOutput } from './synthetic.js';

type Obj = Record<string, unknown>;

/** A response item of the history, and where it is stored. */
export interface HistoryItem {
  /** The item as stored (a `response_item` payload or an element of a replacement_history), never modified. */
  item: Obj;
  /** The record holding it; undefined for items Codex makes up. */
  record?: CodexRecord;
  /** Pointer to the item in its record's line. */
  pointer: string;
  /** Set on items Codex makes up: synthetic outputs, a legacy compaction's summary message. */
  synthetic?: 'output' | 'summary';
  /** For a synthetic output: the call it answers. */
  answers?: HistoryItem;
}

export type FatalCause =
  | 'meta-utf8'
  | 'utf8'
  | 'bom'
  | 'empty'
  | 'no-session-meta'
  | 'first-line'
  | 'not-first'
  | 'last-ordinal';

/** Why resume ends before sending a request: Codex's message (paths as <path>), and the line it is about. */
export interface Fatal {
  cause: FatalCause;
  message: string;
  line: number;
}

export interface CodexResume {
  fatal?: Fatal;
  /** The first session_meta record Codex reads (thread id and base instructions come from it). */
  sessionMeta?: CodexRecord;
  /** Whether that session_meta says `history_mode: "paginated"` (every record then carries an ordinal). */
  paginated: boolean;
  /** The history as Codex rebuilds it from the file, before its pairing repairs: what the file says. */
  history: HistoryItem[];
  /** The history after the pairing repairs: what is sent after the base instructions. */
  sent: HistoryItem[];
  /** Calls Codex answers with a synthetic output (in the request only). */
  aborted: HistoryItem[];
  /** Outputs Codex drops because no call of theirs is in the history. */
  orphans: HistoryItem[];
  /** A later session_meta that threw away the history before it. */
  restartedAt?: CodexRecord;
  /** The compacted record whose replacement_history the history starts from. */
  compactedAt?: CodexRecord;
  /** No turn_context (no world_state) Codex can read since the history last started: it re-injects the context. */
  noTurnContext: boolean;
  noWorldState: boolean;
  /** The history starts from a compacted record without replacement_history (Codex then re-sends the context). */
  legacyCompaction: boolean;
}

const MESSAGES: Record<FatalCause, string> = {
  'meta-utf8': 'failed to read session metadata <path>: stream did not contain valid UTF-8 (code -32603)',
  utf8: 'thread/resume failed: list_turns is not supported yet (code -32601)',
  bom: 'failed to read session metadata <path>: rollout at <path> does not start with session metadata (code -32603)',
  empty: 'failed to read session metadata <path>: rollout at <path> is empty (code -32603)',
  'no-session-meta':
    'failed to read session metadata <path>: rollout at <path> does not start with session metadata (code -32603)',
  'first-line':
    'failed to resume local thread recorder: failed to parse first rollout record at <path>: {{detail}} (code -32603)',
  'not-first':
    'failed to resume local thread recorder: rollout at <path> does not start with session metadata (code -32603)',
  'last-ordinal':
    'failed to resume local thread recorder: final paginated rollout record at <path> is missing an ordinal (code -32603)',
};

export function fatalMessage(cause: FatalCause, detail = ''): string {
  return MESSAGES[cause].replace('{{detail}}', detail);
}

/** A user message that starts a user turn: a prompt, not text Codex writes itself. */
export function isUserTurnStart(item: Obj): boolean {
  if (item.type !== 'message' || item.role !== 'user') return false;
  const content = Array.isArray(item.content) ? item.content : [];
  const first = content.find((c) => isObj(c) && c.type === 'input_text') as Obj | undefined;
  return !HARNESS_TEXT.test(typeof first?.text === 'string' ? first.text : '');
}

const decodes = (r: CodexRecord): boolean => r.error === undefined;
const hasOrdinal = (r: CodexRecord): boolean =>
  typeof r.raw.ordinal === 'number' && Number.isSafeInteger(r.raw.ordinal) && r.raw.ordinal >= 0;

const HEAD_TYPES = new Set(['session_meta', 'response_item', 'inter_agent_communication']);
const hasBadUtf8 = (l: SourceFile['lines'][number]): boolean => l.problems.some((p) => p.kind === 'utf8');

/**
 * Why resume stops, in the order Codex 0.169.0 checks (oracle: a torn character in the session_meta line, or in any
 * line before the first head record when a BOM spoils line 1, fails the session-metadata read; one anywhere else
 * fails list_turns, after the session-metadata checks: with a BOM, the BOM's message wins).
 */
function findFatal(file: SourceFile, records: readonly CodexRecord[], generation: Generation): Fatal | undefined {
  const readable = records.filter(decodes);
  // The session-metadata read: line by line up to the first record of HEAD_TYPES that decodes (a byte order mark
  // is the first line's first character to Codex's decoder: that line's session_meta does not decode). A line
  // that is not UTF-8 ends it with an error.
  const heads = new Map(readable.filter((r) => HEAD_TYPES.has(r.type)).map((r) => [r.line, r]));
  for (const line of file.lines) {
    if (hasBadUtf8(line)) return { cause: 'meta-utf8', message: fatalMessage('meta-utf8'), line: line.lineNo };
    if (heads.has(line.lineNo) && !(file.bom && line.lineNo === 1)) break;
  }
  if (file.bom) return { cause: 'bom', message: fatalMessage('bom'), line: 1 };
  if (generation === 'legacy' || readable.length === 0)
    return { cause: 'empty', message: fatalMessage('empty'), line: records[0]?.line ?? 1 };
  // The first of these that decodes must be the session_meta.
  const head = readable.find((r) => HEAD_TYPES.has(r.type));
  if (head?.type !== 'session_meta')
    return { cause: 'no-session-meta', message: fatalMessage('no-session-meta'), line: head?.line ?? 1 };
  // Then the whole file is read as UTF-8 (list_turns).
  const utf8 = file.lines.find(hasBadUtf8);
  if (utf8) return { cause: 'utf8', message: fatalMessage('utf8'), line: utf8.lineNo };
  // The recorder: the first non-empty line must parse as a record and be the session_meta.
  const first = file.lines.find((l) => !l.blank);
  if (first) {
    const parse = first.problems.find((p) => p.kind !== 'utf8');
    if (!first.json || parse)
      return {
        cause: 'first-line',
        message: fatalMessage('first-line', parse?.detail ?? 'expected value at line 1 column 1'),
        line: first.lineNo,
      };
    if (first.json.type !== 'session_meta')
      return { cause: 'not-first', message: fatalMessage('not-first'), line: first.lineNo };
  }
  const meta = head.payload as Obj;
  const last = readable[readable.length - 1]!;
  if (meta.history_mode === 'paginated' && !hasOrdinal(last))
    return { cause: 'last-ordinal', message: fatalMessage('last-ordinal'), line: last.line };
  return undefined;
}

/** Rebuilds the history (rollout_reconstruction), then repairs pairing as the request builder does (normalize). */
export function resumeOf(file: SourceFile, records: readonly CodexRecord[], generation: Generation): CodexResume {
  const fatal = findFatal(file, records, generation);
  let history: HistoryItem[] = [];
  let sessionMeta: CodexRecord | undefined;
  let restartedAt: CodexRecord | undefined;
  let compactedAt: CodexRecord | undefined;
  let turnContext = false;
  let worldState = false;
  let legacyCompaction = false;
  for (const r of records) {
    if (!decodes(r)) continue;
    const p = r.payload;
    switch (r.type) {
      case 'session_meta':
        if (!sessionMeta) sessionMeta = r;
        else {
          history = [];
          restartedAt = r;
          compactedAt = undefined;
          turnContext = false;
          worldState = false;
          legacyCompaction = false;
        }
        break;
      case 'response_item':
        if (!decodeItem(p).ok || (decodeItem(p) as { other?: boolean }).other) break;
        history.push({ item: p as Obj, record: r, pointer: r.payloadPointer });
        break;
      case 'compacted': {
        const c = p as Obj;
        compactedAt = r;
        legacyCompaction = !Array.isArray(c.replacement_history);
        if (Array.isArray(c.replacement_history)) {
          history = [];
          for (const [k, item] of c.replacement_history.entries()) {
            const d = decodeItem(item);
            if (d.ok && !d.other)
              history.push({ item: item as Obj, record: r, pointer: `/payload/replacement_history/${k}` });
          }
        } else {
          // A legacy compaction: every user prompt so far, then the summary as a user message; context re-injected.
          const summary: HistoryItem = {
            item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: c.message }] },
            record: r,
            pointer: '/payload/message',
            synthetic: 'summary',
          };
          history = [...history.filter((h) => isUserTurnStart(h.item)), summary];
          turnContext = false;
          worldState = false;
        }
        break;
      }
      case 'turn_context':
        turnContext = true;
        break;
      case 'world_state':
        worldState = true;
        break;
      case 'event_msg': {
        const e = p as Obj;
        if (e.type === 'thread_rolled_back' && typeof e.num_turns === 'number' && e.num_turns > 0) {
          const starts = history.flatMap((h, i) => (isUserTurnStart(h.item) ? [i] : []));
          if (starts.length >= e.num_turns) history = history.slice(0, starts[starts.length - e.num_turns]);
        }
        break;
      }
    }
  }
  const paginated = isObj(sessionMeta?.payload) && sessionMeta.payload.history_mode === 'paginated';
  const { sent, aborted, orphans } = normalize(history);
  return {
    fatal,
    sessionMeta,
    paginated,
    history,
    sent,
    aborted,
    orphans,
    restartedAt,
    compactedAt,
    noTurnContext: !turnContext,
    noWorldState: !worldState,
    legacyCompaction,
  };
}

const callIdOf = (item: Obj): string | undefined => (typeof item.call_id === 'string' ? item.call_id : undefined);

/** The call's answer in `history`: an output of the type that answers it, with its call_id, anywhere. */
function answeredKeys(history: readonly HistoryItem[]): Set<string> {
  const keys = new Set<string>();
  for (const h of history) {
    const id = callIdOf(h.item);
    if (isOutputType(h.item.type) && id !== undefined) keys.add(`${h.item.type}\u0000${id}`);
  }
  return keys;
}

/**
 * ensure_call_outputs_present, then remove_orphan_outputs: an unanswered call gets Codex's synthetic output right
 * after it; an output no call of its kind has is dropped (one without a call_id is kept, and sent without one).
 */
function normalize(history: readonly HistoryItem[]): Pick<CodexResume, 'sent' | 'aborted' | 'orphans'> {
  const answered = answeredKeys(history);
  const withOutputs: HistoryItem[] = [];
  const aborted: HistoryItem[] = [];
  for (const h of history) {
    withOutputs.push(h);
    const t = h.item.type;
    const id = callIdOf(h.item);
    if (!isCallType(t) || id === undefined) continue;
    if (answered.has(`${ANSWERED_BY.get(t)!.output}\u0000${id}`)) continue;
    aborted.push(h);
    withOutputs.push({ item: syntheticOutput(h.item), pointer: h.pointer, synthetic: 'output', answers: h });
  }
  const calls = new Map<OutputType, Set<string>>();
  for (const h of withOutputs) {
    const id = callIdOf(h.item);
    if (!isCallType(h.item.type) || id === undefined) continue;
    const out = ANSWERED_BY.get(h.item.type as CallType)!.output;
    let set = calls.get(out);
    if (!set) calls.set(out, (set = new Set()));
    set.add(id);
  }
  const sent: HistoryItem[] = [];
  const orphans: HistoryItem[] = [];
  for (const h of withOutputs) {
    const id = callIdOf(h.item);
    if (isOutputType(h.item.type) && id !== undefined && !calls.get(h.item.type)?.has(id)) orphans.push(h);
    else sent.push(h);
  }
  return { sent, aborted, orphans };
}
