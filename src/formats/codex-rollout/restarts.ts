// What a repeated session_meta (the session's own id, mid-file) costs on resume: Codex 0.169.0 starts the history
// again at each one, so the items before it are sent only when the lines after it hold them again (a restored
// backup of the file's first lines; differential seeds 168 and 171 resumed with nothing lost, seed 82 lost its
// compaction).
import { resumeOf } from './compile.js';
import type { HistoryItem } from './compile.js';
import { isObj } from './decode.js';
import { otherSessionsOf } from './joined-sessions.js';
import { isOutputType } from './shapes.js';
import type { CodexModel } from './model.js';

const cache = new WeakMap<CodexModel, HistoryItem[]>();

/**
 * The history items that resume holds just before a repeated session_meta and does not send in the end, compared by
 * their stored JSON: empty when every item each one throws away comes back after it.
 */
export function historyLostToRestarts(model: CodexModel): HistoryItem[] {
  const known = cache.get(model);
  if (known) return known;
  const metas = model.records.filter((r) => r.type === 'session_meta');
  const id = isObj(metas[0]?.payload) ? metas[0].payload.id : undefined;
  const repeated = metas.slice(1).filter((r) => isObj(r.payload) && r.payload.id === id);
  const sent = new Set(model.resume().history.map((h) => JSON.stringify(h.item)));
  const answers = new Set(model.resume().sent.flatMap((h) => answerKey(h.item) ?? []));
  // Another writer's lines (joined-sessions.ts) are no history of this session to lose (differential seed 633).
  const others = new Set(otherSessionsOf(model.file.path, model)?.others.flatMap((o) => o.lines) ?? []);
  const lost: HistoryItem[] = [];
  for (const meta of repeated) {
    const before = model.records.filter((r) => r.line < meta.line);
    for (const h of resumeOf(model.file, before, model.generation).history) {
      if (sent.has(JSON.stringify(h.item)) || (h.record && others.has(h.record.line))) continue;
      const key = answerKey(h.item);
      if (key === undefined || !answers.has(key)) lost.push(h);
    }
  }
  cache.set(model, lost);
  return lost;
}

/**
 * The history items resume holds just before `line` (another session's session_meta joined into the file) and does
 * not send in the end: empty when a later session_meta of the file's own session starts the history again and the
 * lines after it hold all of it (differential seed 574: a restored backup after another session, resumed with
 * nothing lost).
 */
export function historyLostBefore(model: CodexModel, line: number): HistoryItem[] {
  const sent = new Set(model.resume().history.map((h) => JSON.stringify(h.item)));
  const before = model.records.filter((r) => r.line < line);
  return resumeOf(model.file, before, model.generation).history.filter((h) => !sent.has(JSON.stringify(h.item)));
}

/**
 * A tool output as the model reads it: its type, call_id and content, without its item id and Codex's metadata. An
 * output the history throws away is not lost when the request answers its call with the same content (differential
 * seed 639: a tool_search_output with no tools, and the synthetic one Codex sends for the call after the restart,
 * also with none).
 */
function answerKey(item: unknown): string | undefined {
  if (!isObj(item) || !isOutputType(item.type)) return undefined;
  const { id: _id, internal_chat_message_metadata_passthrough: _meta, ...rest } = item;
  return JSON.stringify(
    Object.keys(rest)
      .sort()
      .map((k) => [k, rest[k]]),
  );
}
