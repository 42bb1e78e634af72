// What the openai/* rules read off a Chat Completions message, in the API's own terms (openai-python
// `chat_completion_*_message_param.py`, openai-openapi `ChatCompletionRequest*Message`): its role, its tool calls and
// the ids they carry, the function a call names. Values that are not what the schema says read as absent here; the
// rules about shapes (roles, content-shape, arguments-json) report them.

export type Json = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The roles of Chat Completions messages (`function` is the deprecated one). */
export const CHAT_ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'] as const;
/** The roles a supervised fine-tuning example's messages take (FineTuneChatRequestInput: no `developer`). */
export const FINETUNE_ROLES = ['system', 'user', 'assistant', 'tool', 'function'] as const;

export function roleOf(m: unknown): string | undefined {
  return isJsonObject(m) && typeof m.role === 'string' ? m.role : undefined;
}

export interface ToolCall {
  /** Its index in the message's `tool_calls`. */
  index: number;
  value: Json;
  id?: string;
  /** `function` for function calls, `custom` for custom tool calls. */
  type: string;
  /** The called function's (or custom tool's) name, when it is a string. */
  name?: string;
}

/** The tool calls of an assistant message (objects only), or [] when it has none. */
export function toolCallsOf(m: unknown): ToolCall[] {
  if (roleOf(m) !== 'assistant' || !Array.isArray((m as Json).tool_calls)) return [];
  const calls: ToolCall[] = [];
  ((m as Json).tool_calls as unknown[]).forEach((value, index) => {
    if (!isJsonObject(value)) return;
    const type = typeof value.type === 'string' ? value.type : 'function';
    const body = isJsonObject(value[type]) ? (value[type] as Json) : undefined;
    calls.push({
      index,
      value,
      id: typeof value.id === 'string' ? value.id : undefined,
      type,
      name: typeof body?.name === 'string' ? body.name : undefined,
    });
  });
  return calls;
}

/** Whether an assistant message calls tools (a non-empty `tool_calls`) or a function (`function_call`). */
export function makesCalls(m: unknown): boolean {
  if (roleOf(m) !== 'assistant') return false;
  const v = m as Json;
  return (Array.isArray(v.tool_calls) && v.tool_calls.length > 0) || isJsonObject(v.function_call);
}

/** The indexes of the tool messages that directly follow message i (the answers of its calls). */
export function answersAfter(messages: readonly unknown[], i: number): number[] {
  const out: number[] = [];
  for (let j = i + 1; j < messages.length && roleOf(messages[j]) === 'tool'; j++) out.push(j);
  return out;
}

/** The tool_call_id of a tool message, when it is a string. */
export function toolCallIdOf(m: unknown): string | undefined {
  return isJsonObject(m) && typeof m.tool_call_id === 'string' ? m.tool_call_id : undefined;
}

/** A value as the API's type errors name it: "a string", "an object", "null". */
export function describeJson(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (v === undefined) return 'missing';
  return typeof v === 'number' || typeof v === 'boolean' ? `a ${typeof v} (${String(v)})` : `a ${typeof v}`;
}

/** The function names a request declares: `tools[].function.name`, `tools[].custom.name`, `functions[].name`. */
export function declaredFunctions(request: Json | undefined): { tools?: Set<string>; functions?: Set<string> } {
  const out: { tools?: Set<string>; functions?: Set<string> } = {};
  if (Array.isArray(request?.tools)) {
    out.tools = new Set();
    for (const t of request.tools) {
      if (!isJsonObject(t)) continue;
      const type = typeof t.type === 'string' ? t.type : 'function';
      const body = t[type];
      if (isJsonObject(body) && typeof body.name === 'string') out.tools.add(body.name);
    }
  }
  if (Array.isArray(request?.functions)) {
    out.functions = new Set();
    for (const f of request.functions) if (isJsonObject(f) && typeof f.name === 'string') out.functions.add(f.name);
  }
  return out;
}

/** A key as an RFC 6901 pointer token. */
export function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
