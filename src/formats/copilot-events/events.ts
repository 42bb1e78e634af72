// The events of an events.jsonl: every line that is one JSON object, read defensively (the object is never changed,
// and any field may be missing or of the wrong type). The envelope is `{type, data, id, timestamp, parentId}`, plus
// `agentId` on a subagent's events (a line Copilot cannot read is no event); the checks of its fields are the ones Copilot CLI 1.0.102's loader makes.
import type { SourceFile } from '../../loader/read-jsonl.js';

export interface CopilotEvent {
  /** 1-based line in the file. */
  line: number;
  /** Position among the file's events. */
  index: number;
  raw: Record<string, unknown>;
  /** The `type`, or '' when it is not a string. */
  type: string;
  /** The `id`, when it is a string. */
  id?: string;
  /** Whether the `parentId` key is present (its absence is fatal for Copilot). */
  hasParentId: boolean;
  /** The `parentId` as written (a string, null, or something else). */
  parentId: unknown;
  /** The `data`, when it is an object. */
  data?: Record<string, unknown>;
  /** The subagent the event belongs to; absent for the main agent's and the session's own events. */
  agentId?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export function buildEvents(file: SourceFile): CopilotEvent[] {
  const events: CopilotEvent[] = [];
  for (const line of file.lines) {
    const raw = line.json;
    // Copilot drops a line with invalid UTF-8 whole, though a lenient decoder could read it.
    if (!raw || line.problems.length > 0) continue;
    events.push({
      line: line.lineNo,
      index: events.length,
      raw,
      type: typeof raw.type === 'string' ? raw.type : '',
      id: typeof raw.id === 'string' ? raw.id : undefined,
      hasParentId: Object.hasOwn(raw, 'parentId'),
      parentId: raw.parentId,
      data: isObject(raw.data) ? raw.data : undefined,
      agentId: typeof raw.agentId === 'string' ? raw.agentId : undefined,
    });
  }
  return events;
}

/** What Copilot takes for a UUID: 8-4-4-4-12 hex digits. */
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** An ISO 8601 date-time with seconds and a timezone offset, as Copilot's loader requires (RFC 3339). */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export function isTimestamp(v: unknown): v is string {
  return typeof v === 'string' && TIMESTAMP.test(v) && !Number.isNaN(Date.parse(v));
}

export function stringField(e: CopilotEvent, key: string): string | undefined {
  const v = e.data?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** The tool requests of an assistant.message, when they are an array (entries that are not objects are left out). */
export function toolRequestsOf(e: CopilotEvent): { index: number; request: Record<string, unknown> }[] {
  if (e.type !== 'assistant.message') return [];
  const list = e.data?.toolRequests;
  if (!Array.isArray(list)) return [];
  const out: { index: number; request: Record<string, unknown> }[] = [];
  list.forEach((request, index) => {
    if (isObject(request)) out.push({ index, request });
  });
  return out;
}

/** The toolCallId a tool event (start, complete, subagent.*) names, when it is a string. */
export function toolCallIdOf(e: CopilotEvent): string | undefined {
  return stringField(e, 'toolCallId');
}

export { isObject };

/**
 * The assistant.message of `e`'s agent that `e` follows in its turn: the nearest one before it, unless a user.message
 * or session.resume of that agent comes between (a new turn).
 */
export function turnRequestOf(events: readonly CopilotEvent[], e: CopilotEvent): CopilotEvent | undefined {
  for (let i = e.index - 1; i >= 0; i--) {
    const x = events[i]!;
    if (x.agentId !== e.agentId) continue;
    if (x.type === 'assistant.message') return x;
    if (x.type === 'user.message' || x.type === 'session.resume') return undefined;
  }
  return undefined;
}
