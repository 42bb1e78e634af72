// Another session's records in a Qwen Code session file: two sessions' files joined into one. Qwen Code 0.24.4
// refuses such a file ("Transcript records contain multiple session ids."). For `split`: the file's own session is
// the one its name says (`<sessionId>.jsonl`), else the first record's; every record line of another session moves
// to `<that sessionId>.jsonl` beside it, and a line that holds no record goes with the line before it.
import path from 'node:path';
import type { JoinedSessions, OtherSession } from '../types.js';
import type { QwenModel } from './model.js';
import { appendTo } from '../../model/arrays.js';

export function otherSessionsOf(filePath: string, model: QwenModel): JoinedSessions | undefined {
  const records = model.read.records;
  const ids = [...new Set(records.map((r) => r.sessionId))];
  if (ids.length < 2) return undefined;
  const named = path.basename(filePath, '.jsonl');
  const own = ids.includes(named) ? named : records[0]!.sessionId;
  const sessionOfLine = new Map<number, string>();
  for (const r of records) if (!sessionOfLine.has(r.line)) sessionOfLine.set(r.line, r.sessionId);
  const lines = new Map<string, number[]>();
  let previous = own;
  for (const line of model.file.lines) {
    const session = sessionOfLine.get(line.lineNo) ?? previous;
    previous = session;
    if (session === own) continue;
    appendTo(lines, session, line.lineNo);
  }
  const dir = path.dirname(filePath);
  const others: OtherSession[] = [...lines].map(([sessionId, moved]) => ({
    sessionId,
    lines: moved,
    to: path.join(dir, `${sessionId}.jsonl`),
  }));
  return others.length > 0 ? { own, others } : undefined;
}
