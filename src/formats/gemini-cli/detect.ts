// Telling a Gemini CLI session file (0.61.0, JSONL) from its first lines: a header with `sessionId`, `projectHash`
// and `startTime`, `$set` metadata updates, and message records `{id, timestamp, type}` of the CLI's message types.
// Torn and garbage lines do not hide it; Claude Code entries (uuid), Codex records (payload) and Qwen Code records
// (uuid chain) have none of these shapes. The older single-JSON session (one document with the header's keys and a
// `messages` array) is not read: known-format names it.
import type { Sample } from '../sample.js';
import { isKeptLine } from './kept-line.js';
import { isObj, kindOf, MESSAGE_TYPES, type Obj } from './records.js';

const isHeader = (v: Obj): boolean =>
  kindOf(v) === 'header' && typeof v.startTime === 'string' && !Array.isArray(v.messages);
const isMessage = (v: Obj): boolean =>
  kindOf(v) === 'message' &&
  typeof v.type === 'string' &&
  MESSAGE_TYPES.has(v.type) &&
  typeof v.timestamp === 'string' &&
  !('uuid' in v) &&
  !('payload' in v);

/** Above Claude Code's 1, whose detection takes any line with a `type` of `user` for an entry. */
const SCORE = 2;

export function detectGemini(sample: Sample): number {
  let header = false;
  let ours = 0;
  let others = 0;
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const parsed = sample.parsedLine(i)!;
    // A line a fix kept (kept-line.ts) is neither the CLI's nor another format's.
    if (!parsed.ok || !isObj(parsed.value) || isKeptLine(parsed.value)) continue;
    const v = parsed.value;
    if (isHeader(v) && !('uuid' in v)) {
      if (ours === 0 && others === 0) header = true;
      ours++;
    } else if (isMessage(v) || (kindOf(v) === 'set' && Object.keys(v).length === 1) || kindOf(v) === 'rewind') ours++;
    else others++;
  }
  if (header && ours > others) return SCORE;
  // A file whose header is lost (torn, overwritten) still reads as one when its records are the CLI's.
  if (ours >= 2 && ours >= others * 2) return SCORE;
  return others === 0 && isTornHeader(sample.line(0)) ? SCORE : 0;
}

/**
 * A first line that is the start of the CLI's header, cut off (a crash while writing it, NUL bytes after it): it
 * opens with the `sessionId` key, which no other format's lines open with, and does not parse.
 */
function isTornHeader(line: string | undefined): boolean {
  return line !== undefined && /^\{"sessionId":"/.test(line.replace(/\u0000/g, '').trim());
}
