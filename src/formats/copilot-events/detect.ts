// Recognising a Copilot CLI events.jsonl from its first lines: JSON objects with Copilot's envelope (`type` a dotted
// name such as "session.start", `data` an object, `id`, `timestamp`), or lines too damaged to parse that still begin
// the way Copilot writes an event (`{"type":"session.start","data":{`). A line with Claude Code's own fields, or a
// message-list or request shape, is not Copilot's: such a file is never claimed. The score is 2, above the 1 of the
// Anthropic formats, because Copilot's session.start holds a `sessionId` that a Claude Code sniff of a damaged line
// would take for its own; an empty (or NUL-only) file is Copilot's only when it is named events.jsonl.
import { hasClaudeCodeEvidence } from '../claude-code-evidence.js';
import { KEPT_LINE_TYPE } from '../../fixer/kept-bytes.js';
import type { Sample } from '../sample.js';
import { EVENTS_FILE } from './sidecar.js';

const EVENT_TYPE = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/;
/** How Copilot's serialisation starts every event: the type first, then the data. */
const EVENT_TEXT = /^\{"type":"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+","data":[{n]/;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function isCopilotEvent(v: Record<string, unknown>): boolean {
  return (
    typeof v.type === 'string' &&
    EVENT_TYPE.test(v.type) &&
    Object.hasOwn(v, 'data') &&
    (Object.hasOwn(v, 'id') || Object.hasOwn(v, 'timestamp') || Object.hasOwn(v, 'parentId')) &&
    !Object.hasOwn(v, 'payload') &&
    !Object.hasOwn(v, 'message')
  );
}

export const COPILOT_SCORE = 2;

export function detectCopilot(sample: Sample): number {
  let events = 0;
  let others = 0;
  let kept = 0;
  for (let i = 0; sample.line(i) !== undefined; i++) {
    const text = sample.line(i)!;
    const parsed = sample.parsedLine(i)!;
    if (parsed.ok) {
      if (!isObject(parsed.value)) continue;
      if (hasClaudeCodeEvidence(parsed.value) || Object.hasOwn(parsed.value, 'role')) return 0;
      if (parsed.value.type === KEPT_LINE_TYPE) kept++;
      else if (isCopilotEvent(parsed.value)) events++;
      else others++;
    } else if (EVENT_TEXT.test(text.replace(/^[\u0000\s]+/, ''))) {
      events++;
    }
  }
  if (events > 0 && events >= others) return COPILOT_SCORE;
  if (events === 0 && others === 0 && sample.name === EVENTS_FILE && onlyNulOrSpace(sample.data)) return COPILOT_SCORE;
  // Only lines an earlier fix kept (other formats write them too), in a file named as Copilot names its own
  // (differential seed 539: this session's start cut off, the rest another session's, which `split` moved out).
  if (events === 0 && others === 0 && kept > 0 && sample.name === EVENTS_FILE) return COPILOT_SCORE;
  return 0;
}

function onlyNulOrSpace(data: Uint8Array): boolean {
  for (const b of data.subarray(0, 64 * 1024))
    if (b !== 0 && b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  return true;
}
