// Older copies of records appended after newer ones (a restored backup appended to the file, or copied over its
// end). Gemini CLI 0.61.0 never writes a message record or a `$set messages` snapshot twice with the same bytes (none
// in the recordings); its loader lets the later line win, so a repeated old copy replaces the newer record (a
// restored model record without its toolCalls leaves the stored response without its call), and a repeated
// `$set messages` snapshot drops every message loaded before it. A repeat counts only when the history the CLI
// loads differs from the one it loads without the repeats (a whole file appended to itself loads the same), and
// only when it loads no message fewer without them.
import type { SourceFile } from '../../loader/read-jsonl.js';
import { isObj, kindOf } from './records.js';
import { type GeminiSession, loadSession } from './session.js';

export interface StaleCopy {
  /** The line of the repeated copy. */
  line: number;
  /** The earlier line it repeats. */
  repeats: number;
  /** The record's id, or undefined for a `$set messages` snapshot. */
  id?: string;
}

const loaded = (s: GeminiSession): string => JSON.stringify(s.messages.map((m) => m.raw));

/** The repeated message records and snapshots that change what the CLI loads; [] when there are none. */
export function staleCopies(file: SourceFile, session: GeminiSession): StaleCopy[] {
  const first = new Map<string, number>();
  const repeats: StaleCopy[] = [];
  for (const line of file.lines) {
    const v = line.json;
    if (!v) continue;
    const kind = kindOf(v);
    const snapshot = kind === 'set' && isObj(v.$set) && Array.isArray(v.$set.messages);
    if (kind !== 'message' && !snapshot) continue;
    const key = JSON.stringify(v);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, line.lineNo);
    else
      repeats.push(
        kind === 'message'
          ? { line: line.lineNo, repeats: earlier, id: v.id as string }
          : { line: line.lineNo, repeats: earlier },
      );
  }
  if (repeats.length === 0) return [];
  const without = loadSession(file, new Set(repeats.map((r) => r.line)));
  if (loaded(without) === loaded(session)) return [];
  // Skipping the repeats must lose no message the CLI loads: a snapshot between them that is no byte copy (one that
  // another fix mended) then starts the history again without what the repeats after it hold (generated seed 74).
  const kept = new Set(without.messages.map((m) => m.id));
  return session.messages.every((m) => kept.has(m.id)) ? repeats : [];
}
