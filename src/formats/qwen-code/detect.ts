// Recognising a Qwen Code session from its first lines: records `{uuid, parentUuid, sessionId, type, …}` whose
// message is in Gemini's `parts` shape, or of Qwen's own types and fields (`tool_result`, `provenance`,
// `systemPayload`, `toolCallResult`). Claude Code's entries share the identity keys but hold `message.content`
// and none of these, so a Claude Code session is never claimed. A line too damaged to parse counts when it starts
// the way Qwen writes a record (`{"uuid":…,"parentUuid":…,"sessionId":`). The score is 2, above the 1 of the Claude Code format that the identity keys alone would pick.
import { isKeptLine } from './kept-line.js';
import { isObj } from './lines.js';
import type { Sample } from '../sample.js';

export const QWEN_SCORE = 2;

/** How Qwen writes every record: compact, `uuid` first and `parentUuid` second (Claude Code's start otherwise). */
const QWEN_RECORD_START = /^\{"uuid":"[^"]*","parentUuid":(?:null|"[^"]*"),"sessionId":/;

/** A record with Qwen's own marks (not only the identity keys Claude Code's entries share). */
export function isQwenRecord(v: Record<string, unknown>): boolean {
  if (typeof v.uuid !== 'string' || typeof v.sessionId !== 'string' || !Object.hasOwn(v, 'parentUuid')) return false;
  if (v.type === 'tool_result') return true;
  if (isObj(v.message)) return Array.isArray(v.message.parts) && !Object.hasOwn(v.message, 'content');
  return (
    typeof v.type === 'string' &&
    (Object.hasOwn(v, 'provenance') || Object.hasOwn(v, 'systemPayload') || Object.hasOwn(v, 'toolCallResult'))
  );
}

export function detectQwen(sample: Sample): number {
  let records = 0;
  let others = 0;
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const parsed = sample.parsedLine(i)!;
    if (parsed.ok) {
      if (!isObj(parsed.value)) continue;
      // A line a fix kept (kept-line.ts) is neither Qwen's nor another format's, unless the text it keeps is a Qwen
      // record's start (a file whose only record was torn, kept by qwen/valid-jsonl).
      if (isKeptLine(parsed.value)) {
        const kept = parsed.value.text;
        if (typeof kept === 'string' && QWEN_RECORD_START.test(kept.replace(/^[\u0000\s]+/, ''))) records++;
        continue;
      }
      // A Claude Code entry (its message has `content`) says the file is not Qwen's.
      const message = parsed.value.message;
      if (isObj(message) && Object.hasOwn(message, 'content')) return 0;
      if (isQwenRecord(parsed.value)) records++;
      else others++;
    } else if (QWEN_RECORD_START.test((sample.lineText(i) ?? sample.line(i)!).replace(/^[\u0000\s]+/, ''))) {
      records++;
    }
  }
  return records > 0 && records >= others ? QWEN_SCORE : 0;
}
