// The vocabulary of a Codex CLI 0.169.0 rollout: its record types, the response-item types and the parts they hold,
// which calls are answered by which outputs, and the fixed texts Codex writes. Names as Codex's own decoder and
// serialiser use them (the 0.169.0 decoder's own error messages).

/** Record types the 0.169.0 decoder accepts (its "unknown variant" error lists exactly these). */
export const RECORD_TYPES: ReadonlySet<string> = new Set([
  'session_meta',
  'dynamic_tools_updated',
  'response_item',
  'inter_agent_communication',
  'inter_agent_communication_metadata',
  'compacted',
  'turn_context',
  'token_usage_record',
  'world_state',
  'retained_context',
  'security_risk_score',
  'event_msg',
  'realtime_item',
]);

/**
 * Response-item types Codex knows. Any other type decodes as `Other` (serde(other)) and is never sent. For each, the
 * payload keys Codex serialises into a request, in its order; anything else in the payload stays in the file.
 * A type without a key list (the rarer variants) is sent with every key but the internal passthrough.
 */
export const ITEM_KEYS: ReadonlyMap<string, readonly string[] | undefined> = new Map<
  string,
  readonly string[] | undefined
>([
  ['message', ['type', 'status', 'id', 'role', 'content', 'phase', 'end_turn']],
  ['reasoning', ['type', 'id', 'summary', 'content', 'encrypted_content']],
  ['local_shell_call', ['type', 'id', 'call_id', 'status', 'action']],
  ['function_call', ['type', 'status', 'id', 'name', 'namespace', 'arguments', 'encrypted_function_args', 'call_id']],
  ['function_call_output', ['type', 'id', 'call_id', 'name', 'namespace', 'output']],
  ['custom_tool_call', ['type', 'id', 'status', 'call_id', 'name', 'namespace', 'input']],
  ['custom_tool_call_output', ['type', 'id', 'call_id', 'name', 'output']],
  ['tool_search_call', ['type', 'id', 'call_id', 'status', 'execution', 'arguments']],
  ['tool_search_output', ['type', 'id', 'call_id', 'status', 'execution', 'tools']],
  ['web_search_call', ['type', 'id', 'status', 'action']],
  ['image_generation_call', ['type', 'id', 'status', 'revised_prompt', 'result']],
  ['compaction', ['type', 'id', 'encrypted_content']],
  ['compaction_summary', ['type', 'id', 'encrypted_content']],
  ['context_compaction', undefined],
  ['agent_message', undefined],
  ['additional_tools', undefined],
  ['configuration_update', undefined],
  ['compaction_trigger', undefined],
]);

/** The payload key Codex keeps in the file and never sends. */
export const PASSTHROUGH_KEY = 'internal_chat_message_metadata_passthrough';

/** Message content part types (ContentItem). */
export const CONTENT_TYPES: ReadonlySet<string> = new Set(['input_text', 'input_image', 'input_audio', 'output_text']);
/** Parts of a tool output given as an array (FunctionCallOutputBody's content items). */
export const OUTPUT_PART_TYPES: ReadonlySet<string> = new Set(['input_text', 'input_image']);
export const REASONING_CONTENT_TYPES: ReadonlySet<string> = new Set(['reasoning_text', 'text']);
export const LOCAL_SHELL_STATUSES: ReadonlySet<string> = new Set(['completed', 'in_progress', 'incomplete']);

export type CallType = 'function_call' | 'local_shell_call' | 'custom_tool_call' | 'tool_search_call';
export type OutputType = 'function_call_output' | 'custom_tool_call_output' | 'tool_search_output';

/** Each call type, the output type that answers it, and the id prefix of the synthetic output Codex makes for it. */
export const ANSWERED_BY: ReadonlyMap<CallType, { output: OutputType; prefix: string }> = new Map([
  ['function_call', { output: 'function_call_output', prefix: 'fco' }],
  ['local_shell_call', { output: 'function_call_output', prefix: 'fco' }],
  ['custom_tool_call', { output: 'custom_tool_call_output', prefix: 'ctco' }],
  ['tool_search_call', { output: 'tool_search_output', prefix: 'tso' }],
] as [CallType, { output: OutputType; prefix: string }][]);

export const isCallType = (t: unknown): t is CallType => typeof t === 'string' && ANSWERED_BY.has(t as CallType);
export const isOutputType = (t: unknown): t is OutputType =>
  t === 'function_call_output' || t === 'custom_tool_call_output' || t === 'tool_search_output';

/** The call types an output type answers. */
export function callTypesAnsweredBy(output: OutputType): CallType[] {
  return [...ANSWERED_BY].filter(([, a]) => a.output === output).map(([c]) => c);
}

/** What a compaction's summary message starts with (codex-rs SUMMARY_PREFIX, as 0.169.0 wrote it). */
export const SUMMARY_PREFIX =
  'Another language model started to solve this problem and produced a summary of its thinking process. You also have ' +
  'access to the state of the tools that were used by that language model. Use this to build on the work that has ' +
  'already been done and avoid duplicating work. Here is the summary produced by the other language model, use the ' +
  'information in this summary to assist with your own analysis:\n';

/** The output text of the synthetic output Codex puts after an unanswered call (in the request only). */
export const ABORTED_OUTPUT = 'aborted';

/** The record-level key that marks a record a transcript-lint fix wrote or changed (Codex ignores unknown keys). */
export const CODEX_MARKER_FIELD = 'transcript_lint';

/**
 * User text Codex writes itself (context, notices), not a prompt: a user turn starts at a user message that is none
 * of these (codex-rs is_user_turn_boundary, as the rollback and legacy compaction count turns).
 */
export const HARNESS_TEXT = /^\s*(?:<environment_context>|<turn_aborted>|# AGENTS\.md|<[a-z_]+>)/;

/** Responses API limits that concern a stored session (the API's own 400s). */
export const API_LIMITS = {
  /** Longest string of any input field. */
  stringChars: 10_485_760,
  /** Longest function name, and its pattern. */
  nameChars: 64,
  namePattern: /^[a-zA-Z0-9_-]+$/,
  /** Longest call_id. */
  callIdChars: 64,
  /** Per image, per request (bytes; the docs' "20MB" and "50 MB", read as decimal megabytes), images per request. */
  imageBytes: 20_000_000,
  requestImageBytes: 50_000_000,
  images: 500,
} as const;

/** What Codex 0.169.0 keeps of a tool output in the prompt: 12,000 tokens at 4 bytes each, middle-truncated. */
export const TOOL_OUTPUT_BUDGET_BYTES = 48_000;
